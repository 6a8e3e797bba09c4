/**
 * The declarative shape of a list (see README.md): the shared declaration of its fields (Italian
 * label, type, what may be done with them — src/domain/contracts/list.ts) and the server's SQL: a
 * base FROM, each field's expression, joins, custom filters.
 */
import type { SQL } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { ListDeclaration, ListField, OrderSpec } from "../../../src/domain/contracts/list";
import type { AuthUser } from "../tokens";

export type {
  Aggregate,
  FieldType,
  FilterOp,
  ListDeclaration,
  ListField,
  OrderSpec,
} from "../../../src/domain/contracts/list";

/** How the server reads a field: its SQL. */
export interface FieldSql {
  /** A fixed SQL expression over the list's FROM (never built from user input). */
  sql: SQL;
  /** Sorting expression when it differs from `sql` (e.g. sql`lower(o.cognome)` to use an index). */
  orderBy?: SQL;
  /**
   * A groupable field whose value is determined by a key of the list's rows: group_by sums per
   * `key` first (an integer over the FROM, never NULL), then per value over `join`, which reads
   * the key as `x.k` and must find exactly one row for it (an inner join on the key) — `sql` and
   * `orderBy` are evaluated there. The same groups as one GROUP BY, without grouping every row
   * on text (two operators with the same name are still one group). avg aggregates group in one step.
   *   operatore: { sql: sql`o.cognome || ' ' || o.nome`, group: { key: sql`r.operatore_id`,
   *                join: sql`JOIN operatori o ON o.id = x.k` } }
   */
  group?: { key: SQL; join: SQL };
}

/** A field as the engine reads it: the shared declaration's and its SQL. */
export type FieldDef = ListField & FieldSql;

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
  /** The current time for filters that read it, when no request carries the server's clock (a service's runList). */
  clock?: () => Date;
}

/** What a request gives the engine before its filters are parsed (see parse-query.ts `listContext`). */
export type ListBase = Omit<ListContext, "filters" | "query">;

export interface CustomFilter<S extends z.ZodType = z.ZodType> {
  /** Validates the raw query value (a string, or a string[] when repeated); failures → 400. */
  schema: S;
  /** The condition for a present value; undefined adds nothing. */
  where: (value: z.output<S>, ctx: ListContext) => SQL | undefined;
}

/**
 * A join of a list, with its multiplicity (a LATERAL sub-query: `lateral`, below):
 * - to one row of `table`: `on` maps columns of `table` to the expressions they equal; the engine
 *   writes `[LEFT] JOIN table alias ON alias.column = expression AND …`. The columns must hold a
 *   unique key of the table (checked at start-up); an inner one must also always find its row (a
 *   NOT NULL foreign key), or it would drop rows a count without it keeps;
 * - `{ many }`: a join (or LATERAL sub-query) that may add rows: every statement carries it.
 */
export type ListJoin =
  | { table: string; on: Record<string, SQL>; left?: boolean }
  | { many: SQL }
  /**
   * A LATERAL sub-query that gives one row per row (`LEFT JOIN LATERAL (…) x ON true` over an
   * aggregate without GROUP BY, a LIMIT 1, or lookups by primary keys): the database cannot check
   * it, so the declaration says why in `oneRow`, for the reviewer.
   */
  | { lateral: SQL; oneRow: string };

/**
 * The server's side of a list: how each declared field is read (`sql`), from where, and what only
 * the server knows (joins, fixed conditions, custom filters, the reshaping of a row).
 */
