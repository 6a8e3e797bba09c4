/**
 * renderSql (server/db/render-sql.ts) answers what drizzle's PgDialect.sqlToQuery answers — the same
 * text and the same parameters — for every statement the list engine builds for every list the
 * server registers (each sort both ways, each built-in filter, a global search, each grouping, a
 * later page, the declared common queries; page, count, group and export statements), and for the
 * odd chunks it hands back to drizzle.
 */
import { sql } from "drizzle-orm";
import { integer, PgDialect, pgTable, text } from "drizzle-orm/pg-core";
import { renderSql } from "../../../server/db/render-sql";
import { HttpError } from "../../../server/lib/errors";
import type { List } from "../../../server/lib/list";
import { parseListQuery } from "../../../server/lib/list";
import { countQuery, exportQuery, groupCountQuery, groupQuery, pageQuery } from "../../../server/lib/list/build-sql";
import type { AuthUser } from "../../../server/lib/tokens";
import { describeEachDb } from "../helpers/app";
import { apiRoutes, recordRoutes } from "../helpers/routes";

const routes = recordRoutes();
const dialect = new PgDialect();
const ADMIN: AuthUser = { id: 1, username: "a", email: "", nome: "", cognome: "", permissions: ["admin"], tokenId: 0 };

const drizzle = (q: ReturnType<typeof sql>) => {
  const r = dialect.sqlToQuery(q);
  return { sql: r.sql, params: r.params };
};

/** A value each built-in filter accepts, by the field's type. */
const SAMPLE: Record<string, string> = {
  integer: "7",
  number: "1.5",
  euro: "10",
  hours: "3600",
  boolean: "true",
  date: "2025-06-01",
  datetime: "2025-06-01",
};

/** The period a list over one requires (server/lib/list/periodo.ts), on every request. */
const PERIOD = { dal: "2025-06-01", al: "2025-06-30" };

function requests(list: List): Record<string, string>[] {
  const out: Record<string, string>[] = [{}, { page: "3", page_size: "10" }, { global: "rossi ma" }];
  for (const [name, f] of Object.entries(list.fields)) {
    const param = f.param ?? name;
    const value = SAMPLE[f.type] ?? "abc";
    if (f.sortable) out.push({ order_field: name }, { order_field: name, order_asc: "false", page: "2" });
    if (f.groupable) out.push({ group_by: name }, { group_by: name, page: "2", page_size: "5" });
    if (f.filter === "eq") out.push({ [param]: value });
    if (f.filter === "in") out.push({ [param]: `${value},${value}` });
    if (f.filter === "contains" || f.filter === "starts") out.push({ [param]: "ab%c" });
    if (f.filter === "range") out.push({ [`${param}_dal`]: value, [`${param}_al`]: value });
  }
  for (const q of list.commonQueries ?? []) out.push({ ...q }, { ...q, page: "2" });
  return out.map((q) => (list.filters?.dal && list.filters.al ? { ...PERIOD, ...q } : q));
}

describeEachDb("renderSql", (ctx) => {
  it("renders every list statement as drizzle does", () => {
    expect(ctx().app).toBeDefined();
    const lists = apiRoutes(routes).filter((r) => r.method === "GET" && r.config.list);
    expect(lists.length).toBeGreaterThanOrEqual(20);
    let compared = 0;
    for (const r of lists) {
      const list = r.config.list as List;
      const base = { user: ADMIN, params: { id: "1", operatoreId: "1", eventoId: "1" } };
      for (const raw of requests(list)) {
        let statements: ReturnType<typeof sql>[];
        try {
          const q = parseListQuery(list, raw, base);
          const c = { ...base, query: raw, filters: q.filters };
          const offset = (q.page - 1) * q.pageSize;
          statements = q.groupBy
            ? [groupQuery(list, q, c, q.pageSize, offset), groupCountQuery(list, q, c)]
            : [pageQuery(list, q, c, q.pageSize, offset), countQuery(list, q, c), exportQuery(list, q, c)];
        } catch (e) {
          if (e instanceof HttpError) continue; // a combination the list refuses (a 400)
          throw e;
        }
        for (const s of statements) {
          expect({ list: list.name, raw, ...renderSql(s) }).toEqual({ list: list.name, raw, ...drizzle(s) });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(1500);
  });

  it("renders nested fragments, lists, nulls, dates, JSON objects and raw text as drizzle does", () => {
    const d = new Date("2025-06-01T10:00:00Z");
    const cases = [
      sql`SELECT ${1}, ${"a"}, ${null}, ${true}, ${d}, ${{ a: 1 }}::jsonb`,
      sql`x IN ${[1, 2, 3]} AND y IN ${[]} AND z = ${undefined}`,
      sql`${sql`(${sql.raw("a")} = ${2})`} OR ${sql.join([sql`b = ${3}`, sql`c = ${4}`], sql` AND `)}`,
      sql`${sql.param(5)} + ${sql.param(null)}`,
      sql``,
    ];
    for (const c of cases) expect(renderSql(c)).toEqual(drizzle(c));
  });

  it("hands drizzle's own objects to drizzle: tables, columns, identifiers, inlined values", () => {
    const t = pgTable("prova_render", { id: integer("id"), nome: text("nome") });
    const cases = [
      sql`SELECT ${t.id}, ${t.nome} FROM ${t} WHERE ${t.id} = ${1}`,
      sql`SELECT ${sql.identifier("nome")} FROM x WHERE y = ${2}`,
      sql`SELECT ${3}, ${"b"}`.inlineParams(),
      sql`SELECT ${sql`${4}`.inlineParams()} WHERE z = ${5}`,
    ];
    for (const c of cases) expect(renderSql(c)).toEqual(drizzle(c));
  });
});
