/**
 * The declarative shape of a list (see README.md): a base FROM, fields with their SQL expression,
 * Italian label, type and what may be done with them (sort, filter, group, search, export).
 */
import type { SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AuthUser } from "../tokens";

/**
 * How a value is read, filtered and exported.
 * - text: string; number: decimal (2 decimals in exports); integer; euro: money (€ 2 decimals);
 * - date: 'YYYY-MM-DD' in JSON, DD/MM/YYYY in exports;
 * - datetime: 'YYYY-MM-DD HH:mm:ss' (Europe/Rome) in JSON, DD/MM/YYYY HH:mm:ss in exports;
 * - boolean: true/false in JSON, 'Sì'/'No' in exports;
 * - hours: seconds (integer) in JSON, HH:MM in exports;
 * - lines: a list of strings (jsonb array or text[]), one per line in exports;
 * - json: any JSON value; never filterable, sortable or exported.
 */
export type FieldType =
  | "text"
  | "number"
  | "integer"
  | "euro"
  | "date"
  | "datetime"
  | "boolean"
  | "hours"
  | "lines"
  | "json";

/**
 * Built-in filter operators; the query parameter is the field name unless said otherwise.
 * - eq: `?f=v` → `expr = v` (booleans accept true/false/1/0);
 * - in: `?f=a,b,c` (or repeated `?f=a&f=b`) → `expr IN (…)`;
 * - contains: `?f=ross` → case-insensitive `expr ILIKE '%ross%'` (accent-insensitive with `unaccent: true`);
 * - starts: `?f=ross` → `expr ILIKE 'ross%'` (case-insensitive);
 * - range: `?f_dal=…&f_al=…` (both optional, inclusive; for datetime fields a date `al` covers the whole day).
 */
export type FilterOp = "eq" | "in" | "contains" | "starts" | "range";

export type Aggregate = "sum" | "avg" | "min" | "max";

export interface FieldDef {
  /** Italian column label (exports, OpenAPI, the SPA's column header). */
  label: string;
  type: FieldType;
  /** A fixed SQL expression over the list's FROM (never built from user input). */
  sql: SQL;
  /** May be used as order_field. */
  sortable?: boolean;
  /** Sorting expression when it differs from `sql` (e.g. sql`lower(o.cognome)` to use an index). */
  orderBy?: SQL;
  /** Searched by the `global` parameter (case-insensitive contains, ILIKE '%…%'). */
  global?: boolean;
  /**
   * `global` and `contains` ignore accents too (f_unaccent(expr) ILIKE f_unaccent('%…%')); index
   * with `gin (f_unaccent(col) gin_trgm_ops)`. Default false: plain ILIKE, served by `gin (col gin_trgm_ops)`.
   */
  unaccent?: boolean;
  /** Built-in filter; `param` renames the query parameter (for range: `${param}_dal`/`${param}_al`). */
  filter?: FilterOp;
  param?: string;
  /** May be used as group_by (one row per value, with `count` and the aggregates). */
  groupable?: boolean;
  /** Aggregated in grouped answers (numeric types; default for number/euro/integer/hours: none). */
  aggregate?: Aggregate;
  /** Included in exports (default true except for `json`). */
  exportable?: boolean;
  /**
   * Only users with ANY of these permissions see (select, filter, sort, search, export) the field
   * — personal data such as codice fiscale or IBAN. Others never get it: not even in exports.
   */
  permission?: readonly string[];
}

/** What the list's `where`, custom filters and `map` may look at. */
export interface ListContext {
  user: AuthUser | null;
  /** Route params (e.g. `{ id: "12" }` for `/contratti/:id/servizi/`). */
  params: Record<string, string>;
  /** The raw querystring. */
  query: Record<string, unknown>;
  /** The parsed values of the custom filters present in the request. */
  filters: Record<string, unknown>;
  request?: FastifyRequest;
}

export interface CustomFilter<S extends z.ZodType = z.ZodType> {
  /** Validates the raw query value (a string, or a string[] when repeated); failures → 400. */
  schema: S;
  /** The condition for a present value; undefined adds nothing. */
  where: (value: z.output<S>, ctx: ListContext) => SQL | undefined;
}

export interface OrderSpec {
  field: string;
  asc: boolean;
}

export interface ListDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  /** Export filename prefix: `<name>-YYYYMMDD-HHmm.xlsx`; also the PDF title unless `title`. */
  name: string;
  /** Italian title of PDF exports (default: name). */
  title?: string;
  /**
   * FROM clause: the table the key belongs to, with the joins every statement needs (an inner join
   * that filters rows stays here): sql`operatori o`.
   */
  from: SQL;
  /**
   * Joins a statement carries only when it names their alias (`alias.`): the count, the page's ids
   * and the grouped answer leave out those nothing in their WHERE/ORDER BY uses; the rows of the
   * page and exports carry them all. Each must keep every row of what precedes it and add none —
   * a LEFT JOIN on a unique key, or an inner join on a NOT NULL foreign key — so leaving it out
   * changes no count. In declaration order; a join whose ON names another's alias brings it along.
   *   joins: { v: sql`LEFT JOIN valutazioni v ON v.id = o.rating` }
   */
  joins?: Record<string, SQL>;
  /** Fixed conditions (tenant, route params, soft-deleted rows…). */
  where?: (ctx: ListContext) => SQL | undefined;
  fields: F;
  /** Extra selected columns, not fields (not filterable or exported): for `map`. */
  columns?: Record<string, SQL>;
  filters?: Record<string, CustomFilter>;
  /**
   * The exact count of the list with no filter and no search (only `where`), when the database
   * keeps it (a total maintained by triggers): counted instead of reading every row's index entry.
   *   total: sql`(SELECT n FROM liste_totali WHERE lista = 'operatori')`
   */
  total?: SQL;
  /** A unique, non-null expression appended to every ORDER BY so pages are stable (e.g. sql`o.id`). */
  key: SQL;
  defaultOrder?: OrderSpec[];
  /**
   * The common requests of the screen (filters and sort as query parameters, e.g.
   * `{ attivo: "true", prov: "RM" }`) that a composite index beside the list's migration serves.
   * test/server/list/list-indexes.test.ts EXPLAINs each, as it does every sortable field and
   * every filter, on a dataset big enough for the planner to prefer indexes.
   */
  commonQueries?: Record<string, string>[];
  /** Reshapes one JSON result (not exports). Receives fields and columns by name. */
  map?: (row: Record<string, unknown>, ctx: ListContext) => Record<string, unknown>;
}

/** A list after defineList: validated and ready for runList / registerListRoute. */
export type List<F extends Record<string, FieldDef> = Record<string, FieldDef>> = Readonly<ListDef<F>> & {
  readonly __list: true;
};

export type FileType = "xlsx" | "csv" | "pdf";

/** The parsed, validated request. */
export interface ListQuery {
  page: number;
  pageSize: number;
  global?: string;
  order: OrderSpec[];
  groupBy?: string;
  /** Conditions from built-in and custom filters (already bound SQL). */
  conditions: SQL[];
  filters: Record<string, unknown>;
  fileType?: FileType;
  /** Export columns in order (after show_fields / hidden_fields). */
  exportFields: string[];
  /** Fields this user may see. */
  visible: string[];
}

export interface ListResult<T = Record<string, unknown>> {
  results: T[];
  count: number;
  page: number;
}
