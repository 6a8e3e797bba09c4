/**
 * The desk's side of an anomaly: the detail (its shift and the check-ins it was read from), state
 * and notes (the user who changes them is the one who handled it), and marking it read (the page
 * calls it on opening; a read anomaly leaves the header's notifications). Every write is one
 * transaction with its audit entry; a PUT that changes nothing writes nothing.
 */
import { sql } from "drizzle-orm";
import {
  ANOMALIA_STATO_LABEL,
  type Anomalia,
  type AnomaliaLetta,
  type AnomaliaStato,
  type AnomaliaTipo,
  type AnomaliaUpdateData,
  descriviAnomalia,
} from "../../../../src/domain/contracts/console/anomalie/schemas";
import { formatDateTimeSeconds } from "../../../../src/domain/format";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { notFound } from "../../../lib/errors";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { ANOMALIA_CONTENT_TYPE } from "./rilevazione";

export const ANOMALIA_NON_TROVATA = "Anomalia non trovata";

const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

interface Row {
  id: number;
  tipo: AnomaliaTipo;
  stato: AnomaliaStato;
  data_ora: string;
  rilevata_il: string;
  valore: number | null;
  operatore_id: number;
  operatore_nome: string;
  turno_id: number;
  giorno: string;
  inizio: string;
  fine: string;
  cliente: string;
  servizio: string;
  contratto_id: number;
  servizio_id: number;
  lat: number | null;
  lng: number | null;
  note: string;
  gestita_da_id: number | null;
  gestita_da_nome: string | null;
  gestita_il: string | null;
  letta_il: string | null;
  letta_da_id: number | null;
  letta_da_nome: string | null;
}

async function readAnomalia(ex: Executor, id: number, lock = false): Promise<Row | undefined> {
  return queryOne<Row>(
    ex,
    sql`SELECT a.id, a.tipo, a.stato, ${local("a.data_ora")} AS data_ora, ${local("a.rilevata_il")} AS rilevata_il,
               a.valore, o.id AS operatore_id, trim(o.nome || ' ' || o.cognome) AS operatore_nome,
               t.id AS turno_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno,
               to_char(t.inizio_f1, 'HH24:MI:SS') AS inizio, to_char(coalesce(t.fine_f2, t.fine_f1), 'HH24:MI:SS') AS fine,
               cl.ragione_sociale AS cliente, coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio,
               c.id AS contratto_id, s.id AS servizio_id, s.lat, s.lng, a.note,
               gu.id AS gestita_da_id, trim(gu.nome || ' ' || gu.cognome) AS gestita_da_nome, ${local("a.gestita_il")} AS gestita_il,
               ${local("a.letta_il")} AS letta_il, lu.id AS letta_da_id, trim(lu.nome || ' ' || lu.cognome) AS letta_da_nome
          FROM anomalie a
          JOIN operatori o ON o.id = a.operatore_id
          JOIN turni t ON t.id = a.turno_id
          JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id
          JOIN contratti c ON c.id = s.contratto_id
          JOIN clienti cl ON cl.id = c.cliente_id
          LEFT JOIN users gu ON gu.id = a.gestita_da
          LEFT JOIN users lu ON lu.id = a.letta_da
         WHERE a.id = ${id}${lock ? sql` FOR UPDATE OF a` : sql``}`,
  );
}

const persona = (id: number | null, nome: string | null) => (id === null ? null : { id, full_name: nome ?? "" });

