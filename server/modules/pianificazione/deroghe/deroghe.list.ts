/**
 * GET /api/pianificazione/deroghe/ on the list engine: the report of derogations (issue 15 item 2),
 * one row per override of a working-time limit or an expired course — who, when, why, for which
 * operator and shift — newest first, kept when the operator is later removed from the shift.
 */
import { sql } from "drizzle-orm";
import { defineList } from "../../../lib/list";
import { ORARIO_SQL } from "../intermittenti/periodo-filters";

export const derogheList = defineList({
  name: "deroghe",
  title: "Deroghe",
  from: sql`turni_deroghe d JOIN operatori o ON o.id = d.operatore_id`,
  // The shift may have been deleted since (the derogation stays): LEFT joins, one row each.
  joins: {
    t: sql`LEFT JOIN turni t ON t.id = d.turno_id`,
    g: sql`LEFT JOIN giorni g ON g.id = t.giorno_id`,
    s: sql`LEFT JOIN servizi s ON s.id = g.servizio_id`,
    c: sql`LEFT JOIN contratti c ON c.id = s.contratto_id`,
    cl: sql`LEFT JOIN clienti cl ON cl.id = c.cliente_id`,
    u: sql`LEFT JOIN users u ON u.id = d.utente_id`,
  },
  key: sql`d.id`,
  fields: {
    creata_il: {
      label: "Data deroga",
      type: "datetime",
      sql: sql`d.creata_il`,
      sortable: true,
      filter: "range",
    },
    operatore: {
      label: "Operatore",
      type: "text",
      sql: sql`o.cognome || ' ' || o.nome`,
      sortable: true,
      global: true,
      groupable: true,
    },
    giorno: { label: "Giorno", type: "date", sql: sql`g.giorno`, sortable: true, filter: "range" },
    orario: { label: "Orario", type: "text", sql: sql`coalesce(${ORARIO_SQL}, '')` },
    cliente: {
      label: "Cliente",
      type: "text",
      sql: sql`coalesce(cl.ragione_sociale, '')`,
      sortable: true,
      global: true,
      groupable: true,
    },
    contratto: { label: "Contratto", type: "text", sql: sql`coalesce(c.titolo, '')`, global: true },
    limiti: { label: "Limiti superati", type: "text", sql: sql`d.dettaglio`, global: true },
    motivo: { label: "Motivazione", type: "text", sql: sql`d.motivo`, global: true },
    utente: {
      label: "Autorizzata da",
      type: "text",
      sql: sql`coalesce(u.cognome || ' ' || u.nome, '')`,
      sortable: true,
      groupable: true,
    },
  },
  columns: {
    id: sql`d.id`,
    turno_id: sql`d.turno_id`,
    operatore_id: sql`d.operatore_id`,
    codici: sql`d.codici`,
  },
  defaultOrder: [{ field: "creata_il", asc: false }],
});
