/** Runs a list request: the page and the count, as {results, count, page}. */
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";
import { countQuery, groupCountQuery, groupQuery, PAGE_TOTAL, pageQuery } from "./build-sql";
import { parseListQuery } from "./parse-query";
import type { List, ListContext, ListQuery, ListResult } from "./types";

export async function runParsedList(db: Executor, list: List, q: ListQuery, ctx: ListContext): Promise<ListResult> {
  if (list.prepare) await db.execute(list.prepare);
  const offset = (q.page - 1) * q.pageSize;
  const rowsSql = q.groupBy
    ? groupQuery(list, q, ctx, q.pageSize, offset)
    : pageQuery(list, q, ctx, q.pageSize, offset);
  const rows = await queryRows<Record<string, unknown>>(db, rowsSql);
  // A page whose keys come first carries its total (build-sql.ts pageQuery). Otherwise a page that
  // is not full ends the result (and an empty first page means none): the count is known without
  // counting. Only a full plain page or group page, or a page past the end, runs the count statement.
  let total: number | undefined;
  if (rows.length > 0 && PAGE_TOTAL in rows[0]) {
    total = Number(rows[0][PAGE_TOTAL]);
    // The last column: deleting it takes the row back to its earlier shape (no copy of the page).
    for (const r of rows) delete r[PAGE_TOTAL];
  }
  const count =
    total ??
    (rows.length < q.pageSize && (rows.length > 0 || offset === 0)
      ? offset + rows.length
      : Number(
          (await queryOne<{ n: number }>(db, q.groupBy ? groupCountQuery(list, q, ctx) : countQuery(list, q, ctx)))
            ?.n ?? 0,
        ));
  const results = q.groupBy || !list.map ? rows : rows.map((r) => (list.map as NonNullable<List["map"]>)(r, ctx));
  return { results, count, page: q.page };
}

/**
 * Parses and runs a list request outside registerListRoute (a module composing its own answer).
 * Throws a 400 HttpError for invalid parameters.
 */
export async function runList(
  db: Executor,
  list: List,
  query: Record<string, unknown>,
  ctx: Omit<ListContext, "filters" | "query">,
): Promise<ListResult> {
  const q = parseListQuery(list, query, ctx);
  return runParsedList(db, list, q, { ...ctx, query, filters: q.filters });
}
