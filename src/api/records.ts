/**
 * The SPA's endpoints of a record (src/domain/contracts/records.ts), from its declaration alone
 * (method, path, tags: no schema in the bundle):
 *
 *   get     `names.get`     (id) → the record, provides {tag, id}
 *   create  `names.create`  (data) → POST path {data}
 *   update  `names.update`  ({id, data}) → PUT path:id/ {data}; with `upsert` the answer (but its
 *                           `warnings`) goes into the get's cache instead of a new read
 *   delete  `names.remove`  (id) → DELETE path:id/
 *
 * Writes refresh the declared `invalidates` when they succeeded. `overrides` replace an endpoint by
 * name where a module needs more.
 */
import type { EndpointBuilder, MutationDefinition, QueryDefinition } from "@reduxjs/toolkit/query/react";
import { type CallTagType, fillPath } from "../domain/contracts/calls";
import type { ResultOk } from "../domain/contracts/common";
import { type Declared, type RecordDeclaration, type RecordTypes, recordItemPath } from "../domain/contracts/records";
import { api, type baseQuery } from "./base";

type Base = typeof baseQuery;
type Build = EndpointBuilder<Base, CallTagType, "api">;
/** A record's id (a route's parameter may still be text). */
type Id = number | string;
type Mutation<A, R> = MutationDefinition<A, Base, CallTagType, R, "api">;

type TypesOf<D> = D extends { readonly types?: infer T extends RecordTypes } ? T : never;
type Saved<T> = T extends { saved: infer S } ? S : T extends { record: infer R } ? R : never;
type Name<D, R extends string> = D extends { noSpa: Record<R, string> }
  ? never
  : D extends { names: Record<R, infer N extends string> }
    ? N
    : never;

export type RecordEndpoints<D extends RecordDeclaration> = {
  [K in Name<D, "get">]: QueryDefinition<Id, Base, CallTagType, TypesOf<D>["record"], "api">;
} & { [K in Name<D, "create">]: Mutation<Partial<TypesOf<D>["data"]>, Saved<TypesOf<D>>> } & {
  [K in Name<D, "update">]: Mutation<{ id: Id; data: Partial<TypesOf<D>["data"]> }, Saved<TypesOf<D>>>;
} & { [K in Name<D, "remove">]: Mutation<Id, ResultOk> };

export function recordEndpoints<D extends Declared<RecordTypes>>(build: Build, d: D): RecordEndpoints<D> {
  const url = (id: Id) => fillPath(recordItemPath(d), { id });
  // ":id" in a tag's id is the record's id: {type: "Operatore", id: "qv-:id"} → "qv-3".
  const after = (role: "create" | "update" | "remove") => (_r: unknown, error: unknown, arg: unknown) => {
    const id = Number((arg as { id?: Id } | null)?.id ?? arg);
    return error
      ? []
      : (d.invalidates?.[role] ?? []).map((t) =>
          typeof t === "string" || t.id === undefined
            ? { type: typeof t === "string" ? t : t.type }
            : { type: t.type, id: t.id === ":id" ? id : String(t.id).replace(":id", String(id)) },
        );
  };
  const out: Record<string, unknown> = {
    [d.names.get]: build.query<unknown, Id>({
      query: url,
      providesTags: (_r, _e, id) => [{ type: d.tag, id: Number(id) }],
    }),
  };
  if (d.names.create && !d.noSpa?.create)
    out[d.names.create] = build.mutation<unknown, unknown>({
      query: (data) => ({ url: d.path, method: "POST", body: { data } }),
      invalidatesTags: after("create"),
    });
  if (d.names.update && !d.noSpa?.update)
    out[d.names.update] = build.mutation<unknown, { id: Id; data: unknown }>({
      query: ({ id, data }) => ({ url: url(id), method: "PUT", body: { data } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        if (!d.upsert) return;
        try {
          const { data } = await queryFulfilled;
          const { warnings: _w, ...record } = data as Record<string, unknown>;
          dispatch(api.util.upsertQueryData(d.names.get as never, id as never, record as never));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: after("update"),
    });
  if (d.names.remove && !d.noSpa?.remove)
    out[d.names.remove] = build.mutation<unknown, Id>({
      query: (id) => ({ url: url(id), method: "DELETE" }),
      invalidatesTags: after("remove"),
    });
  return out as RecordEndpoints<D>;
}