export interface ListSql<F extends Record<string, ListField> = Record<string, ListField>> {
  /**
   * FROM clause: the table the key belongs to, with the joins every statement needs (an inner join
   * that filters rows stays here): sql`operatori o`.
   */
  from: SQL;
  /**
   * Joins a statement carries only when it names their alias (`alias.`): the count, the page's ids
   * and the grouped answer leave out those nothing in their WHERE/ORDER BY uses; the rows of the
   * page and exports carry them all. Each is declared with its multiplicity (`ListJoin`): a join to
   * one row keeps every row of what precedes it and adds none — so leaving it out changes no
   * count — and the server refuses to start when its columns are not a unique key of its table
   * (`checkListJoins`); a join that may add rows is declared `many` and never left out. In
   * declaration order; a join whose ON names another's alias brings it along.
   *   joins: { v: { table: "valutazioni", on: { id: sql`o.rating` }, left: true } }
   */
  joins?: Record<string, ListJoin>;
  /** Fixed conditions (tenant, route params, soft-deleted rows…). */
  where?: (ctx: ListContext) => SQL | undefined;
  /** Every declared field's SQL: the expression, or `{sql, orderBy}`. */
  sql: { [K in keyof F]: SQL | FieldSql };
  /** Extra selected columns, not fields (not filterable or exported): for `map`. */
  columns?: Record<string, SQL>;
  filters?: Record<string, CustomFilter>;
  /**
   * The exact count of the list with no filter and no search (only `where`), when the database
   * keeps it (a total maintained by triggers): counted instead of reading every row's index entry.
   *   total: sql`(SELECT n FROM liste_totali WHERE lista = 'operatori')`
   */
  total?: SQL;
  /**
   * Exact counts the database keeps by the values of some fields (a table maintained by triggers,
   * counting the rows `where` shows): a request whose only conditions are `eq` / `in` filters on
   * those fields — no search, no other filter — sums the table's rows for the values asked instead
   * of reading every matching row's index entry. `by`: each field's column in `table`.
   *   keptTotals: { table: sql`operatori_totali_prov t`, by: { prov: sql`t.prov`, attivo: sql`t.attivo` } }
   */
  keptTotals?: { table: SQL; by: Record<string, SQL> };
  /** A unique, non-null expression appended to every ORDER BY so pages are stable (e.g. sql`o.id`). */
  key: SQL;
  /**
   * A statement run on its own (its own transaction) before the list's statements, page and export
   * alike: bringing a summary the database keeps up to date before it is read.
   *   prepare: sql`SELECT report_margini_rinfresca()`
   */
  prepare?: SQL;
  /**
   * Sums the database keeps per the key of a two-step group (a summary table kept like
   * report_margini_mesi): for a group request it can answer, the first step's statement — one row
   * per key `k` with `n` (the rows) and each aggregate asked, by name — instead of summing the
   * list's rows; undefined when it cannot (a filter or a search it does not hold, an aggregate it
   * lacks), and the rows are summed. Its answers must be the rows' (README 'Kept group sums').
   */
  groupSummary?: (q: ListQuery, ctx: ListContext, aggregates: readonly string[]) => SQL | undefined;
  /**
   * Keep the plans of the list's statements that repeat (db/query.ts `queryRowsKeptPlan`): on
   * PostgreSQL a page or count statement seen twice becomes a named prepared statement, planned once
   * per pooled connection — planning is most of a small page's database time (operators' page 200 at
   * 10 connections: 1,638 → 3,767 statements/s). PostgreSQL may then run a *generic* plan, made for
   * any value of the bound parameters (LIMIT and OFFSET are written in, not bound), so a list opts
   * in only once test/server/list/list-indexes.test.ts shows that its generic plans are served by
   * the same indexes as its custom ones: a filter whose best plan depends on the value (a rare
   * value against a common one) must not be in such a list.
   */
  keepPlans?: boolean;
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

/** A list as the engine reads it: the declaration with each field's SQL. */
export interface ListDef<F extends Record<string, ListField> = Record<string, ListField>>
  extends Omit<ListDeclaration<F>, "fields">,
    Omit<ListSql<F>, "sql"> {
  fields: { [K in keyof F]: F[K] & FieldSql };
}

/** A list after defineList: validated and ready for runList / registerListRoute. */
export type List<F extends Record<string, ListField> = Record<string, ListField>> = Readonly<ListDef<F>> & {
  readonly __list: true;
};

export type FileType = "xlsx" | "csv" | "pdf";

/** The parsed, validated request. */
export interface ListQuery {
  page: number;
  pageSize: number;
  global?: string;
  order: readonly OrderSpec[];
  /** The order as a key of the SQL held for it (build-sql.ts). */
  orderKey: string;
  groupBy?: string;
  /** Conditions from built-in and custom filters (already bound SQL). */
  conditions: SQL[];
  /** The `eq` / `in` filters among them: each field's bound values (see `keptTotals`). */
  equalities: Record<string, SQL[]>;
  filters: Record<string, unknown>;
  fileType?: FileType;
  /** Export columns in order (after show_fields / hidden_fields; may be shared: never changed in place). */
  exportFields: readonly string[];
  /** Fields this user may see (shared by the user's requests: never changed in place). */
  visible: readonly string[];
  /** `visible` as one string: the key of the SQL parts held per shape (build-sql.ts). */
  shapeKey: string;
  /** The visible fields a global search looks in. */
  searched: readonly string[];
  /** `totali=true`: the page also carries the sums of the list's aggregate fields over every row the filters select. */
  totals?: boolean;
}

export interface ListResult<T = Record<string, unknown>> {
  results: T[];
  count: number;
  page: number;
  /** With `totali=true` on an ungrouped list that has aggregate fields: each one over the whole selection. */
  totali?: Record<string, number | null>;
}
