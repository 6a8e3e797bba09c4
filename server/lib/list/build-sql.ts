/**
 * SQL of a parsed list request. Names only ever come from the declaration (fields, aliases);
 * values only ever as bound parameters (see values.ts).
 */
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { COUNT_FIELD, likeCondition } from "./parse-query";
import type { FieldDef, List, ListContext, ListQuery } from "./types";
import { BUSINESS_TZ, likeEscape } from "./values";

const ident = (name: string) => sql.raw(`"${name}"`);
const TZ = sql.raw(`'${BUSINESS_TZ}'`);

/** The JSON form of a field: dates as text, numbers as float8 (the same on PGlite and PostgreSQL). */
export function outputExpr(f: FieldDef, expr: SQL = f.sql): SQL {
  switch (f.type) {
    case "date":
      return sql`to_char((${expr}), 'YYYY-MM-DD')`;
    case "datetime":
      return sql`to_char((${expr}) AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI:SS')`;
    case "number":
    case "euro":
    case "integer":
    case "hours":
      return sql`(${expr})::float8`;
    case "lines":
      return sql`to_jsonb(${expr})`;
    default:
      return expr;
  }
}

export function whereClause(list: List, q: ListQuery, ctx: ListContext): SQL {
  const conds: SQL[] = [];
  const fixed = list.where?.(ctx);
  if (fixed) conds.push(fixed);
  conds.push(...q.conditions);
  if (q.global) {
    const pattern = `%${likeEscape(q.global)}%`;
    const ors = q.visible.filter((n) => list.fields[n].global).map((n) => likeCondition(list.fields[n], pattern));
    if (ors.length > 0) conds.push(sql`(${sql.join(ors, sql` OR `)})`);
  }
  return conds.length
    ? sql` WHERE ${sql.join(
        conds.map((c) => sql`(${c})`),
        sql` AND `,
      )}`
    : sql``;
}

function dir(asc: boolean) {
  return sql.raw(asc ? "ASC" : "DESC");
}

/**
 * A no-op on the sort value that no index matches. With a global search the matches are found
 * through the trigram indexes and a top-N sort orders them; left alone, the planner tends to walk
 * the sort column's b-tree and filter every row it meets (800 ms instead of 25 ms for 'ross' on
 * 200,000 operators, see server/bench/NOTES.md). Shorter terms than a trigram keep the index walk.
 */
function unindexed(f: FieldDef, expr: SQL): SQL {
  switch (f.type) {
    case "integer":
    case "number":
    case "euro":
    case "hours":
    case "date":
      return sql`(${expr}) + 0`;
    case "datetime":
      return sql`(${expr}) + interval '0 seconds'`;
    case "boolean":
      return sql`(${expr})::int`;
    case "text":
      return sql`(${expr}) || ''`;
    default:
      return expr;
  }
}

const GLOBAL_TRIGRAM_MIN = 3;

/** Whether the request's global search is long enough for the trigram indexes (see `unindexed`). */
const searchesByTrigram = (q: ListQuery) => (q.global?.length ?? 0) >= GLOBAL_TRIGRAM_MIN;

function orderClause(list: List, q: ListQuery): SQL {
  const fence = searchesByTrigram(q);
  const parts = q.order.map((o) => {
    const f = list.fields[o.field];
    const expr = f.orderBy ?? f.sql;
    return sql`${fence ? unindexed(f, expr) : expr} ${dir(o.asc)}`;
  });
  const lastAsc = q.order.length ? q.order[q.order.length - 1].asc : true;
  parts.push(sql`${list.key} ${dir(lastAsc)}`);
  return sql` ORDER BY ${sql.join(parts, sql`, `)}`;
}

export function selectColumns(list: List, q: ListQuery): SQL {
  const cols = q.visible.map((n) => sql`${outputExpr(list.fields[n])} AS ${ident(n)}`);
  for (const [n, expr] of Object.entries(list.columns ?? {})) cols.push(sql`${expr} AS ${ident(n)}`);
  return sql.join(cols, sql`, `);
}

