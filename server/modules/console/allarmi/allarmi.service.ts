/**
 * The guards' alarms (SOS, issue 33 item 6), the desk's side: one alarm with its shift, position and
 * handling; the open ones (the header); taking one in charge and closing it. aperto → preso_in_carico
 * → chiuso, who and when at each step; every write is one transaction with its audit entry, and the
 * table's trigger NOTIFies 'erp_allarmi' at commit (migration 0765) so every server process hears it.
 */
import { sql } from "drizzle-orm";
import {
  ALLARME_NON_TROVATO,
  ALLARME_STATO_LABEL,
  type Allarme,
  type AllarmeStato,
  type ChiudiAllarmeData,
} from "../../../../src/domain/contracts/console/allarmi/schemas";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { conflict, notFound } from "../../../lib/errors";
import { BUSINESS_TZ } from "../../../lib/list/values";

export const ALLARME_CONTENT_TYPE = "allarme";
export const GIA_PRESO = "Allarme già preso in carico";
export const GIA_CHIUSO = "Allarme già chiuso";

/** A timestamptz column as Rome's wall clock, "YYYY-MM-DD HH:mm:ss". */
export const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

interface Row {
  id: number;
  stato: AllarmeStato;
  data_ora: string;
  ricevuto_il: string;
  silenzioso: boolean;
  lat: number | null;
  lng: number | null;
  accuratezza: number | null;
  operatore_id: number;
  operatore_nome: string;
  turno: Allarme["turno"];
  preso_da_id: number | null;
  preso_da_nome: string | null;
  preso_il: string | null;
  chiuso_da_id: number | null;
  chiuso_da_nome: string | null;
  chiuso_il: string | null;
  note: string;
  escalato_il: string | null;
  relazione_id: number | null;
}

/** The columns of an alarm as the desk reads it, from `allarmi a` (the shift as one JSON value). */
export const ALLARME_SELECT = sql`SELECT a.id, a.stato, ${local("a.data_ora")} AS data_ora, ${local("a.ricevuto_il")} AS ricevuto_il,
       a.silenzioso, a.lat, a.lng, a.accuratezza, o.id AS operatore_id, trim(o.nome || ' ' || o.cognome) AS operatore_nome,
       (SELECT json_build_object('id', t.id, 'giorno', to_char(g.giorno, 'YYYY-MM-DD'),
                 'inizio', to_char(t.inizio_f1, 'HH24:MI:SS'), 'fine', to_char(coalesce(t.fine_f2, t.fine_f1), 'HH24:MI:SS'),
                 'cliente', cl.ragione_sociale, 'servizio', coalesce(nullif(s.descrizione, ''), c.titolo),
                 'indirizzo', s.indirizzo)
          FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
          JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
         WHERE t.id = a.turno_id) AS turno,
       pu.id AS preso_da_id, trim(pu.nome || ' ' || pu.cognome) AS preso_da_nome, ${local("a.preso_il")} AS preso_il,
       cu.id AS chiuso_da_id, trim(cu.nome || ' ' || cu.cognome) AS chiuso_da_nome, ${local("a.chiuso_il")} AS chiuso_il,
       a.note, ${local("a.escalato_il")} AS escalato_il, a.relazione_id
  FROM allarmi a
  JOIN operatori o ON o.id = a.operatore_id
  LEFT JOIN users pu ON pu.id = a.preso_da
  LEFT JOIN users cu ON cu.id = a.chiuso_da`;

const persona = (id: number | null, nome: string | null) => (id === null ? null : { id, full_name: nome ?? "" });
const num = (v: number | null) => (v === null ? null : Number(v));

function allarmeOut(r: Row): Allarme {
  return {
    id: Number(r.id),
    stato: r.stato,
    data_ora: r.data_ora,
    ricevuto_il: r.ricevuto_il,
    silenzioso: r.silenzioso,
    lat: num(r.lat),
    lng: num(r.lng),
    accuratezza: num(r.accuratezza),
    operatore: { id: r.operatore_id, full_name: r.operatore_nome },
    turno: r.turno,
    preso_da: persona(r.preso_da_id, r.preso_da_nome),
    preso_il: r.preso_il,
    chiuso_da: persona(r.chiuso_da_id, r.chiuso_da_nome),
    chiuso_il: r.chiuso_il,
    note: r.note,
    escalato_il: r.escalato_il,
    relazione_id: r.relazione_id === null ? null : Number(r.relazione_id),
  };
}

