/**
 * GET /api/anagrafiche/operatori/ on the generic list engine (server/lib/list), for CAPABILITIES.operatori.
 * Filters a planner needs: global (cognome, nome, codice, città; codice fiscale only for
 * anagrafica), prov (one or more siglas), posizione_id, rating (one or more valutazioni ids),
 * attivo, cessato, black_list, documenti_in_scadenza=N (a document or course expiring within N
 * days, expired ones included). Personal fields are gated by erp_operatori_anagrafica.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OperatoreRow } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { toApiDate } from "../../../../src/domain/format";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { defineList, type ListContext, registerListRoute } from "../../../lib/list";

const PERSONAL = CAPABILITIES.operatoriAnagrafica;

/** Today (YYYY-MM-DD) by the server's clock, so tests can move it. */
const todayOf = (ctx: ListContext) => toApiDate(ctx.request ? ctx.request.server.clock() : new Date());

export const operatoriList = defineList({
  name: "operatori",
  title: "Operatori",
  from: sql`operatori o`,
  joins: { v: sql`LEFT JOIN valutazioni v ON v.id = o.rating` },
  key: sql`o.id`,
  where: () => sql`o.anonimizzato = false`,
  // The operators shown, kept exact by triggers (migration 0304): the unfiltered list's count.
  total: sql`(SELECT n FROM liste_totali WHERE lista = 'operatori')`,
  fields: {
    id: { label: "ID", type: "integer", sql: sql`o.id`, sortable: true },
    codice: { label: "Codice", type: "text", sql: sql`o.codice`, sortable: true, global: true, filter: "eq" },
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
    sesso: { label: "Sesso", type: "text", sql: sql`o.sesso`, filter: "eq", groupable: true },
    codice_fiscale: {
      label: "Codice fiscale",
      type: "text",
      sql: sql`o.codice_fiscale`,
      global: true,
      permission: PERSONAL,
    },
    data_nascita: {
      label: "Data di nascita",
      type: "date",
      sql: sql`o.data_nascita`,
      sortable: true,
      filter: "range",
      permission: PERSONAL,
    },
    cellulare: { label: "Cellulare", type: "text", sql: sql`o.cellulare` },
    email: { label: "E-mail", type: "text", sql: sql`o.email` },
    citta: { label: "Città", type: "text", sql: sql`o.citta`, sortable: true, global: true, groupable: true },
    prov: { label: "Provincia", type: "text", sql: sql`o.prov`, sortable: true, filter: "in", groupable: true },
    rating: {
      label: "Valutazione",
      type: "integer",
      sql: sql`o.rating`,
      sortable: true,
      filter: "in",
      groupable: true,
    },
    valutazione: { label: "Descrizione valutazione", type: "text", sql: sql`v.descrizione` },
    posizioni: {
      label: "Qualifiche",
      type: "lines",
      sql: sql`(SELECT coalesce(array_agg(p.descrizione ORDER BY p.ordine), '{}')
                FROM operatori_posizioni op JOIN posizioni p ON p.id = op.posizione_id
                WHERE op.operatore_id = o.id)`,
    },
    applicazione: { label: "Applicazione", type: "boolean", sql: sql`o.applicazione`, filter: "eq" },
    attivo: { label: "Attivo", type: "boolean", sql: sql`o.attivo`, sortable: true, filter: "eq", groupable: true },
    cessato: { label: "Cessato", type: "boolean", sql: sql`o.cessato`, sortable: true, filter: "eq", groupable: true },
    black_list: {
      label: "Black list",
      type: "boolean",
      sql: sql`o.black_list`,
      sortable: true,
      filter: "eq",
      groupable: true,
    },
    prossima_scadenza: {
      label: "Prossima scadenza documenti",
      type: "date",
      // Kept by triggers on documents and courses (migration 0303): indexed, unlike a sub-query.
      sql: sql`o.prossima_scadenza`,
      sortable: true,
    },
    created_at: { label: "Creato il", type: "datetime", sql: sql`o.created_at`, sortable: true },
  },
  filters: {
    posizione_id: {
      schema: z.coerce.number().int().positive(),
      where: (v) =>
        sql`EXISTS (SELECT 1 FROM operatori_posizioni op WHERE op.operatore_id = o.id AND op.posizione_id = ${v})`,
    },
    documenti_in_scadenza: {
      schema: z.coerce.number().int().min(0).max(3650),
      // A document or course expiring by then ⇔ the earliest expiry is by then (migration 0303).
      where: (v, ctx) => sql`o.prossima_scadenza <= ${todayOf(ctx)}::date + ${v}::int`,
    },
  },
  defaultOrder: [{ field: "cognome", asc: true }],
  // A planner's usual request: one province, often only the active operators, by cognome
  // (operatori_lista_prov_cognome_idx, migration 0302).
  commonQueries: [{ prov: "RM" }, { attivo: "true", prov: "RM" }],
});

export const operatoriListRoutes: FastifyPluginAsyncZod = async (app) => {
  registerListRoute(app, "/", operatoriList, {
    permissions: CAPABILITIES.operatori,
    tags: ["anagrafiche"],
    summary: "Lista operatori",
    row: OperatoreRow,
  });
};
