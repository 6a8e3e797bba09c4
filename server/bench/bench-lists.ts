/**
 * The operator list the benchmark drives, on the shared-schema columns of `operatori` (the same
 * engine and the same kind of declaration as server/modules/anagrafiche), mounted by the bench at
 * /api/bench/operatori/ so the API and the direct SQL run exactly the same statements.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { CAPABILITIES } from "../../src/domain/permissions";
import { defineList, registerListRoute } from "../lib/list";

export const benchOperatoriList = defineList({
  name: "operatori",
  title: "Operatori",
  from: sql`operatori o`,
  key: sql`o.id`,
  fields: {
    id: { label: "ID", type: "integer", sql: sql`o.id`, sortable: true, filter: "range" },
    codice: { label: "Codice", type: "text", sql: sql`o.codice`, sortable: true },
    cognome: {
      label: "Cognome",
      type: "text",
      sql: sql`o.cognome`,
      orderBy: sql`lower(o.cognome)`,
      sortable: true,
      global: true,
      filter: "contains",
    },
    nome: { label: "Nome", type: "text", sql: sql`o.nome`, orderBy: sql`lower(o.nome)`, sortable: true, global: true },
    data_nascita: { label: "Data di nascita", type: "date", sql: sql`o.data_nascita`, sortable: true, filter: "range" },
    cellulare: { label: "Cellulare", type: "text", sql: sql`o.cellulare` },
    email: { label: "Email", type: "text", sql: sql`o.email` },
    citta: { label: "Città", type: "text", sql: sql`o.citta`, sortable: true },
    prov: { label: "Provincia", type: "text", sql: sql`o.prov`, sortable: true, filter: "in", groupable: true },
    attivo: { label: "Attivo", type: "boolean", sql: sql`o.attivo`, filter: "eq", groupable: true },
    cessato: { label: "Cessato", type: "boolean", sql: sql`o.cessato`, filter: "eq" },
    black_list: { label: "Black list", type: "boolean", sql: sql`o.black_list`, filter: "eq" },
  },
  defaultOrder: [{ field: "cognome", asc: true }],
});

export const benchRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/operatori/", benchOperatoriList, { permissions: CAPABILITIES.operatori });
};
