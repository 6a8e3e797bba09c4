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
import type { z } from "zod";
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
import { type ChildDeclaration, childItemPath } from "../domain/contracts/children";
import type { ResultOk } from "../domain/contracts/common";
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

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** A child table's save: the parent's ids, the row's id (none: a new row), the values. */
export type ChildSaveArg<D extends ChildDeclaration> = Out<D["params"]> & {
  [K in D["item"]]?: number | null;
} & { data: Partial<In<D["create"]>> };
/** A child table's delete: the parent's ids and the row's. */
export type ChildRemoveArg<D extends ChildDeclaration> = Out<D["itemParams"]>;

export type ChildEndpoints<D extends ChildDeclaration> = {
  [K in D["save"]]: MutationDefinition<
    ChildSaveArg<D>,
    Base,
    CallTagType,
    D extends { saved: z.ZodType } ? Out<D["saved"]> : Out<D["row"]>,
    "api"
  >;
} & { [K in D["remove"]]: MutationDefinition<ChildRemoveArg<D>, Base, CallTagType, ResultOk, "api"> };

/**
 * The two endpoints of a child table (src/domain/contracts/children.ts): `save` — POST of a new row,
 * PUT of one with its id — and `remove`, each refreshing the parent's tag when it succeeded.
 */
export function childEndpoints<D extends ChildDeclaration>(build: Build, d: D): ChildEndpoints<D> {
  const parent = (error: unknown, arg: unknown) => (error ? [] : tagsOf([d.parentTag], arg));
  return {
    [d.save]: build.mutation<unknown, Record<string, unknown>>({
      query: ({ data, ...ids }) =>
        ids[d.item]
          ? { url: fillPath(childItemPath(d), ids), method: "PUT", body: { data } }
          : { url: fillPath(d.path, ids), method: "POST", body: { data } },
      invalidatesTags: (_r, error, arg) => parent(error, arg),
    }),
    [d.remove]: build.mutation<unknown, Record<string, unknown>>({
      query: (ids) => ({ url: fillPath(childItemPath(d), ids), method: "DELETE" }),
      invalidatesTags: (_r, error, arg) => parent(error, arg),
    }),
  } as ChildEndpoints<D>;
}
