/**
 * CMS users: create, change, delete, reissue the access code, and the ERP operators' search of
 * the link. A user linked to an ERP operator takes first_name, last_name, cellulare and email
 * from the operator (SPEC §5). The password is stored as a scrypt hash and never answered.
 */
import { sql } from "drizzle-orm";
import { type UtenteCmsFields, validateUtenteCms } from "../../../../src/domain/cms";
import type { OperatoreErp, UtenteCms, UtenteCmsData } from "../../../../src/domain/contracts/cms/utenti";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy, type ServiceContext } from "../../../lib/context";
import { notFound, validationError } from "../../../lib/errors";
import { runList } from "../../../lib/list";
import { hashPassword } from "../../../lib/passwords";
import type { AuthUser } from "../../../lib/tokens";
import { CONTENT_TYPES, isUniqueViolation, UTENTE_LABELS, UTENTE_NON_TROVATO } from "../cms-fields";
import { nuovoCodiceAccesso } from "./codice-accesso";
import { utentiCmsList } from "./utenti.list";

export const OPERATORE_GIA_COLLEGATO = "Questo operatore è già collegato a un altro utente CMS";
export const OPERATORE_NON_TROVATO = "Operatore non trovato";

interface UtenteDbRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  cellulare: string;
  tipologia_id: string;
  attivo: boolean;
  operatore_id: number | null;
  codice_accesso: string;
}

type UtenteState = Omit<UtenteDbRow, "id" | "codice_accesso"> & { password: string };

async function findRow(ex: Executor, id: number, lock = false): Promise<UtenteDbRow | undefined> {
  return queryOne<UtenteDbRow>(
    ex,
    sql`SELECT id, first_name, last_name, email, cellulare, tipologia_id, attivo, operatore_id, codice_accesso
          FROM cms_utenti WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
}

/** The user as a row of the list (the answer of every write). */
export async function getUtenteCms(ctx: ServiceContext, id: number): Promise<UtenteCms> {
  const { results } = await runList(
    ctx.db,
    utentiCmsList,
    { page_size: "1", id: String(id) },
    // The reader's permissions decide whether the access code is shown whole (issue 30 item 4).
    { user: { permissions: [...ctx.actor.permissions] } as AuthUser, params: {} },
  );
  const row = results.find((r) => Number(r.id) === id);
  if (!row) throw notFound(UTENTE_NON_TROVATO);
  return row as unknown as UtenteCms;
}

const stateOf = (r: UtenteDbRow): UtenteState => ({
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  cellulare: r.cellulare,
  tipologia_id: r.tipologia_id,
  attivo: r.attivo,
  operatore_id: r.operatore_id === null ? null : Number(r.operatore_id),
  password: "",
});

const EMPTY: UtenteState = {
  first_name: "",
  last_name: "",
  email: "",
  cellulare: "",
  tipologia_id: "",
  attivo: true,
  operatore_id: null,
  password: "",
};

/** The body on the stored user, the operator's data when linked, the SPEC's checks. */
async function prepare(ex: Executor, before: UtenteState | null, data: UtenteCmsData, selfId = 0) {
  const after: UtenteState = { ...(before ?? EMPTY), password: "" };
  for (const k of ["first_name", "last_name", "email", "cellulare"] as const) {
    const v = data[k];
    if (v !== undefined) after[k] = v ?? "";
  }
  if (data.tipologia !== undefined) after.tipologia_id = data.tipologia ?? "";
  if (data.attivo !== undefined && data.attivo !== null) after.attivo = data.attivo;
  if (data.utente_erp !== undefined) after.operatore_id = data.utente_erp;
  if (data.password) after.password = data.password;
  const errors = validateUtenteCms({ ...after, utente_erp: after.operatore_id } satisfies UtenteCmsFields);
  if (after.tipologia_id && !errors.tipologia) {
    const t = await queryOne(ex, sql`SELECT 1 FROM tipi_utente_cms WHERE id = ${after.tipologia_id}`);
    if (!t) errors.tipologia = "Tipologia non valida";
  }
  if (after.operatore_id !== null) {
    const op = await queryOne<{ nome: string; cognome: string; cellulare: string; email: string }>(
      ex,
      sql`SELECT nome, cognome, cellulare, email FROM operatori WHERE id = ${after.operatore_id}`,
    );
    if (!op) errors.utente_erp = OPERATORE_NON_TROVATO;
    else {
      Object.assign(after, { first_name: op.nome, last_name: op.cognome, cellulare: op.cellulare, email: op.email });
      after.password = "";
      const other = await queryOne(
        ex,
        sql`SELECT 1 FROM cms_utenti WHERE operatore_id = ${after.operatore_id} AND id <> ${selfId}`,
      );
      if (other) errors.utente_erp = OPERATORE_GIA_COLLEGATO;
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return after;
}

const forLog = (s: UtenteState) => ({ ...s, password: s.password ? "(impostata)" : "" });

async function guarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw validationError({ utente_erp: OPERATORE_GIA_COLLEGATO });
    throw e;
  }
}

export async function createUtenteCms(ctx: AppContext, data: UtenteCmsData): Promise<UtenteCms> {
  const after = await prepare(ctx.db, null, data);
  const hash = after.password ? await hashPassword(after.password, ctx.config.scryptN) : null;
  const id = await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const codice = await freeCode(tx);
      const row = await queryOne<{ id: number }>(
        tx,
        sql`INSERT INTO cms_utenti (first_name, last_name, email, cellulare, password_hash, tipologia_id, attivo,
                                    operatore_id, codice_accesso, creato_il)
            VALUES (${after.first_name}, ${after.last_name}, ${after.email}, ${after.cellulare}, ${hash},
                    ${after.tipologia_id}, ${after.attivo}, ${after.operatore_id}, ${codice}, ${ctx.clock()})
            RETURNING id`,
      );
      const newId = Number(row?.id);
      await writeAudit(tx, {
        azione: AZIONI.create,
        contentType: CONTENT_TYPES.utente,
        objectId: newId,
        ...auditBy(ctx.actor),
        note: `${after.first_name} ${after.last_name}`.trim(),
        changeLog: changeLog(null, forLog(after), UTENTE_LABELS),
      });
      return newId;
    }),
  );
  return getUtenteCms(ctx, id);
}

/** A code no user holds (drawn again on the rare collision). */
async function freeCode(tx: Executor): Promise<string> {
  for (;;) {
    const codice = nuovoCodiceAccesso();
    const taken = await queryOne(tx, sql`SELECT 1 FROM cms_utenti WHERE codice_accesso = ${codice}`);
    if (!taken) return codice;
  }
}

export async function updateUtenteCms(ctx: AppContext, id: number, data: UtenteCmsData): Promise<UtenteCms> {
  const current = await findRow(ctx.db, id);
  if (!current) throw notFound(UTENTE_NON_TROVATO);
  const after = await prepare(ctx.db, stateOf(current), data, id);
  const hash = after.password ? await hashPassword(after.password, ctx.config.scryptN) : null;
  await guarded(() =>
    ctx.db.transaction(async (tx) => {
      const locked = await findRow(tx, id, true);
      if (!locked) throw notFound(UTENTE_NON_TROVATO);
      const lines = changeLog(forLog(stateOf(locked)), forLog(after), UTENTE_LABELS);
      if (lines.length === 0) return;
      // A user linked to an operator signs in with the access code only: the password goes.
      const password = after.operatore_id !== null ? sql`NULL` : hash ? sql`${hash}` : sql`password_hash`;
      await tx.execute(
        sql`UPDATE cms_utenti SET first_name = ${after.first_name}, last_name = ${after.last_name}, email = ${after.email},
                   cellulare = ${after.cellulare}, tipologia_id = ${after.tipologia_id}, attivo = ${after.attivo},
                   operatore_id = ${after.operatore_id}, password_hash = ${password}
             WHERE id = ${id}`,
      );
      if (!after.attivo)
        await tx.execute(
          sql`UPDATE cms_app_tokens SET revoked_at = ${ctx.clock()} WHERE utente_id = ${id} AND revoked_at IS NULL`,
        );
      await writeAudit(tx, {
        azione: AZIONI.update,
        contentType: CONTENT_TYPES.utente,
        objectId: id,
        ...auditBy(ctx.actor),
        note: `${after.first_name} ${after.last_name}`.trim(),
        changeLog: lines,
      });
    }),
  );
  return getUtenteCms(ctx, id);
}

export async function deleteUtenteCms(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    if (!row) throw notFound(UTENTE_NON_TROVATO);
    await tx.execute(sql`DELETE FROM cms_utenti WHERE id = ${id}`);
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: CONTENT_TYPES.utente,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${row.first_name} ${row.last_name}`.trim(),
      changeLog: changeLog(forLog(stateOf(row)), null, UTENTE_LABELS),
    });
  });
}

