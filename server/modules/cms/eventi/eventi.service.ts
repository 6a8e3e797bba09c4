/**
 * Events: the record (with its viewers, stewards, gates, thresholds and devices) and its audited
 * writes. SQL by hand (the CMS has no drizzle schema file). Every write is one transaction with
 * its audit entry; a 400 is decided before the transaction, so it writes nothing.
 */
import { sql } from "drizzle-orm";
import { type EventoFields, SOGLIE_PREDEFINITE, validateEvento } from "../../../../src/domain/cms";
import type { Evento, EventoData } from "../../../../src/domain/contracts/cms/eventi";
import type { UtenteRef } from "../../../../src/domain/contracts/cms/fields";
import { parseInstant } from "../../../../src/domain/instant";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { listChildren, type ReadContext } from "../../../lib/crud";
import { notFound, validationError } from "../../../lib/errors";
import { CONTENT_TYPES, EVENTO_LABELS, EVENTO_NON_TROVATO, merge } from "../cms-fields";
import { dispositivi, varchi } from "./eventi-righe.crud";

interface EventoDbRow {
  id: number;
  titolo: string;
  descrizione: string;
  indirizzo: string;
  citta: string;
  prov: string;
  data_inizio: string;
  data_fine: string;
  contatore: boolean;
  abilitato: boolean;
  soglia_attenzione: number;
  soglia_massima: number;
  created_at: string;
  updated_at: string;
}

/** The stored event as the form sees it, with its linked users' ids. */
type EventoState = EventoFields & {
  contatore: boolean;
  abilitato: boolean;
  visualizzatori: number[];
  addetti: number[];
};

const iso = (v: string | Date) => new Date(v).toISOString();

async function findRow(ex: Executor, id: number, lock = false): Promise<EventoDbRow | undefined> {
  return queryOne<EventoDbRow>(
    ex,
    sql`SELECT id, titolo, descrizione, indirizzo, citta, prov, data_inizio, data_fine, contatore, abilitato,
               soglia_attenzione, soglia_massima, created_at, updated_at
          FROM cms_eventi WHERE id = ${id}${lock ? sql` FOR UPDATE` : sql``}`,
  );
}

async function linkedUsers(ex: Executor, id: number): Promise<(UtenteRef & { tipologia_id: string })[]> {
  const rows = await queryRows<UtenteRef & { tipologia_id: string }>(
    ex,
    sql`SELECT u.id, u.first_name, u.last_name, u.tipologia_id
          FROM cms_eventi_utenti eu JOIN cms_utenti u ON u.id = eu.utente_id
         WHERE eu.evento_id = ${id} ORDER BY lower(u.last_name), lower(u.first_name), u.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** Viewers are the linked users of type V (Visualizzatore); every other linked user is a steward. */
function splitLinked(rows: (UtenteRef & { tipologia_id: string })[]) {
  const ref = ({ id, first_name, last_name }: UtenteRef) => ({ id, first_name, last_name });
  return {
    visualizzatori: rows.filter((r) => r.tipologia_id === "V").map(ref),
    addetti: rows.filter((r) => r.tipologia_id !== "V").map(ref),
  };
}

function stateOf(row: EventoDbRow, linked: (UtenteRef & { tipologia_id: string })[]): EventoState {
  const s = splitLinked(linked);
  return {
    titolo: row.titolo,
    descrizione: row.descrizione,
    indirizzo: row.indirizzo,
    citta: row.citta,
    prov: row.prov,
    data_inizio: iso(row.data_inizio),
    data_fine: iso(row.data_fine),
    contatore: row.contatore,
    abilitato: row.abilitato,
    soglia_attenzione: row.soglia_attenzione,
    soglia_massima: row.soglia_massima,
    visualizzatori: s.visualizzatori.map((u) => u.id),
    addetti: s.addetti.map((u) => u.id),
  };
}

export async function loadEvento(read: ReadContext, id: number): Promise<Evento | undefined> {
  const row = await findRow(read.db, id);
  if (!row) return undefined;
  const [linked, varchiRows, dispositiviRows] = await Promise.all([
    linkedUsers(read.db, id),
    listChildren(read, varchi, id),
    listChildren(read, dispositivi, id),
  ]);
  return {
    id: Number(row.id),
    ...stateOf(row, linked),
    ...splitLinked(linked),
    varchi: varchiRows as Evento["varchi"],
    dispositivi: dispositiviRows as Evento["dispositivi"],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export async function getEvento(read: ReadContext, id: number): Promise<Evento> {
  const e = await loadEvento(read, id);
  if (!e) throw notFound(EVENTO_NON_TROVATO);
  return e;
}

const EMPTY: EventoState = {
  titolo: "",
  descrizione: "",
  indirizzo: "",
  citta: "",
  prov: "",
  data_inizio: "",
  data_fine: "",
  contatore: false,
  abilitato: true,
  soglia_attenzione: SOGLIE_PREDEFINITE.attenzione,
  soglia_massima: SOGLIE_PREDEFINITE.massima,
  visualizzatori: [],
  addetti: [],
};

/** The body merged onto the stored event, checked (the SPEC's required fields, the users linked exist). */
async function prepare(ex: Executor, before: EventoState | null, data: EventoData): Promise<EventoState> {
  const after = merge(before ?? EMPTY, data as Record<string, unknown>);
  if (data.contatore === null) after.contatore = before?.contatore ?? false;
  if (data.abilitato === null) after.abilitato = before?.abilitato ?? true;
  after.prov = after.prov.toUpperCase();
  after.visualizzatori = [...new Set(after.visualizzatori)];
  after.addetti = [...new Set(after.addetti)];
  const errors = validateEvento(after);
  const ids = [...new Set([...after.visualizzatori, ...after.addetti])];
  if (ids.length) {
    const found = await queryRows<{ id: number; tipologia_id: string }>(
      ex,
      sql`SELECT id, tipologia_id FROM cms_utenti WHERE id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    const tipo = new Map(found.map((r) => [Number(r.id), r.tipologia_id]));
    if (after.visualizzatori.some((i) => tipo.get(i) !== "V"))
      errors.visualizzatori = "Scegli solo utenti CMS di tipo Visualizzatore";
    if (after.addetti.some((i) => !tipo.has(i) || tipo.get(i) === "V"))
      errors.addetti = "Scegli solo utenti CMS che non siano visualizzatori";
  }
  if (Object.keys(errors).length) throw validationError(errors);
  // Instants as ISO, so the change log compares like with like.
  after.data_inizio = new Date(parseInstant(after.data_inizio) as number).toISOString();
  after.data_fine = new Date(parseInstant(after.data_fine) as number).toISOString();
  return after;
}

