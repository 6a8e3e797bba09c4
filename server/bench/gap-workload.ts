/**
 * The list workload of the gap diagnostics (cpu-gap.ts, cg-gap.ts) on erp_bench: a token of the
 * 'bench' user, the request's query string, and the statements the engine sends for it (for the
 * bare server). `own`: an operator's log entries; `related`: the Log tab with show_related;
 * `operatori`: the operators' first page by cognome (25 rows of 21 columns).
 */
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { queryOne } from "../db/query";
import { parseListQuery } from "../lib/list";
import { countQuery, PAGE_TOTAL, pageQuery } from "../lib/list/build-sql";
import { runParsedList } from "../lib/list/run-list";
import { issueToken } from "../lib/tokens";
import { operatoriList } from "../modules/anagrafiche/operatori/operatori.list";
import { logList } from "../modules/log/log.list";

export const GAP_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/erp_bench";

export async function listWorkload(name: string) {
  const direct = await openPostgres(GAP_DATABASE_URL, 2);
  try {
    const config = { ...loadConfig({}), databaseUrl: GAP_DATABASE_URL, logLevel: "silent" };
    const user = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE lower(username) = 'bench'`);
    if (!user) throw new Error("erp_bench has no 'bench' user: run `npm run bench` once first");
    const token = await issueToken(direct.db, Number(user.id), config, new Date());
    const authUser = {
      id: Number(user.id),
      username: "bench",
      email: "",
      nome: "",
      cognome: "",
      permissions: ["admin"],
      tokenId: 0,
    };
    const op = await queryOne<{ object_id: string }>(
      direct.db,
      sql`SELECT object_id FROM log_entries WHERE content_type = 'operatore' ORDER BY id DESC LIMIT 1`,
    );
    const operatori = name === "operatori";
    const list = operatori ? operatoriList : logList;
    const query: Record<string, string> = operatori
      ? { order_field: "cognome", page_size: "25" }
      : { content_type: "operatore", object_id: op?.object_id ?? "1", page_size: "25" };
    if (name === "related") query.show_related = "true";
    const q = parseListQuery(list, query, { user: authUser, params: {} });
    const ctx = { user: authUser, params: {}, query, filters: q.filters };
    const probe = await runParsedList(direct.db, list, q, ctx);
    const dialect = new PgDialect();
    const page = dialect.sqlToQuery(pageQuery(list, q, ctx, q.pageSize, 0));
    const carriesTotal = page.sql.includes(`"${PAGE_TOTAL}"`);
    const count =
      !carriesTotal && probe.results.length === q.pageSize ? dialect.sqlToQuery(countQuery(list, q, ctx)) : undefined;
    return {
      rows: probe.results.length,
      path: `${operatori ? "/api/anagrafiche/operatori/" : "/api/log/list/"}?${new URLSearchParams(query).toString()}`,
      headers: { authorization: `Token ${token}` },
      bareStatements: JSON.stringify([{ page, count }, { page: { sql: "SELECT 1", params: [] } }]),
    };
  } finally {
    await direct.close();
  }
}
