/**
 * RTK Query endpoints derived from the call table (src/domain/contracts/calls.ts): one endpoint
 * per JSON call, named by its key (`ticket` → `useTicketQuery`, `aggiornaTicket` →
 * `useAggiornaTicketMutation`), a query for a GET and a mutation otherwise, with the declared
 * path, body and cache tags. Lists and downloads are not endpoints: a ListScreen reads the list's
 * declared `path`, a download `callUrl(call, id)`.
 *
 *   export const ticketSupportoApi = api.injectEndpoints({
 *     endpoints: (build) => callEndpoints(build, ticketSupportoCalls),
 *   });
 *
 * What the SPA passes is `CallArg`: nothing, the id (a call whose only parameter is `id`), or the
 * path parameters with the body (`{id, data}`). Where the SPA needs more — a transform, a
 * multipart body, an optimistic update — the module passes its own definition for that key in
 * `overrides`, built from the same declaration (`fillPath(call.path)`, `callTags`).
 */
import type {
  EndpointBuilder,
  EndpointDefinition,
  MutationDefinition,
  QueryDefinition,
} from "@reduxjs/toolkit/query/react";
import {
  type CallAnswer,
  type CallArg,
  type CallTable,
  type CallTag,
  type CallTagType,
  fillPath,
  type JsonCall,
  type JsonCalls,
  paramsOf,
  tagsOf,
} from "../domain/contracts/calls";
import type { baseQuery } from "./base";

type Base = typeof baseQuery;
type Build = EndpointBuilder<Base, CallTagType, "api">;

type Definition<C> = C extends { method: "GET" }
  ? QueryDefinition<CallArg<C>, Base, CallTagType, CallAnswer<C>, "api">
  : MutationDefinition<CallArg<C>, Base, CallTagType, CallAnswer<C>, "api">;

/** The endpoints of a table's JSON calls, with `overrides` in place of the derived ones. */
export type CallEndpoints<T, O = object> = Omit<{ [K in keyof JsonCalls<T>]: Definition<JsonCalls<T>[K]> }, keyof O> &
  O;

/** The tags of a declaration for an endpoint's argument (for an override's providesTags / invalidatesTags). */
export const callTags = (tags: readonly CallTag[] | undefined, arg?: unknown) => tagsOf(tags, arg);

function derive(build: Build, call: JsonCall) {
  const names = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const url = (arg: unknown) => fillPath(call.path, paramsOf(arg));
  if (call.method === "GET")
    return build.query<unknown, unknown>({
      query: (arg) => url(arg),
      providesTags: (_r, _e, arg) => tagsOf(call.provides, arg),
    });
  return build.mutation<unknown, unknown>({
    query: (arg) => {
      const rest =
        call.body && arg && typeof arg === "object"
          ? Object.fromEntries(Object.entries(arg).filter(([k]) => !names.includes(k)))
          : undefined;
      return { url: url(arg), method: call.method, ...(rest ? { body: rest } : {}) };
    },
    invalidatesTags: (_r, _e, arg) => tagsOf(call.invalidates, arg),
  });
}

export function callEndpoints<
  T extends CallTable,
  O extends Record<string, EndpointDefinition<any, Base, CallTagType, any, "api">> = Record<never, never>,
>(build: Build, table: T, overrides?: O): CallEndpoints<T, O> {
  const out: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(table)) {
    if (call.kind === "list" || call.kind === "file" || call.noSpa) continue;
    out[name] = overrides?.[name] ?? derive(build, call);
  }
  return out as CallEndpoints<T, O>;
}
