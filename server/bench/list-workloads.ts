/**
 * The list workloads of the benchmark (run.ts) and of its diagnostics (cpu-gap.ts, cg-gap.ts,
 * dump-sql.ts): each request's route and query parameters, and the statements the list engine
 * sends for it — the page (carrying its total when its keys come first), then the count when
 * the engine needs one.
 */
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";
import { queryOne, statementName } from "../db/query";
import type { List } from "../lib/list";
import { parseListQuery } from "../lib/list";
import { countQuery, keepsPlan, PAGE_TOTAL, pageQuery } from "../lib/list/build-sql";
import { runParsedList } from "../lib/list/run-list";
import type { AuthUser } from "../lib/tokens";
import { operatoriList } from "../modules/anagrafiche/operatori/operatori.list";
import { logList } from "../modules/log/log.list";
import type { Statement } from "./best-sql";

export interface Workload {
  name: string;
  path: string;
  list: List;
  query: Record<string, string>;
}

export const OPERATORI = "/api/anagrafiche/operatori/";
export const LOG_OWN = "log di un operatore (solo le sue voci)";
export const LOG_RELATED = "log di un operatore (scheda Log: show_related)";
export const FIRST_PAGE = "operatori: prima pagina per cognome";

/** The bench's user as the token check hands it to a route: an admin, who sees every field. */
export const benchUser = (id: number): AuthUser => ({
  id,
  username: "bench",
  email: "",
  nome: "Bench",
  cognome: "Mark",
  permissions: ["admin"],
  tokenId: 0,
});

/** The workloads; the log ones read the entries of the operator written last in the log. */
export async function listWorkloads(db: Executor): Promise<Workload[]> {
  const op = await queryOne<{ object_id: string }>(
    db,
    sql`SELECT object_id FROM log_entries WHERE content_type = 'operatore' ORDER BY id DESC LIMIT 1`,
  );
  const own = { content_type: "operatore", object_id: op?.object_id ?? "1", page_size: "25" };
  return [
    { name: FIRST_PAGE, path: OPERATORI, list: operatoriList, query: { order_field: "cognome", page_size: "25" } },
    {
      name: "operatori: pagina 200",
      path: OPERATORI,
      list: operatoriList,
      query: { order_field: "cognome", page: "200", page_size: "25" },
    },
    {
      name: "operatori: global 'ross'",
      path: OPERATORI,
      list: operatoriList,
      query: { global: "ross", page_size: "25" },
    },
    {
      name: "operatori: attivo + provincia",
      path: OPERATORI,
      list: operatoriList,
      query: { attivo: "true", prov: "RM", page_size: "25" },
    },
    { name: LOG_OWN, path: "/api/log/list/", list: logList, query: own },
    { name: LOG_RELATED, path: "/api/log/list/", list: logList, query: { ...own, show_related: "true" } },
  ];
}

/**
 * What the engine sends for one request of `user`, rendered once: the page and, when needed, the
 * count — a plain page that is full, or any page past the end. `probe` is the engine's own answer.
 */
export async function engineStatements(db: Executor, w: Workload, user: AuthUser) {
  const q = parseListQuery(w.list, w.query, { user, params: {} });
  const ctx = { user, params: {}, query: w.query, filters: q.filters };
  const probe = await runParsedList(db, w.list, q, ctx);
  const dialect = new PgDialect();
  // Named as the engine names them once they repeat (db/query.ts queryRowsKeptPlan), for a list
  // that keeps its plans.
  const kept = keepsPlan(w.list, q);
  const named = (st: Statement): Statement => (kept ? { ...st, name: statementName(st.sql) } : st);
  const page: Statement = named(dialect.sqlToQuery(pageQuery(w.list, q, ctx, q.pageSize, (q.page - 1) * q.pageSize)));
  const carriesTotal = page.sql.includes(`"${PAGE_TOTAL}"`);
  const needsCount =
    (!carriesTotal && probe.results.length === q.pageSize) || (probe.results.length === 0 && q.page > 1);
  const count: Statement | undefined = needsCount ? named(dialect.sqlToQuery(countQuery(w.list, q, ctx))) : undefined;
  return { page, count, probe };
}
