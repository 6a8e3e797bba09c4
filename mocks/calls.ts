/**
 * Mock handlers from the call table (src/domain/contracts/calls.ts): the method and path come from
 * the declaration, the mock writes only what it answers. test/server/contract/calls.test.ts checks
 * that every declared call has one (or says why not, `noMock`).
 *
 *   mockCall(ticketSupportoCalls.ticket, ({ params }) => HttpResponse.json(ticketOf(params.id)))
 *   mockListCall(ticketSupportoCalls.ticketList, () => db.tickets.map(row))
 */
import { type HttpResponseResolver, http } from "msw";
import type { Call, ListCall } from "../src/domain/contracts/calls";
import type { ChildDeclaration } from "../src/domain/contracts/children";
import type { RecordDeclaration } from "../src/domain/contracts/records";
import { type CrudOptions, crud } from "./crud";
import { api, type Row } from "./http";
import { listHandler } from "./list";

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const;

/** The msw handler of one call. */
export const mockCall = (call: Call, resolver: HttpResponseResolver) => METHODS[call.method](api(call.path), resolver);

/** A list call answered over rows of the store with the list's declaration (mocks/list.ts). */
export const mockListCall = (call: ListCall, rows: (params: Record<string, unknown>) => Row[]) =>
  listHandler(call.path, call.list, rows);

/** A child table's rows through the generic CRUD (mocks/crud.ts) at its declared path, listed as it declares. */
export const mockChild = <R extends { id: number }>(d: ChildDeclaration, opts: Omit<CrudOptions<R>, "list">) =>
  crud(d.path.replace(/\/$/, ""), { ...opts, list: d.list || "none" });

/** A record's calls (src/domain/contracts/records.ts) through the generic CRUD at its declared path (no list: the engine's). */
export const mockRecord = <R extends { id: number }>(
  d: RecordDeclaration,
  opts: Omit<CrudOptions<R>, "list" | "read">,
) => crud(d.path.replace(/\/$/, ""), { ...opts, list: "none", read: true });
