/**
 * The generic list parameters of the server (server/lib/list) applied to in-memory fixtures, for
 * the msw handlers: page (1-based), page_size, global, order_field (allow-listed, else 400),
 * order_asc, group_by (allow-listed: `{<field>: value, count, <sums>}` rows), built-in filters (eq, in,
 * contains, starts, range as `<name>_dal`/`<name>_al`), the ignored timestamp; exports with
 * file_type, hidden_fields, show_fields. One implementation for every mocked list.
 */

export type MockFilterOp = "eq" | "in" | "contains" | "starts" | "range";

export interface MockListDef<R> {
  /** Export filename prefix. */
  name: string;
  /** Italian labels of the exportable fields, in export order. */
  labels: Record<string, string>;
  global?: string[];
  sortable?: string[];
  filters?: Record<string, MockFilterOp>;
  /** Groupable fields and the numeric fields summed per group. */
  groupable?: Record<string, string[]>;
  /** How a field is read from a row when it is not a plain property (e.g. nested objects). */
  read?: Record<string, (row: R) => unknown>;
  defaultOrder?: { field: string; asc: boolean };
  /** Extra conditions of a specific resource (content_type, object_id…); null = no condition. */
  where?: (row: R, query: URLSearchParams) => boolean;
}

export interface MockAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

const PAGE_SIZE_MAX = 99999;

