/** Unit tests of the list parameters parser (no database): each parameter, bad values, injection attempts. */

import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { z } from "zod";
import { HttpError } from "../../../server/lib/errors";
import { defineList, type ListField, parseListQuery } from "../../../server/lib/list";
import { rowsQuery } from "../../../server/lib/list/build-sql";
import type { List } from "../../../server/lib/list/types";
import type { AuthUser } from "../../../server/lib/tokens";

const user = (permissions: string[]): AuthUser => ({
  id: 1,
  username: "u",
  email: "",
  nome: "",
  cognome: "",
  permissions,
  tokenId: 1,
});
const U = user(["erp_clienti"]);

const list = defineList(
  {
    name: "prova",
    fields: {
      cognome: { label: "Cognome", type: "text", sortable: true, global: true, filter: "contains" },
      prov: { label: "Provincia", type: "text", filter: "in", groupable: true },
      attivo: { label: "Attivo", type: "boolean", filter: "eq" },
      nascita: { label: "Nascita", type: "date", filter: "range", param: "data" },
      importo: { label: "Importo", type: "euro", aggregate: "sum", sortable: true },
      cf: { label: "Codice fiscale", type: "text", sortable: true, permission: ["erp_operatori_anagrafica"] },
      extra: { label: "Extra", type: "json" },
    },
    defaultOrder: [{ field: "cognome", asc: true }],
  },
  {
    from: sql`prova p`,
    key: sql`p.id`,
    sql: {
      cognome: sql`p.cognome`,
      prov: sql`p.prov`,
      attivo: sql`p.attivo`,
      nascita: sql`p.nascita`,
      importo: sql`p.importo`,
      cf: sql`p.cf`,
      extra: sql`p.extra`,
    },
    filters: { min: { schema: z.coerce.number().int(), where: (v) => sql`p.importo >= ${v}` } },
  },
);

const parse = (q: Record<string, unknown>, u: AuthUser = U) => parseListQuery(list, q, { user: u, params: {} });

function errorsOf(q: Record<string, unknown>, u: AuthUser = U): Record<string, string> {
  try {
    parse(q, u);
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    const h = e as HttpError;
    expect(h.statusCode).toBe(400);
    expect(h.detail).toBe("Parametri della lista non validi");
    return h.errors ?? {};
  }
  throw new Error("nessun errore");
}

const toSql = (q: Record<string, unknown>) => {
  const p = parse(q);
  return new PgDialect().sqlToQuery(rowsQuery(list, p, { user: U, params: {}, query: q, filters: p.filters }, 25, 0));
};