export async function getAnomalia(ctx: ServiceContext, id: number): Promise<Anomalia> {
  const r = await readAnomalia(ctx.db, id);
  if (!r) throw notFound(ANOMALIA_NON_TROVATA);
  const timbrature = await queryRows<Anomalia["timbrature"][number]>(
    ctx.db,
    sql`SELECT w.tipo, ${local("w.data_ora")} AS data_ora,
               CASE WHEN ${r.lat}::float8 IS NULL OR ${r.lng}::float8 IS NULL THEN NULL
                    ELSE erp_distanza_m(${r.lat}::float8, ${r.lng}::float8, w.lat, w.lng) END AS distanza_m,
               w.sincronizzata_tardi
          FROM app_timbrature w
         WHERE w.turno_id = ${r.turno_id} AND w.operatore_id = ${r.operatore_id}
         ORDER BY w.data_ora, w.id`,
  );
  const valore = r.valore === null ? null : Number(r.valore);
  return {
    id: r.id,
    tipo: r.tipo,
    descrizione: descriviAnomalia(r.tipo, valore),
    stato: r.stato,
    data_ora: r.data_ora,
    rilevata_il: r.rilevata_il,
    valore,
    operatore: { id: r.operatore_id, full_name: r.operatore_nome },
    turno: {
      id: r.turno_id,
      giorno: r.giorno,
      inizio: r.inizio,
      fine: r.fine,
      cliente: r.cliente,
      servizio: r.servizio,
      contratto_id: r.contratto_id,
      servizio_id: r.servizio_id,
    },
    note: r.note,
    gestita_da: persona(r.gestita_da_id, r.gestita_da_nome),
    gestita_il: r.gestita_il,
    letta_il: r.letta_il,
    letta_da: persona(r.letta_da_id, r.letta_da_nome),
    timbrature: timbrature.map((t) => ({ ...t, distanza_m: t.distanza_m === null ? null : Number(t.distanza_m) })),
  };
}

/** State and notes; whoever changes them becomes the one who handled the anomaly. */
export async function updateAnomalia(ctx: ServiceContext, id: number, data: AnomaliaUpdateData): Promise<Anomalia> {
  await ctx.db.transaction(async (tx) => {
    const before = await readAnomalia(tx as Tx, id, true);
    if (!before) throw notFound(ANOMALIA_NON_TROVATA);
    const stato = data.stato ?? before.stato;
    const note = data.note ?? before.note;
    if (stato === before.stato && note === before.note) return;
    await tx.execute(sql`UPDATE anomalie SET stato = ${stato}, note = ${note}, gestita_da = ${ctx.actor.userId},
                                gestita_il = ${ctx.clock()}::timestamptz WHERE id = ${id}`);
    const after = (await readAnomalia(tx as Tx, id)) as Row;
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: ANOMALIA_CONTENT_TYPE,
      objectId: id,
      related: [
        { content_type: "operatore", object_id: before.operatore_id },
        { content_type: "turno", object_id: before.turno_id },
      ],
      changeLog: changeLog(
        { stato: ANOMALIA_STATO_LABEL[before.stato], note: before.note, gestita_da: before.gestita_da_nome },
        { stato: ANOMALIA_STATO_LABEL[after.stato], note: after.note, gestita_da: after.gestita_da_nome },
        { stato: "Stato", note: "Note", gestita_da: "Gestita da" },
      ),
    });
  });
  return getAnomalia(ctx, id);
}

function lettaOut(r: Row): AnomaliaLetta {
  return { result: "OK", id: r.id, letta_il: r.letta_il ?? "", letta_da: persona(r.letta_da_id, r.letta_da_nome) };
}

/** Marks the anomaly read by the user; one already read keeps who and when (no new audit entry). */
export async function segnaLetta(ctx: ServiceContext, id: number): Promise<AnomaliaLetta> {
  return ctx.db.transaction(async (tx) => {
    const current = await readAnomalia(tx as Tx, id, true);
    if (!current) throw notFound(ANOMALIA_NON_TROVATA);
    if (current.letta_il !== null) return lettaOut(current);
    await tx.execute(sql`UPDATE anomalie SET letta_il = ${ctx.clock()}::timestamptz, letta_da = ${ctx.actor.userId}
                          WHERE id = ${id}`);
    const after = (await readAnomalia(tx as Tx, id)) as Row;
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: ANOMALIA_CONTENT_TYPE,
      objectId: id,
      note: "Anomalia segnata come letta",
      related: [{ content_type: "operatore", object_id: current.operatore_id }],
      changeLog: changeLog(
        { letta_il: null, letta_da: null },
        { letta_il: formatDateTimeSeconds(after.letta_il), letta_da: after.letta_da_nome },
        { letta_il: "Letta il", letta_da: "Letta da" },
      ),
    });
    return lettaOut(after);
  });
}