/** A new access code: the old one stops working, and so do the counting app's sessions opened with it. */
export async function reissueCodiceAccesso(ctx: AppContext, id: number): Promise<{ codice_accesso: string }> {
  return ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    if (!row) throw notFound(UTENTE_NON_TROVATO);
    const codice = await freeCode(tx);
    await tx.execute(sql`UPDATE cms_utenti SET codice_accesso = ${codice} WHERE id = ${id}`);
    await tx.execute(
      sql`UPDATE cms_app_tokens SET revoked_at = ${ctx.clock()} WHERE utente_id = ${id} AND revoked_at IS NULL`,
    );
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: CONTENT_TYPES.utente,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${row.first_name} ${row.last_name}`.trim(),
      changeLog: ["Codice accesso: rigenerato"],
    });
    return { codice_accesso: codice };
  });
}

/** ERP operators matching every word of `global` (name, surname, code, mobile, e-mail); active ones first. */
export async function cercaOperatoriErp(ex: Executor, global: string, limit: number) {
  const words = global.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  const cond = words.length
    ? sql.join(
        words.map((w) => {
          const p = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          return sql`(o.cognome ILIKE ${p} OR o.nome ILIKE ${p} OR o.codice ILIKE ${p} OR o.cellulare ILIKE ${p} OR o.email ILIKE ${p})`;
        }),
        sql` AND `,
      )
    : sql`TRUE`;
  const rows = await queryRows<OperatoreErp & { n: number }>(
    ex,
    sql`SELECT o.id, o.codice, o.nome, o.cognome, o.cellulare, o.email, count(*) OVER ()::int AS n
          FROM operatori o
         WHERE ${cond} AND NOT o.anonimizzato
         ORDER BY o.attivo DESC, lower(o.cognome), lower(o.nome), o.id
         LIMIT ${limit}`,
  );
  return {
    results: rows.map(({ n: _n, ...r }) => ({ ...r, id: Number(r.id) })),
    count: rows.length ? Number(rows[0].n) : 0,
    page: 1,
  };
}
