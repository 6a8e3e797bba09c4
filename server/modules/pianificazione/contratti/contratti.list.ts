/**
 * GET /api/pianificazione/contratti/ on the list engine: the contracts with their client, how many
 * services they have and the period those services cover. JSON rows carry `cliente` as
 * {id, ragione_sociale} (the SPA's shape); exports show the client's name.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { defineList } from "../../../lib/list";

const SERVIZI = sql`servizi s WHERE s.contratto_id = c.id`;

export const contrattiList = defineList({
  name: "contratti",
  title: "Contratti",
  from: sql`contratti c`,
  // contratti.cliente_id is NOT NULL REFERENCES clienti: one client per contract.
  joins: { cl: sql`JOIN clienti cl ON cl.id = c.cliente_id` },
  key: sql`c.id`,
  fields: {
    id: { label: "ID", type: "integer", sql: sql`c.id`, sortable: true },
    titolo: {
      label: "Titolo",
      type: "text",
      sql: sql`c.titolo`,
      orderBy: sql`lower(c.titolo)`,
      sortable: true,
      global: true,
    },
    cliente: {
      label: "Cliente",
      type: "text",
      sql: sql`cl.ragione_sociale`,
      orderBy: sql`lower(cl.ragione_sociale)`,
      sortable: true,
      global: true,
      groupable: true,
    },
    numero_contratto: {
      label: "Numero contratto",
      type: "text",
      sql: sql`c.numero_contratto`,
      sortable: true,
      global: true,
    },
    tipo_contratto: {
      label: "Tipo contratto",
      type: "text",
      sql: sql`c.tipo_contratto`,
      sortable: true,
      groupable: true,
      filter: "eq",
    },
    tipo_servizio: {
      label: "Tipo servizio",
      type: "text",
      sql: sql`c.tipo_servizio`,
      sortable: true,
      groupable: true,
      filter: "contains",
    },
    sede: { label: "Sede", type: "text", sql: sql`c.sede`, sortable: true },
    responsabile: { label: "Responsabile", type: "text", sql: sql`c.responsabile`, sortable: true },
    attivo: { label: "Attivo", type: "boolean", sql: sql`c.attivo`, sortable: true, groupable: true, filter: "eq" },
    servizi: {
      label: "Servizi",
      type: "integer",
      sql: sql`(SELECT count(*) FROM ${SERVIZI})`,
      sortable: true,
      aggregate: "sum",
    },
    dal: { label: "Dal", type: "date", sql: sql`(SELECT min(s.dal) FROM ${SERVIZI})`, sortable: true },
    al: { label: "Al", type: "date", sql: sql`(SELECT max(s.al) FROM ${SERVIZI})`, sortable: true },
  },
  columns: { cliente_id: sql`c.cliente_id` },
  filters: {
    cliente_id: {
      schema: z.coerce.number({ error: "Cliente non valido" }).int("Cliente non valido").positive("Cliente non valido"),
      where: (v) => sql`c.cliente_id = ${v}`,
    },
  },
  defaultOrder: [{ field: "titolo", asc: true }],
  map: ({ cliente_id, cliente, ...row }) => ({
    ...row,
    cliente: { id: cliente_id, ragione_sociale: cliente },
    cliente_id,
  }),
});
