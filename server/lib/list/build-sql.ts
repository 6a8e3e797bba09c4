/**
 * SQL of a parsed list request. Names only ever come from the declaration (fields, aliases).
 * Values from the request are bound parameters (see values.ts) — except what is written into the
 * statement so a kept plan stays one plan: LIMIT and OFFSET (checked safe integers, `int`), the
 * sort direction (ASC/DESC) and the business time zone (a constant). None of these is text from the
 * client; every string, number or date of a filter or search stays bound.
 */
import { SQL, StringChunk, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { COUNT_FIELD, likeCondition } from "./parse-query";
import type { FieldDef, List, ListContext, ListJoin, ListQuery } from "./types";
import { BUSINESS_TZ, likeEscape } from "./values";

const ident = (name: string) => sql.raw(`"${name}"`);
/**
 * A page's LIMIT or OFFSET written into the statement, not bound: a kept plan (`keepPlans`) is then
 * made for this page's size and offset (a generic plan for an unknown OFFSET walked the wrong way:
 * operators' page 200 at 10 connections 2.7 → 5.3 ms). Only a non-negative safe integer gets here.
 */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`LIMIT/OFFSET non valido: ${n}`);
  return sql.raw(String(n));
}
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

/** The words of a global search: every one must match some searchable field, in any order. */
export function globalWords(q: ListQuery): string[] {
  return q.global ? [...new Set(q.global.split(/\s+/).filter((w) => w !== ""))] : [];
}

// Shared constant fragments: nothing in the engine appends to a fragment (SQL.append mutates).
const AND = sql` AND `;
const NOTHING = sql``;

