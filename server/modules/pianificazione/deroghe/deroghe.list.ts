/**
 * GET /api/pianificazione/deroghe/ on the list engine: the report of derogations (issue 15 item 2),
 * one row per override of a working-time limit or an expired course — who, when, why, for which
 * operator and shift — newest first, kept when the operator is later removed from the shift.
 */
import { sql } from "drizzle-orm";
import { DerogheList } from "../../../../src/domain/contracts/pianificazione/deroghe";
import { defineList } from "../../../lib/list";
import { ORARIO_SQL } from "../intermittenti/orario-sql";

export const derogheList = defineList(DerogheList, {
  from: sql`turni_deroghe d JOIN operatori o ON o.id = d.operatore_id`,
  // The shift may have been deleted since (the derogation stays): LEFT joins, at most one row each.
  joins: {
    t: { table: "turni", on: { id: sql`d.turno_id` }, left: true },
    g: { table: "giorni", on: { id: sql`t.giorno_id` }, left: true },
    s: { table: "servizi", on: { id: sql`g.servizio_id` }, left: true },
    c: { table: "contratti", on: { id: sql`s.contratto_id` }, left: true },
    cl: { table: "clienti", on: { id: sql`c.cliente_id` }, left: true },
    u: { table: "users", on: { id: sql`d.utente_id` }, left: true },
  },
  key: sql`d.id`,
  sql: {
    creata_il: sql`d.creata_il`,
    operatore: sql`o.cognome || ' ' || o.nome`,
    giorno: sql`g.giorno`,
    orario: sql`coalesce(${ORARIO_SQL}, '')`,
    cliente: sql`coalesce(cl.ragione_sociale, '')`,
    contratto: sql`coalesce(c.titolo, '')`,
    limiti: sql`d.dettaglio`,
    motivo: sql`d.motivo`,
    utente: sql`coalesce(u.cognome || ' ' || u.nome, '')`,
  },
  columns: {
    id: sql`d.id`,
    turno_id: sql`d.turno_id`,
    operatore_id: sql`d.operatore_id`,
    codici: sql`d.codici`,
    // Where the shift is planned (null once it is deleted): a row opens its service's grid.
    contratto_id: sql`s.contratto_id`,
    servizio_id: sql`s.id`,
  },
});