const dialect = new PgDialect();
const rendered = new WeakMap<List, Map<string, SQL>>();
const MAX_SHAPES = 200;

/**
 * A fragment that depends only on the declaration and the request's shape (columns, order), held
 * as its SQL text once rendered: drizzle renders a list's dozens of nested fragments on every
 * request otherwise (~0.2 ms of CPU for a 13-column list). Fragments carrying parameters are not
 * held (their text would not match their values).
 */
function staticPart(list: List, key: string, build: () => SQL): SQL {
  let byKey = rendered.get(list);
  if (!byKey) {
    byKey = new Map();
    rendered.set(list, byKey);
  }
  const hit = byKey.get(key);
  if (hit) return hit;
  const fragment = build();
  const r = dialect.sqlToQuery(fragment);
  if (r.params.length > 0 || byKey.size >= MAX_SHAPES) return fragment;
  const raw = sql.raw(r.sql);
  byKey.set(key, raw);
  return raw;
}

/** The page (or, for exports, the whole ordered result when limit is undefined). */
export function rowsQuery(list: List, q: ListQuery, ctx: ListContext, limit?: number, offset = 0): SQL {
  const head = staticPart(
    list,
    `select:${q.visible.join(",")}`,
    () => sql`SELECT ${selectColumns(list, q)} FROM ${list.from}`,
  );
  const order = staticPart(
    list,
    `order:${searchesByTrigram(q)}:${q.order.map((o) => `${o.field}:${o.asc}`).join(",")}`,
    () => orderClause(list, q),
  );
  const base = sql`${head}${whereClause(list, q, ctx)}${order}`;
  return limit === undefined ? base : sql`${base} LIMIT ${limit} OFFSET ${offset}`;
}

export function countQuery(list: List, q: ListQuery, ctx: ListContext): SQL {
  return sql`SELECT count(*)::int AS n FROM ${list.from}${whereClause(list, q, ctx)}`;
}

function aggregates(list: List, q: ListQuery): { name: string; f: FieldDef }[] {
  return q.visible
    .filter((n) => list.fields[n].aggregate && n !== q.groupBy)
    .map((n) => ({ name: n, f: list.fields[n] }));
}

/** One row per group: the group value, `count`, and the aggregates. */
export function groupQuery(list: List, q: ListQuery, ctx: ListContext, limit?: number, offset = 0): SQL {
  const g = list.fields[q.groupBy as string];
  const aggs = aggregates(list, q);
  const cols = [
    sql`${outputExpr(g)} AS ${ident(q.groupBy as string)}`,
    sql`count(*)::int AS ${ident(COUNT_FIELD)}`,
    ...aggs.map(({ name, f }) => sql`(${sql.raw(f.aggregate as string)}(${f.sql}))::float8 AS ${ident(name)}`),
  ];
  const order = q.order.map((o) =>
    o.field === q.groupBy ? sql`${g.orderBy ?? g.sql} ${dir(o.asc)}` : sql`${ident(o.field)} ${dir(o.asc)}`,
  );
  if (!q.order.some((o) => o.field === q.groupBy)) order.push(sql`${g.orderBy ?? g.sql} ASC`);
  const base = sql`SELECT ${sql.join(cols, sql`, `)} FROM ${list.from}${whereClause(list, q, ctx)} GROUP BY ${g.sql}${
    g.orderBy ? sql`, ${g.orderBy}` : sql``
  } ORDER BY ${sql.join(order, sql`, `)}`;
  return limit === undefined ? base : sql`${base} LIMIT ${limit} OFFSET ${offset}`;
}

export function groupCountQuery(list: List, q: ListQuery, ctx: ListContext): SQL {
  const g = list.fields[q.groupBy as string];
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${list.from}${whereClause(list, q, ctx)} GROUP BY ${g.sql}) g`;
}