async function readAllarme(ex: Executor, id: number, lock = false): Promise<Row | undefined> {
  // Lock the row on its own, then read it with a new statement: a locking read that waited for
  // another desk's take re-checks only the locked row, and its joins (who took it) would be the
  // ones seen before the wait.
  if (lock && !(await queryOne(ex, sql`SELECT id FROM allarmi WHERE id = ${id} FOR UPDATE`))) return undefined;
  return queryOne<Row>(ex, sql`${ALLARME_SELECT} WHERE a.id = ${id}`);
}

export async function getAllarme(ctx: ServiceContext, id: number): Promise<Allarme> {
  const r = await readAllarme(ctx.db, id);
  if (!r) throw notFound(ALLARME_NON_TROVATO);
  return allarmeOut(r);
}

/** The open alarms, oldest first (the header shows the one waiting longest on top). */
export async function allarmiAperti(db: Executor): Promise<Allarme[]> {
  const rows = await queryRows<Row>(db, sql`${ALLARME_SELECT} WHERE a.stato = 'aperto' ORDER BY a.ricevuto_il, a.id`);
  return rows.map(allarmeOut);
}

/** The version of a set of open alarms: their ids (a taken or new alarm changes it). */
export function versioneAperti(aperti: readonly Allarme[]): string {
  return aperti.length ? aperti.map((a) => a.id).join(",") : "0";
}

async function step(
  ctx: ServiceContext,
  id: number,
  change: (before: Row, tx: Tx) => Promise<string | null>,
): Promise<Allarme> {
  await ctx.db.transaction(async (tx) => {
    const before = await readAllarme(tx as Tx, id, true);
    if (!before) throw notFound(ALLARME_NON_TROVATO);
    const note = await change(before, tx as Tx);
    if (note === null) return;
    const after = (await readAllarme(tx as Tx, id)) as Row;
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: ALLARME_CONTENT_TYPE,
      objectId: id,
      note,
      related: [
        { content_type: "operatore", object_id: before.operatore_id },
        ...(before.turno ? [{ content_type: "turno", object_id: before.turno.id }] : []),
      ],
      changeLog: changeLog(
        {
          stato: ALLARME_STATO_LABEL[before.stato],
          preso_da: before.preso_da_nome,
          chiuso_da: before.chiuso_da_nome,
          note: before.note,
        },
        {
          stato: ALLARME_STATO_LABEL[after.stato],
          preso_da: after.preso_da_nome,
          chiuso_da: after.chiuso_da_nome,
          note: after.note,
        },
        { stato: "Stato", preso_da: "Preso in carico da", chiuso_da: "Chiuso da", note: "Note" },
      ),
    });
  });
  return getAllarme(ctx, id);
}

/** "Prendi in carico": only an open alarm; the first one to take it wins, the second gets a 409 naming them. */
export async function prendiAllarme(ctx: ServiceContext, id: number): Promise<Allarme> {
  return step(ctx, id, async (before, tx) => {
    if (before.stato !== "aperto") {
      throw conflict(
        before.stato === "chiuso" ? GIA_CHIUSO : `${GIA_PRESO} da ${before.preso_da_nome ?? "un altro utente"}`,
      );
    }
    await tx.execute(sql`UPDATE allarmi SET stato = 'preso_in_carico', preso_da = ${ctx.actor.userId},
                                preso_il = ${ctx.clock()}::timestamptz WHERE id = ${id}`);
    return `Allarme di ${before.operatore_nome} preso in carico`;
  });
}

/** Closes an alarm (taking it too when nobody had): once closed it stays closed. */
export async function chiudiAllarme(ctx: ServiceContext, id: number, data: ChiudiAllarmeData): Promise<Allarme> {
  return step(ctx, id, async (before, tx) => {
    if (before.stato === "chiuso") throw conflict(GIA_CHIUSO);
    const now = ctx.clock();
    await tx.execute(sql`UPDATE allarmi SET stato = 'chiuso', chiuso_da = ${ctx.actor.userId}, chiuso_il = ${now}::timestamptz,
                                preso_da = coalesce(preso_da, ${ctx.actor.userId}), preso_il = coalesce(preso_il, ${now}::timestamptz),
                                note = ${data.note ?? before.note} WHERE id = ${id}`);
    return `Allarme di ${before.operatore_nome} chiuso`;
  });
}
