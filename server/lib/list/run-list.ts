/**
 * Runs a list request: the page and the count, as {results, count, page}. A page whose keys came
 * first carries its total as `__total` on each row (build-sql.ts pageQuery), left there for the
 * route's serializer to drop (registerListRoute); `runList` hands its callers rows without it.
 */
import type { Executor } from "../../db/client";
import { queryRows, queryRowsKeptPlan } from "../../db/query";
import { countQuery, groupCountQuery, groupQuery, keepsPlan, PAGE_TOTAL, pageQuery, totalsQuery } from "./build-sql";
import { listContext, parseListQuery } from "./parse-query";
import type { List, ListBase, ListContext, ListQuery, ListResult } from "./types";

export async function runParsedList(db: Executor, list: List, q: ListQuery, ctx: ListContext): Promise<ListResult> {
  if (list.prepare) await db.execute(list.prepare);
  const run = keepsPlan(list, q) ? queryRowsKeptPlan : queryRows;
  const offset = (q.page - 1) * q.pageSize;
  const rowsSql = q.groupBy
    ? groupQuery(list, q, ctx, q.pageSize, offset)
    : pageQuery(list, q, ctx, q.pageSize, offset);
  const rows = await run<Record<string, unknown>>(db, rowsSql);
  // A page whose keys come first carries its total (build-sql.ts pageQuery). Otherwise a page that
  // is not full ends the result (and an empty first page means none): the count is known without
  // counting. Only a full plain page or group page, or a page past the end, runs the count statement.
  // The rows keep that column: the route's serializer sends only the contract's keys, and deleting a
  // key from each row turned the page's objects into slow dictionaries — 37 µs of CPU more per
  // operators' page, a tenth of the request (server/bench/NOTES.md, session 9). `runList` strips it.
  const total = rows.length > 0 && PAGE_TOTAL in rows[0] ? Number(rows[0][PAGE_TOTAL]) : undefined;
  const count =
    total ??
    (rows.length < q.pageSize && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : Number(
          (await run<{ n: number }>(db, q.groupBy ? groupCountQuery(list, q, ctx) : countQuery(list, q, ctx)))[0]?.n ??
            0,
        ));
  const results = q.groupBy || !list.map ? rows : rows.map((r) => (list.map as NonNullable<List["map"]>)(r, ctx));
  const totals = q.totals && !q.groupBy ? totalsQuery(list, q, ctx) : undefined;
  if (!totals) return { results, count, page: q.page };
  const [totali] = await queryRows<Record<string, number | null>>(db, totals);
  return { results, count, page: q.page, totali: totali ?? {} };
}

/**
 * Parses and runs a list request outside registerListRoute (a module composing its own answer).
 * Throws a 400 HttpError for invalid parameters.
 */
export async function runList(
  db: Executor,
  list: List,
  query: Record<string, unknown>,
  ctx: ListBase,
): Promise<ListResult> {
  const q = parseListQuery(list, query, ctx);
  const r = await runParsedList(db, list, q, listContext(ctx, query, q.filters));
  for (const row of r.results) delete row[PAGE_TOTAL];
  return r;
}
