/**
 * What a list of the generic list engine (server/lib/list) offers its callers, declared once
 * beside the resource's row in `contracts/<module>/<resource>.ts`: the fields with their Italian
 * label, type, and what may be done with them (sort, filter, group, search, export, who sees them).
 * The server's engine reads it together with the SQL of each field (`defineList(declaration, sql)`
 * in the module's `*.list.ts`); the SPA's test mocks answer the list's parameters from the same
 * declaration (mocks/list.ts), so neither can offer a field, filter or sort the other lacks.
 */

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

/** A field of a list as its callers see it (its SQL is the server's business). */
export interface ListField {
  /** Italian column label (exports, OpenAPI, the SPA's column header). */
  label: string;
  type: FieldType;
  /** May be used as order_field. */
  sortable?: boolean;
  /** Searched by the `global` parameter (case-insensitive contains; several words: every word somewhere). */
  global?: boolean;
  /** `global` and `contains` ignore accents too. */
  unaccent?: boolean;
  /** Built-in filter; `param` renames the query parameter (for range: `${param}_dal`/`${param}_al`). */
  filter?: FilterOp;
  param?: string;
  /** May be used as group_by (one row per value, with `count` and the aggregates). */
  groupable?: boolean;
  /** Aggregated in grouped answers (numeric types). */
  aggregate?: Aggregate;
  /** Included in exports (default true except for `json`). */
  exportable?: boolean;
  /**
   * Only users with ANY of these permissions see (select, filter, sort, search, export) the field
   * — personal data such as codice fiscale or IBAN. Others never get it: not even in exports.
   */
  permission?: readonly string[];
}

export interface OrderSpec {
  field: string;
  asc: boolean;
}

export interface ListDeclaration<F extends Record<string, ListField> = Record<string, ListField>> {
  /** Export filename prefix: `<name>-YYYYMMDD-HHmm.xlsx`; also the PDF title unless `title`. */
  name: string;
  /** Italian title of PDF exports (default: name). */
  title?: string;
  fields: F;
  /** Without order_field (the engine always ends the order with the list's key). */
  defaultOrder?: OrderSpec[];
}

/** Declares a list's fields (keeps their names as a type, for the server's SQL of each). */
export const declareList = <const F extends Record<string, ListField>>(d: ListDeclaration<F>): ListDeclaration<F> => d;
