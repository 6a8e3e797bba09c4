/**
 * Prints the statements the list engine sends for each list workload of run.ts (page, then count when
 * needed), with their parameters written in, for EXPLAIN by hand: `npx tsx server/bench/dump-sql.ts`.
 * Diagnostics only, not part of `npm run bench`.
 */
process.env.TZ ??= "Europe/Rome";

import { PgDialect } from "drizzle-orm/pg-core";
import { openPostgres } from "../db/client";
import { parseListQuery } from "../lib/list";
import { countQuery, pageQuery } from "../lib/list/build-sql";
import { operatoriList } from "../modules/anagrafiche/operatori/operatori.list";
import { logList } from "../modules/log/log.list";

const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/erp_bench";
const user = { id: 1, username: "bench", email: "", nome: "B", cognome: "M", permissions: ["admin"], tokenId: 0 };
const workloads = [
  { name: "page1", list: operatoriList, query: { order_field: "cognome", page_size: "25" } },
  { name: "page200", list: operatoriList, query: { order_field: "cognome", page: "200", page_size: "25" } },
  { name: "ross", list: operatoriList, query: { global: "ross", page_size: "25" } },
  { name: "attivo-prov", list: operatoriList, query: { attivo: "true", prov: "RM", page_size: "25" } },
  { name: "log-own", list: logList, query: { content_type: "operatore", object_id: "1", page_size: "25" } },
];
const lit = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const inline = (q: { sql: string; params: unknown[] }) =>
  q.sql.replace(/\$(\d+)/g, (_, i) => lit(q.params[Number(i) - 1]));

async function main() {
  const d = await openPostgres(url, 1);
  const dialect = new PgDialect();
  for (const w of workloads) {
    const q = parseListQuery(w.list, w.query, { user, params: {} });
    const ctx = { user, params: {}, query: w.query, filters: q.filters };
    const page = dialect.sqlToQuery(pageQuery(w.list, q, ctx, q.pageSize, (q.page - 1) * q.pageSize));
    console.log(`-- ${w.name}: page\n${inline(page)};\n`);
    const count = dialect.sqlToQuery(countQuery(w.list, q, ctx));
    console.log(`-- ${w.name}: count\n${inline(count)};\n`);
  }
  await d.close?.();
  process.exit(0);
}
void main();