async function writeLinks(tx: Executor, id: number, users: number[]) {
  await tx.execute(sql`DELETE FROM cms_eventi_utenti WHERE evento_id = ${id}`);
  if (users.length)
    await tx.execute(
      sql`INSERT INTO cms_eventi_utenti (evento_id, utente_id) VALUES ${sql.join(
        users.map((u) => sql`(${id}, ${u})`),
        sql`, `,
      )}`,
    );
}

const names = async (ex: Executor, ids: number[]) =>
  ids.length
    ? (
        await queryRows<{ n: string }>(
          ex,
          sql`SELECT trim(first_name || ' ' || last_name) AS n FROM cms_utenti WHERE id IN (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )}) ORDER BY 1`,
        )
      ).map((r) => r.n)
    : [];

async function forLog(ex: Executor, s: EventoState) {
  return { ...s, visualizzatori: await names(ex, s.visualizzatori), addetti: await names(ex, s.addetti) };
}

export async function createEvento(ctx: AppContext, data: EventoData): Promise<Evento> {
  const after = await prepare(ctx.db, null, data);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO cms_eventi (titolo, descrizione, indirizzo, citta, prov, data_inizio, data_fine, contatore, abilitato,
                                  soglia_attenzione, soglia_massima, created_at, updated_at)
          VALUES (${after.titolo}, ${after.descrizione}, ${after.indirizzo}, ${after.citta}, ${after.prov},
                  ${after.data_inizio}::timestamptz, ${after.data_fine}::timestamptz, ${after.contatore}, ${after.abilitato},
                  ${after.soglia_attenzione}, ${after.soglia_massima}, ${ctx.clock()}, ${ctx.clock()})
          RETURNING id`,
    );
    const newId = Number(row?.id);
    await writeLinks(tx, newId, [...after.visualizzatori, ...after.addetti]);
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: CONTENT_TYPES.evento,
      objectId: newId,
      ...auditBy(ctx.actor),
      note: after.titolo,
      changeLog: changeLog(null, await forLog(tx, after), EVENTO_LABELS),
    });
    return newId;
  });
  return getEvento(ctx, id);
}

export async function updateEvento(ctx: AppContext, id: number, data: EventoData): Promise<Evento> {
  const current = await findRow(ctx.db, id);
  if (!current) throw notFound(EVENTO_NON_TROVATO);
  const after = await prepare(ctx.db, stateOf(current, await linkedUsers(ctx.db, id)), data);
  await ctx.db.transaction(async (tx) => {
    const locked = await findRow(tx, id, true);
    if (!locked) throw notFound(EVENTO_NON_TROVATO);
    const before = stateOf(locked, await linkedUsers(tx, id));
    const lines = changeLog(await forLog(tx, before), await forLog(tx, after), EVENTO_LABELS);
    if (lines.length === 0) return;
    await tx.execute(
      sql`UPDATE cms_eventi SET titolo = ${after.titolo}, descrizione = ${after.descrizione}, indirizzo = ${after.indirizzo},
                 citta = ${after.citta}, prov = ${after.prov}, data_inizio = ${after.data_inizio}::timestamptz,
                 data_fine = ${after.data_fine}::timestamptz, contatore = ${after.contatore}, abilitato = ${after.abilitato},
                 soglia_attenzione = ${after.soglia_attenzione}, soglia_massima = ${after.soglia_massima},
                 updated_at = ${ctx.clock()}
           WHERE id = ${id}`,
    );
    const links = [...after.visualizzatori, ...after.addetti];
    const beforeLinks = [...before.visualizzatori, ...before.addetti];
    if (JSON.stringify([...links].sort()) !== JSON.stringify([...beforeLinks].sort())) await writeLinks(tx, id, links);
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: CONTENT_TYPES.evento,
      objectId: id,
      ...auditBy(ctx.actor),
      note: after.titolo,
      changeLog: lines,
    });
  });
  return getEvento(ctx, id);
}

export async function deleteEvento(ctx: AppContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    if (!row) throw notFound(EVENTO_NON_TROVATO);
    await tx.execute(sql`DELETE FROM cms_eventi WHERE id = ${id}`);
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: CONTENT_TYPES.evento,
      objectId: id,
      ...auditBy(ctx.actor),
      note: row.titolo,
      changeLog: changeLog(await forLog(tx, stateOf(row, [])), null, EVENTO_LABELS),
    });
  });
}
