/**
 * Micro-benchmark (not a test): the CPU a list request costs in the engine, stage by stage, with no
 * database — parsing the query (parseListQuery), building the page statement (pageQuery) and
 * rendering it to text and parameters. `npx tsx server/bench/engine-stages.ts` prints µs of CPU per
 * call for the benchmark's operators' first page and an operator's log entries.
 */
import { PgDialect } from "drizzle-orm/pg-core";
import { renderSql } from "../db/render-sql";
import { parseListQuery } from "../lib/list";
import { pageQuery } from "../lib/list/build-sql";
import type { List } from "../lib/list/types";
import { operatoriList } from "../modules/anagrafiche/operatori/operatori.list";
import { logList } from "../modules/log/log.list";
import { benchUser } from "./list-workloads";

const user = benchUser(1);
const dialect = new PgDialect();

function cpu(n: number, fn: () => void): number {
  for (let i = 0; i < 3000; i++) fn(); // warm-up: V8 optimises hot code after thousands of calls
  const c0 = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / n;
}

function stages(name: string, list: List, query: Record<string, string>) {
  const base = { user, params: {} };
  const parse = cpu(20000, () => parseListQuery(list, query, base));
  const q = parseListQuery(list, query, base);
  const ctx = { ...base, query, filters: q.filters };
  const build = cpu(20000, () => pageQuery(list, q, ctx, q.pageSize, 0));
  const stmt = pageQuery(list, q, ctx, q.pageSize, 0);
  const drizzle = cpu(20000, () => dialect.sqlToQuery(stmt));
  const render = cpu(20000, () => renderSql(stmt));
  console.log(
    `${name.padEnd(22)} parse ${parse.toFixed(1)} µs, build ${build.toFixed(1)} µs, ` +
      `render ${render.toFixed(1)} µs (drizzle's ${drizzle.toFixed(1)}) CPU per call`,
  );
}

stages("operatori, 1a pagina", operatoriList, { order_field: "cognome", page_size: "25" });
stages("log, sue voci", logList, { content_type: "operatore", object_id: "12345", page_size: "25" });
stages("log, scheda Log", logList, {
  content_type: "operatore",
  object_id: "12345",
  page_size: "25",
  show_related: "true",
});