describe("parseListQuery", () => {
  it("has defaults: page 1, 25 per page, the default order, every visible exportable field", () => {
    const q = parse({ timestamp: "1699999999", qualcosa: "ignorato" });
    expect(q).toMatchObject({ page: 1, pageSize: 25, order: [{ field: "cognome", asc: true }], groupBy: undefined });
    expect(q.visible).toEqual(["cognome", "prov", "attivo", "nascita", "importo", "extra"]);
    expect(q.exportFields).toEqual(["cognome", "prov", "attivo", "nascita", "importo"]);
  });

  it("reads page and page_size (1..99999)", () => {
    expect(parse({ page: "3", page_size: "100" })).toMatchObject({ page: 3, pageSize: 100 });
    expect(parse({ page_size: "99999" }).pageSize).toBe(99999);
    for (const bad of ["0", "-1", "1.5", "abc", "1e2", ""]) {
      if (bad !== "") expect(errorsOf({ page: bad })).toHaveProperty("page");
    }
    for (const bad of ["0", "100000", "25abc", "-5"]) expect(errorsOf({ page_size: bad })).toHaveProperty("page_size");
  });

  it("allows only sortable, visible fields as order_field", () => {
    expect(parse({ order_field: "importo", order_asc: "false" }).order).toEqual([{ field: "importo", asc: false }]);
    expect(parse({ order_field: "cf" }, user(["erp_operatori_anagrafica"])).order[0].field).toBe("cf");
    for (const bad of ["prov", "cf", "constructor", "__proto__", "cognome; DROP TABLE prova", "p.cognome", "1"]) {
      expect(errorsOf({ order_field: bad })).toEqual({ order_field: "Campo di ordinamento non consentito" });
    }
    expect(errorsOf({ order_asc: "boh" })).toHaveProperty("order_asc");
  });

  it("allows only groupable fields as group_by, ordered by group, count or aggregates", () => {
    const q = parse({ group_by: "prov", order_field: "count", order_asc: "0" });
    expect(q).toMatchObject({ groupBy: "prov", order: [{ field: "count", asc: false }] });
    expect(q.exportFields).toEqual(["prov", "count", "importo"]);
    expect(parse({ group_by: "prov", order_field: "importo" }).order[0].field).toBe("importo");
    expect(errorsOf({ group_by: "cognome" })).toHaveProperty("group_by");
    expect(errorsOf({ group_by: "prov) UNION SELECT 1 --" })).toHaveProperty("group_by");
    expect(errorsOf({ group_by: "prov", order_field: "cognome" })).toHaveProperty("order_field");
  });

  it("validates filter values by type and binds them as parameters (a flag and the page's size written in)", () => {
    const q = toSql({
      attivo: "true",
      prov: "MI,RM",
      data_dal: "01/02/2020",
      data_al: "2020-12-31",
      min: "5",
      cognome: "ro",
    });
    expect(q.params).toEqual(["%ro%", "MI", "RM", "2020-02-01", "2020-12-31", 5]);
    // a validated flag and the page's size are written in: a kept plan is made for them (keepPlans)
    expect(q.sql).toContain("(p.attivo) = true");
    expect(q.sql).toMatch(/ LIMIT 25$/);
    expect(q.sql).toContain("(p.prov) IN ($2::text, $3::text)");
    expect(q.sql).toContain("(p.nascita) >= $4::date");
    expect(errorsOf({ attivo: "forse" })).toHaveProperty("attivo");
    expect(errorsOf({ data_dal: "31/02/2020" })).toHaveProperty("data_dal");
    expect(errorsOf({ min: "5.5" })).toHaveProperty("min");
    expect(errorsOf({ prov: Array.from({ length: 1001 }, () => "X").join(",") })).toHaveProperty("prov");
  });

  it("writes a first page as one statement; past it, or with per-row sub-queries, the page's keys come first", () => {
    const at = (l: List, offset: number) => {
      const p = parseListQuery(l, {}, { user: U, params: {} });
      return new PgDialect().sqlToQuery(
        rowsQuery(l, p, { user: U, params: {}, query: {}, filters: p.filters }, 25, offset),
      ).sql;
    };
    const first = at(list, 0);
    expect(first).not.toContain("page_keys");
    expect(first).toMatch(/ORDER BY .* LIMIT 25$/);
    expect(first).not.toContain("__total");
    const past = at(list, 50);
    expect(past).toMatch(/^WITH page_keys AS MATERIALIZED \(SELECT p\.id AS k FROM prova p /);
    // The total in the same statement, the count run only for a full page: one round trip.
    expect(past).toContain(
      '(CASE WHEN (SELECT count(*) FROM page_keys) < 25 THEN 50 + (SELECT count(*) FROM page_keys) ELSE (SELECT count(*)::int AS n FROM prova p) END)::int AS "__total"',
    );
    const withSubquery = defineList(
      {
        name: "prova_sotto",
        fields: {
          cognome: { label: "Cognome", type: "text", sortable: true },
          corsi: { label: "Corsi", type: "integer" },
        },
        defaultOrder: [{ field: "cognome", asc: true }],
      },
      {
        from: sql`prova p`,
        key: sql`p.id`,
        sql: { cognome: sql`p.cognome`, corsi: sql`(SELECT count(*) FROM corsi c WHERE c.p_id = p.id)` },
      },
    );
    expect(at(withSubquery, 0)).toMatch(/^WITH page_keys AS MATERIALIZED/);
  });

  it("keeps injection attempts in filters and global search out of the SQL text", () => {
    const evil = "x') OR 1=1; DROP TABLE prova; --";
    const q = toSql({ cognome: evil, prov: evil, global: `${evil}%_` });
    expect(q.sql).not.toContain("DROP");
    expect(q.sql).not.toContain("1=1");
    expect(q.params).toContain(`%${evil}%`);
    // The global search binds each word of it (every one must match), '%' and '_' escaped.
    expect(q.params).toContain("%x')%");
    expect(q.params).toContain("%--\\%\\_%");
    expect(errorsOf({ global: "a".repeat(201) })).toHaveProperty("global");
  });

  it("searches only the global fields the user may see", () => {
    const q = toSql({ global: "rossi" });
    expect(q.sql).toContain("(p.cognome)::text ILIKE");
    expect(q.sql).not.toContain("p.cf");
  });

  it("reads file_type, show_fields and hidden_fields", () => {
    expect(parse({ file_type: "pdf", show_fields: "importo,cognome,importo,nope,cf" })).toMatchObject({
      fileType: "pdf",
      exportFields: ["importo", "cognome"],
    });
    expect(parse({ file_type: "csv", hidden_fields: "prov,attivo" }).exportFields).toEqual([
      "cognome",
      "nascita",
      "importo",
    ]);
    expect(errorsOf({ file_type: "xls" })).toHaveProperty("file_type");
    expect(errorsOf({ file_type: "csv", show_fields: "cf" })).toEqual({ show_fields: "Nessuna colonna da esportare" });
  });

  it("rejects declarations that would clash or cannot work", () => {
    const one = (name: string, f: ListField) =>
      defineList({ name: "x", fields: { [name]: f } }, { from: sql`x`, key: sql`x.id`, sql: { [name]: sql`1` } });
    expect(() => one("page", { label: "P", type: "text", filter: "eq" })).toThrow(/riservato/);
    expect(() => one("a b", { label: "A", type: "text" })).toThrow(/non valido/);
    expect(() => one("a", { label: "A", type: "text", aggregate: "sum" })).toThrow(/aggregato/);
  });

  it("needs the SQL of every declared field, and of declared fields only", () => {
    const declaration = { name: "x", fields: { a: { label: "A", type: "text" as const } } };
    const server = { from: sql`x`, key: sql`x.id` };
    expect(() => defineList(declaration, { ...server, sql: {} as { a: SQL } })).toThrow(/manca l'SQL del campo 'a'/);
    expect(() => defineList(declaration, { ...server, sql: { a: sql`1`, b: sql`2` } as { a: SQL } })).toThrow(
      /campo non dichiarato 'b'/,
    );
  });
});