function fold(value: unknown): string {
  return String(value ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

function readField<R>(def: MockListDef<R>, row: R, field: string): unknown {
  const reader = def.read?.[field];
  return reader ? reader(row) : (row as Record<string, unknown>)[field];
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return fold(a).localeCompare(fold(b), "it");
}

function bad(detail: string, field?: string): MockAnswer {
  return { status: 400, body: { detail, errors: field ? { [field]: detail } : {} } };
}

function positiveInt(value: string | null, fallback: number): number | null {
  if (value === null || value === "") return fallback;
  return /^\d+$/.test(value) && Number(value) >= 1 ? Number(value) : null;
}

function matchesFilter(value: unknown, op: MockFilterOp, raw: string[]): boolean {
  switch (op) {
    case "eq": {
      const [v] = raw;
      if (typeof value === "boolean") return value === (v === "true" || v === "1");
      return String(value ?? "") === v;
    }
    case "in": {
      const wanted = raw.flatMap((r) => r.split(",")).filter(Boolean);
      return wanted.includes(String(value ?? ""));
    }
    case "contains":
      return fold(value).includes(fold(raw[0]));
    case "starts":
      return fold(value).startsWith(fold(raw[0]));
    default:
      return true;
  }
}

/** The rows a list request selects (filters, global, fixed conditions), in the requested order. */
function select<R>(rows: readonly R[], query: URLSearchParams, def: MockListDef<R>): R[] | MockAnswer {
  let out = rows.filter((r) => (def.where ? def.where(r, query) : true));
  for (const [name, op] of Object.entries(def.filters ?? {})) {
    if (op === "range") {
      const from = query.get(`${name}_dal`);
      const to = query.get(`${name}_al`);
      if (from) out = out.filter((r) => String(readField(def, r, name) ?? "") >= from);
      if (to) out = out.filter((r) => String(readField(def, r, name) ?? "").slice(0, to.length) <= to);
      continue;
    }
    const raw = query.getAll(name).filter((v) => v !== "");
    if (raw.length) out = out.filter((r) => matchesFilter(readField(def, r, name), op, raw));
  }
  const global = query.get("global")?.trim();
  if (global) {
    const needle = fold(global);
    out = out.filter((r) => (def.global ?? []).some((f) => fold(readField(def, r, f)).includes(needle)));
  }
  const orderField = query.get("order_field");
  if (orderField && !(def.sortable ?? []).includes(orderField)) {
    return bad("Campo di ordinamento non valido", "order_field");
  }
  const order = orderField ? { field: orderField, asc: query.get("order_asc") !== "false" } : def.defaultOrder;
  if (order) {
    const dir = order.asc ? 1 : -1;
    out = [...out].sort((a, b) => dir * compare(readField(def, a, order.field), readField(def, b, order.field)));
  }
  return out;
}

function groupRows<R>(rows: readonly R[], field: string, sums: string[], def: MockListDef<R>) {
  const groups = new Map<string, { value: unknown; count: number; sums: Record<string, number> }>();
  for (const r of rows) {
    const value = readField(def, r, field) ?? null;
    const key = JSON.stringify(value);
    let g = groups.get(key);
    if (!g) {
      g = { value, count: 0, sums: Object.fromEntries(sums.map((s) => [s, 0])) };
      groups.set(key, g);
    }
    g.count += 1;
    for (const s of sums) g.sums[s] += Number(readField(def, r, s) ?? 0);
  }
  // The server's shape: {<field>: value, count, <summed fields>…}.
  return [...groups.values()]
    .sort((a, b) => compare(a.value, b.value))
    .map((g) => ({ [field]: g.value, count: g.count, ...g.sums }));
}

/** Answers a list request (`{results, count, page}`) or its 400. */
export function runMockList<R>(rows: readonly R[], query: URLSearchParams, def: MockListDef<R>): MockAnswer {
  const page = positiveInt(query.get("page"), 1);
  if (page === null) return bad("Numero di pagina non valido", "page");
  const pageSize = positiveInt(query.get("page_size"), 25);
  if (pageSize === null || pageSize > PAGE_SIZE_MAX) return bad("Dimensione della pagina non valida", "page_size");
  const selected = select(rows, query, def);
  if (!Array.isArray(selected)) return selected;
  const groupBy = query.get("group_by");
  let all: unknown[] = selected;
  if (groupBy) {
    if (!def.groupable?.[groupBy]) return bad("Campo di raggruppamento non valido", "group_by");
    all = groupRows(selected, groupBy, def.groupable[groupBy], def);
  }
  const results = all.slice((page - 1) * pageSize, page * pageSize);
  return { status: 200, body: { results, count: all.length, page } };
}

function csvCell(value: unknown): string {
  let text = Array.isArray(value) ? value.join("\n") : String(value ?? "");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const TYPES = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pdf: "application/pdf",
} as const;

/** Answers an export request: a CSV of the selected columns (xlsx and pdf as stand-in bytes). */
export function runMockExport<R>(rows: readonly R[], query: URLSearchParams, def: MockListDef<R>): MockAnswer {
  const fileType = query.get("file_type") as keyof typeof TYPES;
  if (!(fileType in TYPES))
    return { status: 400, body: { result: "error", detail: "Formato di esportazione non valido" } };
  const selected = select(rows, query, def);
  if (!Array.isArray(selected))
    return { status: 400, body: { result: "error", detail: (selected.body as any).detail } };
  const list = (name: string) => (query.get(name) ?? "").split(",").filter(Boolean);
  const show = list("show_fields");
  const hidden = list("hidden_fields");
  const unknown = [...show, ...hidden].find((f) => !(f in def.labels));
  if (unknown) return { status: 400, body: { result: "error", detail: `Campo sconosciuto: ${unknown}` } };
  const fields = (show.length ? show : Object.keys(def.labels)).filter((f) => !hidden.includes(f));
  const lines = [
    fields.map((f) => csvCell(def.labels[f])).join(";"),
    ...selected.map((r) => fields.map((f) => csvCell(readField(def, r, f))).join(";")),
  ];
  const body =
    fileType === "csv" ? `\uFEFF${lines.join("\r\n")}\r\n` : fileType === "pdf" ? "%PDF-1.4 mock" : "PK mock";
  return {
    status: 200,
    body,
    headers: {
      "Content-Type": TYPES[fileType],
      "Content-Disposition": `attachment; filename="${def.name}-20260101-1200.${fileType}"`,
    },
  };
}
