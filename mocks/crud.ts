/**
 * Generic CRUD handlers over rows of the store, for `/api/<path>`:
 *   GET    <path>/          the rows: an array, or `{results}` (`list`; "none" when the server has
 *                          no such route or a list-engine route answers it, mocks/list.ts)
 *   POST   <path>/          201: a new row, a copy of `template` (a fixture row) with the body's values
 *   GET    <path>/:rowId/   the row (`read`: a child row is read in its parent, not on its own)
 *   PUT    <path>/:rowId/   the row with the body's values
 *   DELETE <path>/:rowId/   {result: "OK"}
 * `rows(params)` is the collection under the path's parent; undefined (no such parent) is a 404,
 * as is a row of another parent. A write takes from `{data}` only the values of fields the row
 * has, of the row's JSON type (mergeInto): references and nested lists keep what the row had, so
 * every answer keeps the contract's shape (test/server/contract). What the server makes of a write
 * beyond that — a qualification's name, a refusal, a warning, a validation error — is the business
 * of the test that needs it:
 *   server.use(http.post("*…/prezzi/", () => created(db.prezzi[1], {...the row the server answers})))
 */
import { HttpResponse, http, type RequestHandler } from "msw";
import { api, dataOf, ok, type Params, type Row, refuse } from "./http";
import { newId } from "./store";

export interface CrudOptions<R extends { id: number }> {
  rows: (params: Params) => R[] | undefined;
  /** The row a new one is copied from (a fixture row: every field of the answer). */
  template: (params: Params) => Omit<R, "id">;
  /** How GET on the collection answers (default: an array). */
  list?: "array" | "results" | "none";
  /** GET of one row. */
  read?: boolean;
  /** The answer of a write when it is not the row itself (e.g. with `warnings`). */
  saved?: (row: R) => unknown;
}

const NOT_FOUND = "Non trovato";

/**
 * The body's values for the row's fields, each kept to the row's JSON type: numeric text becomes
 * a number where the row has one; a field the row holds as null takes only text that is not a
 * number (a day, a time); objects (references) and lists of objects are never taken.
 */
export function mergeInto(row: Row, data: Row): Row {
  const numeric = (v: unknown) => typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v));
  for (const [k, v] of Object.entries(data)) {
    const cur = row[k];
    if (!(k in row) || k === "id" || v === undefined) continue;
    if (v === null) row[k] = typeof cur === "string" ? "" : null;
    else if (cur === null) row[k] = typeof v === "string" && !numeric(v) ? v : null;
    else if (typeof cur === "number" && numeric(v)) row[k] = Number(v);
    else if (typeof cur === "string" && typeof v === "number") row[k] = String(v);
    else if (Array.isArray(cur)) {
      if (Array.isArray(v) && v.every((x) => typeof x !== "object")) row[k] = v;
    } else if (typeof v === typeof cur && typeof v !== "object") row[k] = v;
  }
  return row;
}

/** A test's answer to a create: the row the server would answer, stored and sent with 201. */
export function created<R>(rows: R[], row: R) {
  rows.push(row);
  return HttpResponse.json(row as Row, { status: 201 });
}

export function crud<R extends { id: number }>(path: string, o: CrudOptions<R>): RequestHandler[] {
  const answer = (row: R, status = 200) => HttpResponse.json((o.saved ? o.saved(row) : row) as Row, { status });
  const one = (params: Params) => o.rows(params)?.find((r) => r.id === Number(params.rowId));
  const handlers = [
    http.post(api(`${path}/`), async ({ request, params }) => {
      const rows = o.rows(params);
      if (!rows) return refuse(404, NOT_FOUND);
      const row = { ...mergeInto(structuredClone(o.template(params)) as Row, await dataOf(request)), id: newId() } as R;
      rows.push(row);
      return answer(row, 201);
    }),
    http.put(api(`${path}/:rowId/`), async ({ request, params }) => {
      const row = one(params);
      return row ? answer(mergeInto(row, await dataOf(request)) as R) : refuse(404, NOT_FOUND);
    }),
    http.delete(api(`${path}/:rowId/`), ({ params }) => {
      const rows = o.rows(params);
      const i = rows?.findIndex((r) => r.id === Number(params.rowId)) ?? -1;
      if (!rows || i < 0) return refuse(404, NOT_FOUND);
      rows.splice(i, 1);
      return ok();
    }),
  ];
  if (o.read)
    handlers.push(
      http.get(api(`${path}/:rowId/`), ({ params }) => {
        const row = one(params);
        return row ? HttpResponse.json(row as Row) : refuse(404, NOT_FOUND);
      }),
    );
  if (o.list === "none") return handlers;
  const list = http.get(api(`${path}/`), ({ params }) => {
    const rows = o.rows(params);
    if (!rows) return refuse(404, NOT_FOUND);
    return HttpResponse.json(o.list === "results" ? { results: rows } : rows);
  });
  return [list, ...handlers];
}
