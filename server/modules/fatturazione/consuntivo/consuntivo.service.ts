/**
 * The Consuntivo's writes (issue 35 item 1): a correction of an assignment's worked times, with a
 * reason, kept beside the earlier figures (fatturazione_rettifiche is append-only); the approval of
 * a contract's month, which writes its approved hours by band (fatturazione_ore, read by invoices).
 * A correction of an approved month is a derogation: it needs erp_contratti_deroghe and an explicit
 * `deroga`, is marked as such and rewrites that assignment's approved hours. Approval and
 * corrections of one contract take the same transaction lock, so an approval never misses a
 * correction committed beside it.
 */
import { sql } from "drizzle-orm";
import {
  type ApprovazioneData,
  type ConsuntivoStato,
  MESE_APPROVATO,
  type RettificaData,
  type RettificaOut,
  TURNI_APERTI,
} from "../../../../src/domain/contracts/fatturazione/consuntivo";
import { CAPABILITIES, hasAny } from "../../../../src/domain/permissions";
import { instantToRome } from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { conflict, HttpError, notFound } from "../../../lib/errors";
import { runList } from "../../../lib/list";
import { consuntivoList, primoDelMese } from "./consuntivo.list";

export const CONTRATTO_NON_TROVATO = "Contratto non trovato";
export const ASSEGNAZIONE_NON_TROVATA = "Assegnazione non trovata";
export const DEROGA_CONSUNTIVO_NON_CONSENTITA =
  "Non disponi del permesso di derogare: il mese è approvato (erp_contratti_deroghe)";
const GIA_APPROVATO = "Il mese è già approvato";

