/**
 * The list workload of the gap diagnostics (cpu-gap.ts, cg-gap.ts) on erp_bench: a token of the
 * 'bench' user, the request's path and query, and the statements the engine sends for it (for the
 * bare server), from the benchmark's own workloads (list-workloads.ts). `own`: an operator's log
 * entries; `related`: the Log tab with show_related; `operatori`: the operators' first page by
 * cognome (25 rows of 21 columns).
 */
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { queryOne } from "../db/query";
import { issueToken } from "../lib/tokens";
import { benchUser, engineStatements, FIRST_PAGE, LOG_OWN, LOG_RELATED, listWorkloads } from "./list-workloads";

export const GAP_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/erp_bench";

const NAMES: Record<string, string> = { own: LOG_OWN, related: LOG_RELATED, operatori: FIRST_PAGE };

export async function listWorkload(name: string) {
  const direct = await openPostgres(GAP_DATABASE_URL, 2);
  try {
    const config = { ...loadConfig({}), databaseUrl: GAP_DATABASE_URL, logLevel: "silent" };
    const user = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE lower(username) = 'bench'`);
    if (!user) throw new Error("erp_bench has no 'bench' user: run `npm run bench` once first");
    const token = await issueToken(direct.db, Number(user.id), config, new Date());
    const authUser = benchUser(Number(user.id));
    const w = (await listWorkloads(direct.db)).find((x) => x.name === NAMES[name]);
    if (!w) throw new Error(`GAP_WORKLOAD: one of ${Object.keys(NAMES).join(", ")}`);
    const { page, count, probe } = await engineStatements(direct.db, w, authUser);
    return {
      rows: probe.results.length,
      path: `${w.path}?${new URLSearchParams(w.query).toString()}`,
      headers: { authorization: `Token ${token}` },
      bareStatements: JSON.stringify([{ page, count }, { page: { sql: "SELECT 1", params: [] } }]),
    };
  } finally {
    await direct.close();
  }
}
