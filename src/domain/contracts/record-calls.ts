/**
 * A record's calls from its declaration (./records.ts) and its zod schemas: entries of the call
 * table for the server's routes, the mocks, the contract samples and the calls test. Only each
 * module's `contracts/<module>/record-calls.ts` uses this (it brings zod): the SPA derives its
 * endpoints from the declaration alone and never imports those files.
 */
import type { z } from "zod";
import type { JsonCall } from "./calls";
import { IdParams, ResultOk } from "./common";
import { type RecordDeclaration, type RecordRole, recordItemPath } from "./records";

/** The schemas of a record's calls (the server's, the mocks' and the tests'), with OpenAPI's summaries. */
export interface RecordSchemas {
  /** The GET's answer, and what a write answers when not the record (`saved`: with warnings…). */
  answer: z.ZodType;
  saved?: z.ZodType;
  /** The whole body of a create / an update (`{data: …}`, dataBody). */
  create?: z.ZodType;
  update?: z.ZodType;
  /** The GET's query string, when it has one. */
  query?: z.ZodType;
  summaries: Partial<Record<RecordRole, string>>;
}

type CallOf<R extends RecordRole, S extends RecordSchemas> = JsonCall & {
  method: { get: "GET"; create: "POST"; update: "PUT"; remove: "DELETE" }[R];
  params: R extends "create" ? never : typeof IdParams;
  body: R extends "create" ? S["create"] : R extends "update" ? S["update"] : never;
  query: R extends "get" ? S["query"] : never;
  answer: R extends "remove" ? typeof ResultOk : R extends "get" ? S["answer"] : NonNullable<S["saved"]>;
};

/** A record's calls by role (the server registers them with `route.record`). */
export type RecordCalls<D extends RecordDeclaration, S extends RecordSchemas> = {
  [R in RecordRole as R extends "get" ? R : D["names"][R] extends string ? R : never]: CallOf<R, S>;
};

/** The calls of a record from its declaration and schemas (contracts/<module>/record-calls.ts only: the SPA never runs this). */
export function recordCalls<D extends RecordDeclaration, S extends RecordSchemas>(d: D, s: S): RecordCalls<D, S> {
  const item = recordItemPath(d);
  const saved = s.saved ?? s.answer;
  const all: Record<RecordRole, JsonCall> = {
    get: {
      method: "GET",
      path: item,
      params: IdParams,
      ...(s.query ? { query: s.query } : {}),
      answer: s.answer,
      provides: [{ type: d.tag, id: ":id" }],
      summary: "",
      permissions: d.permissions.get,
    },
    create: { method: "POST", path: d.path, body: s.create, answer: saved, status: 201, summary: "", permissions: [] },
    update: {
      method: "PUT",
      path: item,
      params: IdParams,
      body: s.update,
      answer: saved,
      summary: "",
      permissions: [],
    },
    remove: { method: "DELETE", path: item, params: IdParams, answer: ResultOk, summary: "", permissions: [] },
  };
  const out: Record<string, JsonCall> = {};
  for (const role of Object.keys(all) as RecordRole[]) {
    const permissions = d.permissions[role];
    if (role !== "get" && !d.names[role]) continue;
    if (!permissions) throw new Error(`${d.path}: permessi di ${role} non dichiarati`);
    out[role] = {
      ...all[role],
      permissions,
      summary: s.summaries[role] ?? "",
      ...(role !== "get" && d.invalidates?.[role] ? { invalidates: d.invalidates[role] } : {}),
      ...(d.noSpa?.[role] ? { noSpa: d.noSpa[role] } : {}),
    };
  }
  return out as RecordCalls<D, S>;
}

/** The calls of a record under their SPA endpoints' names (a call table, for the tests that read tables). */
export function recordTable(
  d: RecordDeclaration,
  calls: Partial<Record<RecordRole, JsonCall>>,
): Record<string, JsonCall> {
  return Object.fromEntries(
    Object.entries(calls).map(([role, call]) => [d.names[role as RecordRole] as string, call as JsonCall]),
  );
}