/** Corrections and approval of one contract, one at a time (PostgreSQL; PGlite has one connection). */
const lockContratto = (tx: Executor, contratto: number) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(${hashConsuntivo}, ${contratto}::int)`);
/** The advisory lock's class: a constant of this module (its first key). */
const hashConsuntivo = 9035;

const romeText = (iso: string) => {
  const r = instantToRome(Date.parse(iso));
  return `${r.day} ${r.time}`;
};
/** A PostgreSQL tstzrange[] literal of instants (validated ISO 8601 strings: no quotes inside). */
const rangeArray = (ps: { inizio: string; fine: string }[]) =>
  `{${ps.map((p) => `"[${p.inizio},${p.fine})"`).join(",")}}`;
const periodiText = (ps: { inizio: string; fine: string }[]) =>
  ps.map((p) => `${romeText(p.inizio)}–${romeText(p.fine)}`).join(", ");

async function conteggi(ctx: ServiceContext, contratto: number, mese: string) {
  const q = { contratto: String(contratto), mese, page_size: "1" };
  const base = { user: null, params: {}, clock: ctx.clock };
  const [tutti, aperti] = await Promise.all([
    runList(ctx.db, consuntivoList, q, base),
    runList(ctx.db, consuntivoList, { ...q, aperto: "true" }, base),
  ]);
  return { assegnazioni: tutti.count, aperti: aperti.count };
}

export async function statoConsuntivo(ctx: ServiceContext, contratto: number, mese: string): Promise<ConsuntivoStato> {
  const c = await queryOne<{ id: number }>(ctx.db, sql`SELECT id FROM contratti WHERE id = ${contratto}`);
  if (!c) throw notFound(CONTRATTO_NON_TROVATO);
  const a = await queryOne<{ approvato_il: string; approvato_da: string | null }>(
    ctx.db,
    sql`SELECT to_char(f.approvata_il AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD HH24:MI:SS') AS approvato_il,
          u.cognome || ' ' || u.nome AS approvato_da
        FROM fatturazione_approvazioni f LEFT JOIN users u ON u.id = f.approvata_da
        WHERE f.contratto_id = ${contratto} AND f.mese = ${primoDelMese(mese)}::date`,
  );
  return {
    contratto,
    mese,
    approvato: !!a,
    approvato_il: a?.approvato_il ?? null,
    approvato_da: a?.approvato_da ?? null,
    ...(await conteggi(ctx, contratto, mese)),
  };
}

export async function rettifica(ctx: ServiceContext, data: RettificaData): Promise<RettificaOut> {
  return ctx.db.transaction(async (tx) => {
    const a = await queryOne<{ contratto_id: number; mese: string }>(
      tx,
      sql`SELECT s.contratto_id, to_char(g.giorno, 'YYYY-MM') AS mese
          FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id WHERE a.id = ${data.turno_operatore}`,
    );
    if (!a) throw notFound(ASSEGNAZIONE_NON_TROVATA);
    await lockContratto(tx, a.contratto_id);
    const approvato = !!(await queryOne(
      tx,
      sql`SELECT 1 FROM fatturazione_approvazioni WHERE contratto_id = ${a.contratto_id} AND mese = ${primoDelMese(a.mese)}::date`,
    ));
    if (approvato) {
      if (!data.deroga) throw conflict(MESE_APPROVATO, { reason: "mese_approvato", derogabile: true });
      if (!hasAny(ctx.actor.permissions, CAPABILITIES.contrattiDeroghe))
        throw new HttpError(403, DEROGA_CONSUNTIVO_NON_CONSENTITA);
    }
    const prima = await queryRows<{ fonte: string; inizio: string; fine: string }>(
      tx,
      sql`SELECT fonte, to_char(lower(periodo) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS inizio,
            to_char(upper(periodo) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS fine
          FROM fatturazione_periodi(ARRAY[${data.turno_operatore}::int]) ORDER BY lower(periodo)`,
    );
    const row = (await queryOne<{ id: number; lavorate: number }>(
      tx,
      sql`INSERT INTO fatturazione_rettifiche (turno_operatore_id, periodi, originali, fonte_originale, motivo, deroga, utente_id)
          VALUES (${data.turno_operatore}, ${rangeArray(data.periodi)}::tstzrange[], ${rangeArray(prima)}::tstzrange[],
                  ${prima[0]?.fonte ?? "pianificate"}, ${data.motivo}, ${approvato}, ${ctx.actor.userId})
          RETURNING id, (SELECT sum(extract(epoch FROM upper(x) - lower(x)))::integer FROM unnest(periodi) x) AS lavorate`,
    ))!;
    if (approvato) {
      await tx.execute(sql`DELETE FROM fatturazione_ore WHERE turno_operatore_id = ${data.turno_operatore}`);
      await tx.execute(
        sql`INSERT INTO fatturazione_ore SELECT * FROM fatturazione_ore_calcola(ARRAY[${data.turno_operatore}::int])`,
      );
    }
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: "consuntivo",
      objectId: data.turno_operatore,
      note: approvato ? `Deroga (mese approvato): ${data.motivo}` : `Rettifica: ${data.motivo}`,
      related: [{ content_type: "contratto", object_id: a.contratto_id }],
      changeLog: [`Periodi lavorati: "${periodiText(prima) || "—"}" → "${periodiText(data.periodi)}"`],
      dati: { rettifica_id: row.id, fonte_originale: prima[0]?.fonte ?? null, deroga: approvato },
    });
    return { id: row.id, turno_operatore: data.turno_operatore, lavorate: row.lavorate, deroga: approvato };
  });
}

export async function approvaMese(ctx: ServiceContext, data: ApprovazioneData): Promise<ConsuntivoStato> {
  const { contratto, mese } = data;
  await ctx.db.transaction(async (tx) => {
    const c = await queryOne<{ id: number }>(tx, sql`SELECT id FROM contratti WHERE id = ${contratto}`);
    if (!c) throw notFound(CONTRATTO_NON_TROVATO);
    await lockContratto(tx, contratto);
    const primo = primoDelMese(mese);
    if (
      await queryOne(
        tx,
        sql`SELECT 1 FROM fatturazione_approvazioni WHERE contratto_id = ${contratto} AND mese = ${primo}::date`,
      )
    )
      throw conflict(GIA_APPROVATO, { reason: "mese_approvato" });
    const { aperti, assegnazioni } = await conteggi({ ...ctx, db: tx }, contratto, mese);
    if (aperti > 0) throw conflict(TURNI_APERTI(aperti), { reason: "turni_aperti", aperti });
    await tx.execute(sql`INSERT INTO fatturazione_approvazioni (contratto_id, mese, approvata_da)
      VALUES (${contratto}, ${primo}::date, ${ctx.actor.userId})`);
    await tx.execute(sql`INSERT INTO fatturazione_ore SELECT * FROM fatturazione_ore_calcola(ARRAY(
        SELECT a.id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
        JOIN servizi s ON s.id = g.servizio_id
        WHERE s.contratto_id = ${contratto} AND g.giorno >= ${primo}::date AND g.giorno < ${primo}::date + interval '1 month'))`);
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.create,
      contentType: "consuntivo_approvazione",
      objectId: `${contratto}/${mese}`,
      note: `Approvato il consuntivo di ${mese} (${assegnazioni} assegnazioni)`,
      related: [{ content_type: "contratto", object_id: contratto }],
    });
  });
  return statoConsuntivo(ctx, contratto, mese);
}
