/**
 * GET /api/anagrafiche/clienti/ on the generic list engine: global (ragione sociale, partita IVA,
 * codice fiscale, città), prov (one or more siglas), attivo. `?page_size=99999` serves the pickers.
 */
import { sql } from "drizzle-orm";
import { defineList } from "../../../lib/list";

export const clientiList = defineList({
  name: "clienti",
  title: "Clienti",
  from: sql`clienti c`,
  key: sql`c.id`,
  fields: {
    id: { label: "ID", type: "integer", sql: sql`c.id`, sortable: true },
    ragione_sociale: {
      label: "Ragione sociale",
      type: "text",
      sql: sql`c.ragione_sociale`,
      sortable: true,
      global: true,
    },
    partita_iva: { label: "Partita IVA", type: "text", sql: sql`c.partita_iva`, sortable: true, global: true },
    codice_fiscale: { label: "Codice fiscale", type: "text", sql: sql`c.codice_fiscale`, global: true },
    codice_sdi: { label: "Codice SDI", type: "text", sql: sql`c.codice_sdi` },
    pec: { label: "PEC", type: "text", sql: sql`c.pec` },
    email: { label: "E-mail", type: "text", sql: sql`c.email` },
    telefono: { label: "Telefono", type: "text", sql: sql`c.telefono` },
    indirizzo: { label: "Indirizzo", type: "text", sql: sql`c.indirizzo` },
    cap: { label: "CAP", type: "text", sql: sql`c.cap` },
    citta: { label: "Città", type: "text", sql: sql`c.citta`, sortable: true, global: true, groupable: true },
    prov: { label: "Provincia", type: "text", sql: sql`c.prov`, sortable: true, filter: "in", groupable: true },
    attivo: { label: "Attivo", type: "boolean", sql: sql`c.attivo`, sortable: true, filter: "eq", groupable: true },
    sedi: {
      label: "Sedi",
      type: "integer",
      sql: sql`(SELECT count(*)::int FROM clienti_sedi s WHERE s.cliente_id = c.id)`,
      sortable: true,
    },
    created_at: { label: "Creato il", type: "datetime", sql: sql`c.created_at`, sortable: true },
  },
  defaultOrder: [{ field: "ragione_sociale", asc: true }],
});
