/**
 * GET /api/comunicazioni/allarmi/ on the list engine: the fields of AllarmeList
 * (src/domain/contracts/console/allarmi/schemas.ts) read from SQL. Newest first (allarmi_lista_idx).
 */
import { type SQL, sql } from "drizzle-orm";
import { AllarmeList } from "../../../../src/domain/contracts/console/allarmi/schemas";
import { defineList, type ListJoin } from "../../../lib/list";

/**
 * `x.cliente`, `x.servizio` of the shift `turno` names (at most one row, LEFT: none without a shift):
 * the join of the lists of what the guards send from the field (alarms, service reports).
 */
export const clienteServizioDelTurno = (turno: SQL): ListJoin => ({
  oneRow: "the shift by its primary key, then its day, service, contract and client by theirs",
  lateral: sql`LEFT JOIN LATERAL (
      SELECT cl.ragione_sociale AS cliente, coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
       WHERE t.id = ${turno}) x ON true`,
});

export const allarmiList = defineList(AllarmeList, {
  from: sql`allarmi a`,
  // One row per alarm whatever is joined (NOT NULL operator; the shift at most one row, left).
  joins: {
    o: { table: "operatori", on: { id: sql`a.operatore_id` } },
    x: clienteServizioDelTurno(sql`a.turno_id`),
    pu: { table: "users", on: { id: sql`a.preso_da` }, left: true },
    cu: { table: "users", on: { id: sql`a.chiuso_da` }, left: true },
  },
  key: sql`a.id`,
  sql: {
    id: sql`a.id`,
    ricevuto_il: sql`a.ricevuto_il`,
    data_ora: sql`a.data_ora`,
    operatore: { sql: sql`trim(o.nome || ' ' || o.cognome)`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    operatore_id: sql`a.operatore_id`,
    cliente: sql`coalesce(x.cliente, '')`,
    servizio: sql`coalesce(x.servizio, '')`,
    silenzioso: sql`a.silenzioso`,
    posizione: sql`CASE WHEN a.lat IS NULL THEN 'Posizione non disponibile'
      ELSE round(a.lat::numeric, 5)::float8 || ', ' || round(a.lng::numeric, 5)::float8 || ' (±' || round(a.accuratezza::numeric) || ' m)' END`,
    stato: sql`a.stato`,
    preso_da: sql`coalesce(trim(pu.nome || ' ' || pu.cognome), '')`,
    preso_il: sql`a.preso_il`,
    chiuso_da: sql`coalesce(trim(cu.nome || ' ' || cu.cognome), '')`,
    chiuso_il: sql`a.chiuso_il`,
    escalato: sql`(a.escalato_il IS NOT NULL)`,
    note: sql`a.note`,
  },
});
