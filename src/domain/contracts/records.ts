/**
 * A record's calls, declared once (issue 31, the call table's "records"): the top-level rows of a
 * resource read, created, changed and deleted one at a time (a client, a candidate…). One
 * declaration — `path` (the collection's URL: the record is `${path}:id/`), the cache tag, the
 * permissions of each call, the SPA endpoints' names and what each write refreshes — gives
 *
 * - the SPA's endpoints (`recordEndpoints` of src/api/records.ts): get (providing `{tag, id}`),
 *   create (`{data}` body), update (`{id, data}`), delete (the id), each write refreshing
 *   `invalidates` when it succeeded, and with `upsert` the update's answer written into the get's
 *   cache (its `warnings` left out) instead of reading the record again;
 * - with the schemas (`recordCalls` of ./record-calls.ts, in `contracts/<module>/record-calls.ts`,
 *   which the SPA never imports: it takes only their types): four entries of the call table, so the server's routes
 *   (`callRoutes(…).record` of server/lib/calls.ts: 201 for a create, `{result: "OK"}` for a
 *   delete, the handlers calling the services), the mocks (`mockRecord`), the contract samples
 *   (`sampleOf`) and test/server/contract/calls.test.ts come from the same place.
 *
 * The declaration holds no zod schema (only method/path/tags reach the SPA's bundle): the SPA's
 * types come from the type parameter, the contract's `z.infer` types.
 */
import type { CallPermissions, CallTag, CallTagType } from "./calls";

export type RecordRole = "get" | "create" | "update" | "remove";

export interface RecordDeclaration {
  /** The collection's URL under /api/ ("anagrafiche/clienti/"); one record is `${path}:id/`. */
  path: string;
  /** The get provides `{type: tag, id}`. */
  tag: CallTagType;
  /** The SPA endpoints' names (unique in the SPA); a record without a create (…) leaves it out. */
  names: { get: string } & Partial<Record<Exclude<RecordRole, "get">, string>>;
  permissions: { get: CallPermissions } & Partial<Record<Exclude<RecordRole, "get">, CallPermissions>>;
  /** Refreshed after a write that succeeded (":id" is the record's id). */
  invalidates?: Partial<Record<Exclude<RecordRole, "get">, readonly CallTag[]>>;
  /** Calls the SPA does not make, and why (no endpoint; test/server/contract/calls.test.ts reads it). */
  noSpa?: Partial<Record<RecordRole, string>>;
  /** The update's answer is the record (but `warnings`): the SPA writes it into the get's cache. */
  upsert?: boolean;
}

/** The SPA's types of a record: the record as read, as a write answers it, the fields a write sends. */
export interface RecordTypes {
  record: unknown;
  saved?: unknown;
  data: object;
}

/** A declaration with its types (a phantom: nothing of it exists at run time). */
export type Declared<T extends RecordTypes, D extends RecordDeclaration = RecordDeclaration> = D & {
  readonly types?: T;
};

/**
 * Checks a record's declaration and keeps its literal types; the SPA's types are the type argument:
 * `declareRecord<{ record: Cliente; saved: ClienteSaved; data: ClienteFields }>()({ … })`.
 */
export const declareRecord =
  <T extends RecordTypes>() =>
  <const D extends RecordDeclaration>(d: D): Declared<T, D> =>
    d;

/** One record's URL: `anagrafiche/clienti/:id/`. */
export const recordItemPath = (d: RecordDeclaration) => `${d.path}:id/`;