export function whereClause(list: List, q: ListQuery, ctx: ListContext): SQL {
  const conds: SQL[] = [];
  const fixed = list.where?.(ctx);
  if (fixed) conds.push(fixed);
  for (const c of q.conditions) conds.push(c);
  if (q.searched.length > 0) {
    // 'Rossi Marco' and 'Marco Rossi' alike: each word in any searchable field (an AND of ORs, each
    // OR served by the fields' trigram indexes and the planner's BitmapOr/BitmapAnd).
    for (const word of globalWords(q)) {
      const pattern = `%${likeEscape(word)}%`;
      conds.push(
        sql`(${sql.join(
          q.searched.map((n) => likeCondition(list.fields[n], pattern)),
          sql` OR `,
        )})`,
      );
    }
  }
  if (conds.length === 0) return NOTHING;
  for (let i = 0; i < conds.length; i++) conds[i] = sql`(${conds[i]})`;
  return sql` WHERE ${sql.join(conds, AND)}`;
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

/** Whether a word of the request's global search is long enough for the trigram indexes (see `unindexed`). */
export const searchesByTrigram = (q: ListQuery) => globalWords(q).some((w) => w.length >= GLOBAL_TRIGRAM_MIN);

/**
 * The ORDER BY: the requested (or default) fields, then the key, in the direction of the last
 * field — so that one b-tree index (field, key) serves it forwards and backwards. `fence`: the sort
 * values shielded from index walks (a trigram search, see `unindexed`).
 */
function orderClause(list: List, q: ListQuery, fence: boolean): SQL {
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
 * held (their text would not match their values). `cachedPart(list, key) ?? keepPart(list, key,
 * build())`: no closure per request (each is also renamed by tsx's keepNames when created).
 */
function cachedPart(list: List, key: string): SQL | undefined {
  return rendered.get(list)?.get(key);
}

/** Keeps `fragment` as its text under `key` (see above); answers what to use in its place. */
function keepPart(list: List, key: string, fragment: SQL): SQL {
  let byKey = rendered.get(list);
  if (!byKey) {
    byKey = new Map();
    rendered.set(list, byKey);
  }
  const r = dialect.sqlToQuery(fragment);
  if (r.params.length > 0 || byKey.size >= MAX_SHAPES) return fragment;
  const raw = sql.raw(r.sql);
  byKey.set(key, raw);
  return raw;
}

interface JoinPlan {
  /**
   * Aliases in declaration order, with their join, a test for `alias.` in a statement's text and
   * whether every statement carries it (a join that may add rows).
   */
  joins: { alias: string; sql: SQL; named: RegExp; needs: string[]; always: boolean }[];
}

/** The SQL of a declared join (types.ts `ListJoin`). */
export function listJoinSql(alias: string, join: ListJoin): SQL {
  if ("many" in join) return join.many;
  if ("lateral" in join) return join.lateral;
  // Names as text, the fast path of db/render-sql.ts: defineList admits only [a-z_][a-z0-9_]*.
  const name = (n: string) => {
    if (!/^[a-z_][a-z0-9_]*$/.test(n)) throw new Error(`join '${alias}': nome non valido '${n}'`);
    return sql.raw(n);
  };
  const on = Object.entries(join.on).map(([column, value]) => sql`${name(alias)}.${name(column)} = ${value}`);
  return sql`${sql.raw(join.left ? "LEFT JOIN" : "JOIN")} ${name(join.table)} ${name(alias)} ON ${sql.join(on, sql` AND `)}`;
}
const joinPlans = new WeakMap<List, JoinPlan>();

function joinPlan(list: List): JoinPlan {
  let plan = joinPlans.get(list);
  if (!plan) {
    const entries = Object.entries(list.joins ?? {});
    const named = (alias: string) => new RegExp(`(?<![\\w."])${alias}\\.`);
    plan = {
      joins: entries.map(([alias, join], i) => {
        const rendered = listJoinSql(alias, join);
        const text = dialect.sqlToQuery(rendered).sql;
        // The aliases of earlier joins its ON clause names.
        const needs = entries.slice(0, i).flatMap(([a]) => (named(a).test(text) ? [a] : []));
        return { alias, sql: rendered, named: named(alias), needs, always: "many" in join };
      }),
    };
    joinPlans.set(list, plan);
  }
  return plan;
}

/** `from` and the joins whose alias `text` names (with the joins those need), in declaration order. */
function fromFor(list: List, text: string | undefined): SQL {
  const plan = joinPlan(list);
  if (plan.joins.length === 0) return list.from;
  const wanted = new Set<string>();
  for (let i = plan.joins.length - 1; i >= 0; i--) {
    const j = plan.joins[i];
    if (text === undefined || j.always || wanted.has(j.alias) || j.named.test(text)) {
      wanted.add(j.alias);
      for (const a of j.needs) wanted.add(a);
    }
  }
  const used = plan.joins.filter((j) => wanted.has(j.alias));
  return used.length
    ? sql`${list.from} ${sql.join(
        used.map((j) => j.sql),
        sql` `,
      )}`
    : list.from;
}

/**
 * The SQL text of a fragment without its parameters, to see which join aliases it names: its
 * string chunks gathered, cheaper than rendering it (the statement is rendered once, later).
 */
function textOf(fragment: SQL): string {
  const out: string[] = [];
  // instanceof, not drizzle's is(): that one walks the class chain by entity kind (a third of
  // the page's build time when measured).
  const walk = (chunk: unknown) => {
    if (chunk instanceof SQL) for (const c of chunk.queryChunks) walk(c);
    else if (chunk instanceof StringChunk) out.push(...chunk.value);
  };
  walk(fragment);
  return out.join(" ");
}

/** The FROM of a statement whose WHERE (and ORDER BY) are these: only the joins they name. */
function fromNeeded(list: List, where: SQL, order?: SQL): SQL {
  if (!list.joins) return list.from;
  return fromFor(list, `${textOf(where)} ${order ? textOf(order) : ""}`);
}

/** The whole ordered result with every column: exports (streamed), not pages. */
export function exportQuery(list: List, q: ListQuery, ctx: ListContext): SQL {
  const headKey = `select:${q.shapeKey}`;
  const head =
    cachedPart(list, headKey) ??
    keepPart(list, headKey, sql`SELECT ${selectColumns(list, q)} FROM ${fromFor(list, undefined)}`);
  const fence = searchesByTrigram(q);
  return sql`${head}${whereClause(list, q, ctx)}${orderPart(list, q, fence)}`;
}

/** The ORDER BY of a request as a held part (see `keepPart`). */
function orderPart(list: List, q: ListQuery, fence: boolean): SQL {
  const key = `order:${fence}:${q.orderKey}`;
  return cachedPart(list, key) ?? keepPart(list, key, orderClause(list, q, fence));
}

const subqueries = new WeakMap<List, Map<string, boolean>>();

/** Whether the row's columns (the visible ones and the always-selected) contain a sub-query, or need a lateral join. */
function hasSubqueries(list: List, q: ListQuery): boolean {
  let byShape = subqueries.get(list);
  if (!byShape) {
    byShape = new Map();
    subqueries.set(list, byShape);
  }
  const key = q.shapeKey;
  let has = byShape.get(key);
  if (has === undefined) {
    const columns = textOf(selectColumns(list, q));
    // A LATERAL join the columns need is a sub-query per row too (Marginalità's service costs).
    has = /\(\s*SELECT\b/i.test(columns) || /\bLATERAL\b/i.test(textOf(fromFor(list, columns)));
    if (byShape.size < MAX_SHAPES) byShape.set(key, has);
  }
  return has;
}

/** The name of the total a page statement may carry (see `pageQuery`). */
export const PAGE_TOTAL = "__total";

/**
 * A page, as a DBA writes it: the keys of the page first, from the narrowest statement that finds
 * them (only the joins its WHERE and ORDER BY name, so an index — often index-only — serves the
 * order and the skipped rows cost an index entry each); then the page's rows with every column,
 * join and per-row sub-query, for those keys only. That statement also carries the total
 * (`__total` on every row): with a trigram search — every match read and sorted anyway — a window
 * count of the matches; otherwise the count statement, run by the database only when the page is
 * full. One round trip for a page and its total (operators' first page: 7.4 → 6.8 ms at 10
 * connections, server/bench/NOTES.md). The plain first page below stays one statement without a
 * total: putting the count in it made a record's Log tab (a page that is rarely full) 18–35 %
 * slower, planning the count even when it is not run; the engine counts apart only if it is full.
 */
/** The keys of a page (`k`, and with a trigram search the number of matches `n`), see `pageQuery`. */
export function pageKeysQuery(list: List, q: ListQuery, ctx: ListContext, limit: number, offset: number): SQL {
  const fence = searchesByTrigram(q);
  const where = whereClause(list, q, ctx);
  const order = orderPart(list, q, fence);
  return sql`SELECT ${list.key} AS k${fence ? sql`, count(*) OVER () AS n` : sql``} FROM ${fromNeeded(
    list,
    where,
    order,
  )}${where}${order} LIMIT ${int(limit)} OFFSET ${int(offset)}`;
}

export function pageQuery(list: List, q: ListQuery, ctx: ListContext, limit: number, offset: number): SQL {
  const fence = searchesByTrigram(q);
  // The first page of a list whose rows carry no per-row sub-query skips nothing and computes
  // nothing expensive: one plain statement is what a DBA writes (the log of a record: 0.13 → 0.08 ms
  // of execution, a third less planning). Keys first pays off with an offset or sub-queries.
  if (offset === 0 && !fence && !hasSubqueries(list, q)) {
    return sql`${exportQuery(list, q, ctx)} LIMIT ${int(limit)}`;
  }
  const ids = pageKeysQuery(list, q, ctx, limit, offset);
  const columnsKey = `columns:${q.shapeKey}`;
  const columns = cachedPart(list, columnsKey) ?? keepPart(list, columnsKey, sql`SELECT ${selectColumns(list, q)}`);
  const rows =
    cachedPart(list, "rows") ??
    keepPart(
      list,
      "rows",
      sql` FROM ${fromFor(list, undefined)} WHERE ${list.key} = ANY (ARRAY(SELECT page_keys.k FROM page_keys))`,
    );
  // The total: a trigram search's window count of its matches; otherwise the count statement, which
  // the database runs only for a full page (an init plan is run when first needed, and CASE does not
  // reach it otherwise): a page that is not full tells its total.
  const keys = sql`(SELECT count(*) FROM page_keys)`;
  const total = fence
    ? sql`(SELECT max(page_keys.n) FROM page_keys)`
    : sql`CASE WHEN ${keys} < ${int(limit)} THEN ${int(offset)} + ${keys} ELSE (${countQuery(list, q, ctx)}) END`;
  const order = orderPart(list, q, false);
  return sql`WITH page_keys AS MATERIALIZED (${ids}) ${columns}, (${total})::int AS ${ident(PAGE_TOTAL)}${rows}${order}`;
}

/**
 * The page (limit given: see `pageQuery`) or, for exports, the whole ordered result.
 */
export function rowsQuery(list: List, q: ListQuery, ctx: ListContext, limit?: number, offset = 0): SQL {
  return limit === undefined ? exportQuery(list, q, ctx) : pageQuery(list, q, ctx, limit, offset);
}

/** Whether the request's conditions are only `eq` / `in` filters (no search, no other filter). */
function equalitiesOnly(q: ListQuery): boolean {
  return (
    globalWords(q).length === 0 &&
    Object.keys(q.filters).length === 0 &&
    Object.keys(q.equalities).length === q.conditions.length
  );
}

/**
 * Whether the request's statements keep their plans (`keepPlans`, db/query.ts queryRowsKeptPlan):
 * only a request filtered by equalities alone, whose generic plan list-indexes.test.ts checks; a
 * search's or a range's best plan depends on the value (a rare word against a common one).
 */
export function keepsPlan(list: List, q: ListQuery): boolean {
  return list.keepPlans === true && equalitiesOnly(q);
}

/**
 * The sum of the list's `keptTotals` for a request whose only conditions are equality filters on
 * their fields; undefined for any other request.
 */
function keptCountQuery(list: List, q: ListQuery): SQL | undefined {
  const kept = list.keptTotals;
  if (!kept || !equalitiesOnly(q)) return undefined;
  const names = Object.keys(q.equalities);
  if (!names.every((n) => Object.hasOwn(kept.by, n))) return undefined;
  const conds = names.map((n) => sql`${kept.by[n]} IN (${sql.join(q.equalities[n], sql`, `)})`);
  const where = conds.length ? sql` WHERE ${sql.join(conds, sql` AND `)}` : sql``;
  return sql`SELECT coalesce(sum(n), 0)::int AS n FROM ${kept.table}${where}`;
}

/**
 * count(*) with the request's WHERE, carrying only the joins that WHERE names; the list's kept
 * `total` when the request neither filters nor searches, its `keptTotals` when it filters only on
 * their fields' values.
 */
export function countQuery(list: List, q: ListQuery, ctx: ListContext): SQL {
  if (list.total && q.conditions.length === 0 && globalWords(q).length === 0) {
    return sql`SELECT (${list.total})::int AS n`;
  }
  const kept = keptCountQuery(list, q);
  if (kept) return kept;
  const where = whereClause(list, q, ctx);
  return sql`SELECT count(*)::int AS n FROM ${fromNeeded(list, where)}${where}`;
}

function aggregates(list: List, q: ListQuery): { name: string; f: FieldDef }[] {
  return q.visible
    .filter((n) => list.fields[n].aggregate && n !== q.groupBy)
    .map((n) => ({ name: n, f: list.fields[n] }));
}

/**
 * Whether the request's groups go in two steps (the field's `group`: by its key first, then by its
 * value over the key's join): every aggregate shown must be decomposable (a sum of sums…).
 */
function twoSteps(list: List, q: ListQuery): FieldDef["group"] {
  const g = list.fields[q.groupBy as string];
  return g.group && aggregates(list, q).every(({ f }) => f.aggregate !== "avg") ? g.group : undefined;
}

/**
 * The sums row (`totali=true`, issue 32 item 4): each visible aggregate field over every row the
 * request selects — one row, only the joins the sums and the condition name; undefined when the list
 * has none.
 */
export function totalsQuery(list: List, q: ListQuery, ctx: ListContext): SQL | undefined {
  const aggs = aggregates(list, q);
  if (aggs.length === 0) return undefined;
  const cols = aggs.map(({ name, f }) => sql`(${sql.raw(f.aggregate as string)}(${f.sql}))::float8 AS ${ident(name)}`);
  const where = whereClause(list, q, ctx);
  return sql`SELECT ${sql.join(cols, sql`, `)} FROM ${fromFor(list, `${textOf(sql.join(cols, sql`, `))} ${textOf(where)}`)}${where}`;
}

/** One row per group: the group value, `count`, and the aggregates. */
export function groupQuery(list: List, q: ListQuery, ctx: ListContext, limit?: number, offset = 0): SQL {
  const g = list.fields[q.groupBy as string];
  const aggs = aggregates(list, q);
  const order = q.order.map((o) =>
    o.field === q.groupBy ? sql`${g.orderBy ?? g.sql} ${dir(o.asc)}` : sql`${ident(o.field)} ${dir(o.asc)}`,
  );
  if (!q.order.some((o) => o.field === q.groupBy)) order.push(sql`${g.orderBy ?? g.sql} ASC`);
  const where = whereClause(list, q, ctx);
  const groupBy = sql`GROUP BY ${g.sql}${g.orderBy ? sql`, ${g.orderBy}` : sql``}`;
  const page = limit === undefined ? sql`` : sql` LIMIT ${int(limit)} OFFSET ${int(offset)}`;
  const two = twoSteps(list, q);
  if (two) {
    // Sums per key over the list's rows (only the joins the sums and the condition name), then per
    // value over the key's join: a million rows grouped on an integer, a few thousand on the text.
    const inner = [
      sql`${two.key} AS k`,
      sql`count(*) AS n`,
      ...aggs.map(({ name, f }) => sql`${sql.raw(f.aggregate as string)}(${f.sql}) AS ${ident(name)}`),
    ];
    const from = fromFor(list, `${textOf(sql.join(inner, sql`, `))} ${textOf(where)}`);
    const cols = [
      sql`${outputExpr(g)} AS ${ident(q.groupBy as string)}`,
      sql`sum(x.n)::int AS ${ident(COUNT_FIELD)}`,
      // sum of sums, min of mins, max of maxes (avg never comes here: twoSteps).
      ...aggs.map(
        ({ name, f }) => sql`(${sql.raw(f.aggregate as string)}(x.${ident(name)}))::float8 AS ${ident(name)}`,
      ),
    ];
    // The sums per key the database keeps, when the list has them for this request.
    const first =
      list.groupSummary?.(
        q,
        ctx,
        aggs.map((a) => a.name),
      ) ?? sql`SELECT ${sql.join(inner, sql`, `)} FROM ${from}${where} GROUP BY ${two.key}`;
    return sql`SELECT ${sql.join(cols, sql`, `)} FROM (${first}) x ${two.join} ${groupBy} ORDER BY ${sql.join(order, sql`, `)}${page}`;
  }
  const cols = [
    sql`${outputExpr(g)} AS ${ident(q.groupBy as string)}`,
    sql`count(*)::int AS ${ident(COUNT_FIELD)}`,
    ...aggs.map(({ name, f }) => sql`(${sql.raw(f.aggregate as string)}(${f.sql}))::float8 AS ${ident(name)}`),
  ];
  // Only the joins the groups' columns, the condition and the order name (as the count): a group
  // by operator over a year does not join each assignment's contract, client and qualification.
  const from = fromFor(list, `${textOf(sql.join(cols, sql`, `))} ${textOf(where)} ${textOf(sql.join(order, sql`, `))}`);
  return sql`SELECT ${sql.join(cols, sql`, `)} FROM ${from}${where} ${groupBy} ORDER BY ${sql.join(order, sql`, `)}${page}`;
}

export function groupCountQuery(list: List, q: ListQuery, ctx: ListContext): SQL {
  const g = list.fields[q.groupBy as string];
  const where = whereClause(list, q, ctx);
  const two = g.group;
  // The page's first step as it is (its plan reads the kept rows and the period's rows by day; asked
  // for no sums, PostgreSQL walked a whole index of the rows for their keys).
  const kept =
    two &&
    list.groupSummary?.(
      q,
      ctx,
      aggregates(list, q).map((a) => a.name),
    );
  if (two && kept)
    return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (${kept}) x ${two.join} GROUP BY ${g.sql}) g`;
  if (two) {
    return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM (SELECT DISTINCT ${two.key} AS k FROM ${fromNeeded(
      list,
      where,
      two.key,
    )}${where}) x ${two.join} GROUP BY ${g.sql}) g`;
  }
  return sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${fromNeeded(list, where, g.sql)}${where} GROUP BY ${g.sql}) g`;
}
