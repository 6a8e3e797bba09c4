/**
 * GET /api/comunicazioni/relazioni/ on the list engine: the fields of RelazioneList
 * (src/domain/contracts/console/relazioni/schemas.ts) read from SQL; what a report says is its last
 * version. Those to approve first, then newest (relazioni_servizio_lista_idx).
 */
import { sql } from "drizzle-orm";
import { RelazioneList } from "../../../../src/domain/contracts/console/relazioni/schemas";
import { defineList } from "../../../lib/list";
import { clienteServizioDelTurno } from "../allarmi/allarmi.list";

export const relazioniList = defineList(RelazioneList, {
  from: sql`relazioni_servizio r
    JOIN LATERAL (SELECT * FROM relazioni_servizio_versioni x WHERE x.relazione_id = r.id ORDER BY x.versione DESC LIMIT 1) v ON true`,
  // One row per report whatever is joined (NOT NULL operator; the shift at most one row, left).
  joins: {
    o: { table: "operatori", on: { id: sql`r.operatore_id` } },
    x: clienteServizioDelTurno(sql`r.turno_id`),
  },
  key: sql`r.id`,
  sql: {
    id: sql`r.id`,
    ricevuto_il: sql`r.ricevuto_il`,
    accaduto_il: sql`v.accaduto_il`,
    operatore: { sql: sql`trim(o.nome || ' ' || o.cognome)`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    operatore_id: sql`r.operatore_id`,
    cliente: sql`coalesce(x.cliente, '')`,
    servizio: sql`coalesce(x.servizio, '')`,
    provincia: sql`r.provincia`,
    categoria: sql`v.categoria`,
    gravita: sql`v.gravita`,
    luogo: sql`v.luogo`,
    stato: sql`r.stato`,
    rilevante: sql`r.rilevante`,
    versioni: sql`v.versione`,
    foto: sql`(SELECT count(*)::int FROM relazioni_servizio_foto f WHERE f.relazione_id = r.id)`,
  },
});
