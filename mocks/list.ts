/**
 * A list-engine route (server/lib/list) answered over rows of the store with the list's own
 * declaration (src/domain/contracts/<module>/<resource>.ts — the one the server's engine reads):
 * page, page_size, global (every word in some `global` field), order_field (`sortable` fields, or
 * in a grouped list the group and `count`; anything else 400), order_asc, group_by (`groupable`:
 * `{<field>, count, <aggregates summed>}`), totali=true (the sums of the aggregate fields over the
 * selection), the declared filters (eq, in, contains, starts, range)
 * and exports (file_type, show_fields, hidden_fields: a CSV, xlsx and pdf as stand-in bytes).
 * Without order_field the rows keep the fixture's order. A field is read by its name; an object
 * (a client, an operator) as its text parts. The server's custom filters (permesso, dal/al,
 * content_type…) are not declared: a test that needs their effect answers the list with server.use.
 */
import { HttpResponse, http } from "msw";
import type { ListDeclaration, ListField } from "../src/domain/contracts/list";
import { api, type Row } from "./http";

function text(v: unknown): string {
  if (Array.isArray(v)) return v.map(text).join("\n");
  if (v && typeof v === "object")
    return Object.values(v)
      .filter((x) => typeof x === "string")
      .join(" ");
  return v === null || v === undefined ? "" : String(v);
}
const fold = (v: unknown) =>
  text(v)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

function compare(a: unknown, b: unknown): number {
  if (a === null || a === undefined || b === null || b === undefined) return a === b ? 0 : a == null ? 1 : -1;
  if (typeof a !== "object" && typeof a === typeof b && typeof a !== "string") return Number(a) - Number(b);
  return fold(a).localeCompare(fold(b), "it");
}

function matches(f: ListField, name: string, value: unknown, q: URLSearchParams): boolean {
  const param = f.param ?? name;
  if (f.filter === "range") {
    const [dal, al] = [q.get(`${param}_dal`), q.get(`${param}_al`)];
    return (!dal || text(value) >= dal) && (!al || text(value).slice(0, al.length) <= al);
  }
  const raw = q.getAll(param).filter(Boolean);
  if (!f.filter || raw.length === 0) return true;
  if (f.filter === "in") return raw.flatMap((r) => r.split(",")).includes(text(value));
  if (f.filter === "contains") return fold(value).includes(fold(raw[0]));
  if (f.filter === "starts") return fold(value).startsWith(fold(raw[0]));
  return typeof value === "boolean" ? value === (raw[0] === "true" || raw[0] === "1") : text(value) === raw[0];
}

function groups(rows: Row[], by: string, fields: [string, ListField][]): Row[] {
  const sums = fields.filter(([n, f]) => f.aggregate && n !== by).map(([n]) => n);
  const out = new Map<string, Row>();
  for (const r of rows) {
    const value = r[by] !== null && typeof r[by] === "object" ? text(r[by]) : (r[by] ?? null);
    const g = out.get(JSON.stringify(value)) ?? {
      [by]: value,
      count: 0,
      ...Object.fromEntries(sums.map((s) => [s, 0])),
    };
    g.count = Number(g.count) + 1;
    for (const s of sums) g[s] = Number(g[s]) + Number(r[s] ?? 0);
    out.set(JSON.stringify(value), g);
  }
  return [...out.values()].sort((a, b) => compare(a[by], b[by]));
}

const invalid = (param: string, message: string) =>
  HttpResponse.json({ detail: "Parametri della lista non validi", errors: { [param]: message } }, { status: 400 });

function exported(list: ListDeclaration, rows: Row[], q: URLSearchParams, columns: string[]) {
  const type = q.get("file_type") as "csv" | "xlsx" | "pdf";
  const names = (p: string) => (q.get(p) ?? "").split(",").filter(Boolean);
  const shown = names("show_fields").filter((n) => columns.includes(n));
  const fields = (shown.length ? shown : columns).filter((n) => !names("hidden_fields").includes(n));
  const cell = (v: unknown) => {
    const t = text(v).replace(/^[=+\-@\t\r]/, "'$&");
    return /[";\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
  };
  const label = (n: string) => list.fields[n]?.label ?? n;
  const csv = [fields.map((n) => cell(label(n))), ...rows.map((r) => fields.map((n) => cell(r[n])))];
  const mime = {
    csv: "text/csv; charset=utf-8",
    xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    pdf: "application/pdf",
  }[type];
  const body = type === "csv" ? `\uFEFF${csv.map((l) => l.join(";")).join("\r\n")}\r\n` : `${type} mock`;
  return new HttpResponse(body, {
    headers: {
      "Content-Type": mime,
      "Content-Disposition": `attachment; filename="${list.name}-20260101-1200.${type}"`,
    },
  });
}

/** GET /api/<path> answered from `rows()` with the list's declaration. */
/** `rows` gets the path's params (a nested list, e.g. `comunicazioni/azienda/:id/destinatari/`). */
export function listHandler(path: string, list: ListDeclaration, rows: (params: Record<string, unknown>) => Row[]) {
  const fields = Object.entries(list.fields);
  return http.get(api(path), ({ request, params }) => {
    const q = new URL(request.url).searchParams;
    let out = rows(params).filter((r) => fields.every(([n, f]) => matches(f, n, r[n], q)));
    for (const word of (q.get("global") ?? "").split(/\s+/).filter(Boolean))
      out = out.filter((r) => fields.some(([n, f]) => f.global && fold(r[n]).includes(fold(word))));
    const by = q.get("group_by");
    if (by && !list.fields[by]?.groupable) return invalid("group_by", "Campo di raggruppamento non consentito");
    const order = q.get("order_field");
    if (order && !(by ? [by, "count"].includes(order) : list.fields[order]?.sortable))
      return invalid("order_field", "Campo di ordinamento non consentito");
    if (by) out = groups(out, by, fields);
    if (order) {
      const dir = q.get("order_asc") === "false" ? -1 : 1;
      out = [...out].sort((a, b) => dir * compare(a[order], b[order]));
    }
    if (q.get("file_type")) {
      const columns = by
        ? [by, "count", ...fields.filter(([n, f]) => f.aggregate && n !== by).map(([n]) => n)]
        : fields.filter(([, f]) => f.exportable ?? f.type !== "json").map(([n]) => n);
      return exported(list, out, q, columns);
    }
    const page = Number(q.get("page") ?? 1);
    const size = Number(q.get("page_size") ?? 25);
    const results = out.slice((page - 1) * size, page * size);
    // totali=true: the aggregate fields summed over the whole selection (the totals row).
    const sums = fields.filter(([, f]) => f.aggregate === "sum").map(([n]) => n);
    if (q.get("totali") === "true" && !by && sums.length > 0) {
      const totali = Object.fromEntries(
        sums.map((n) => {
          const values = out.map((r) => r[n]).filter((v): v is number => typeof v === "number");
          return [n, values.length ? values.reduce((a, b) => a + b, 0) : null];
        }),
      );
      return HttpResponse.json({ results, count: out.length, page, totali });
    }
    return HttpResponse.json({ results, count: out.length, page });
  });
}
