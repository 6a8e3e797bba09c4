/**
 * GET /api/anagrafiche/operatori/ on the generic list engine (server/lib/list), for CAPABILITIES.operatori:
 * the fields of OperatoriList (src/domain/contracts/anagrafiche/operatori.ts) read from SQL, and
 * the custom filters posizione_id and documenti_in_scadenza=N.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { OperatoreRow, OperatoriList } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { toApiDate } from "../../../../src/domain/format";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { defineList, type ListContext, registerListRoute } from "../../../lib/list";

/** Today (YYYY-MM-DD) by the server's clock, so tests can move it. */
const todayOf = (ctx: ListContext) => toApiDate(ctx.request ? ctx.request.server.clock() : new Date());

export const operatoriList = defineList(OperatoriList, {
  from: sql`operatori o`,
  joins: { v: { table: "valutazioni", on: { id: sql`o.rating` }, left: true } },
  key: sql`o.id`,
  where: () => sql`o.anonimizzato = false`,
  // The operators shown, kept exact by triggers (migration 0304): the unfiltered list's count.
  total: sql`(SELECT n FROM liste_totali WHERE lista = 'operatori')`,
  // The same per province and active flag (migration 0893): the counts of the screen's common query.
  keptTotals: { table: sql`operatori_totali_prov t`, by: { prov: sql`t.prov`, attivo: sql`t.attivo` } },
  // The list every office opens: its pages filtered by equalities keep their plans (generic plans
  // checked in list-indexes.test.ts).
  keepPlans: true,
  sql: {
    id: sql`o.id`,
    codice: sql`o.codice`,
    cognome: { sql: sql`o.cognome`, orderBy: sql`lower(o.cognome)` },
    nome: { sql: sql`o.nome`, orderBy: sql`lower(o.nome)` },
    sesso: sql`o.sesso`,
    codice_fiscale: sql`o.codice_fiscale`,
    data_nascita: sql`o.data_nascita`,
    cellulare: sql`o.cellulare`,
    email: sql`o.email`,
    citta: sql`o.citta`,
    prov: sql`o.prov`,
    rating: sql`o.rating`,
    valutazione: sql`v.descrizione`,
    posizioni: sql`(SELECT coalesce(array_agg(p.descrizione ORDER BY p.ordine), '{}')
                FROM operatori_posizioni op JOIN posizioni p ON p.id = op.posizione_id
                WHERE op.operatore_id = o.id)`,
    applicazione: sql`o.applicazione`,
    attivo: sql`o.attivo`,
    cessato: sql`o.cessato`,
    black_list: sql`o.black_list`,
    // Kept by triggers on documents and courses (migration 0303): indexed, unlike a sub-query.
    prossima_scadenza: sql`o.prossima_scadenza`,
    created_at: sql`o.created_at`,
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
