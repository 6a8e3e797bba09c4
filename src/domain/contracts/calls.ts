/**
 * The call table (issue 31): each resource declares its calls once, in
 * `contracts/<module>/<resource>/calls.ts` — method, path (SPEC's URL under /api/), params, query,
 * body and answer as zod schemas, permissions, the RTK Query cache tags it provides and what it
 * invalidates. Everything else is derived from the declaration:
 *
 * - the server's route: `routeCall` / `routeListCall` of server/lib/calls.ts (permission, schemas,
 *   summary; the handler calling a service is the only hand-written part);
 * - the SPA's RTK Query endpoints: `callEndpoints` of src/api/calls.ts (the declaration's key is the
 *   endpoint's name, so `ticket` gives `useTicketQuery`); lists go through the generic list query
 *   with the declared `path`, files through `callUrl`;
 * - the msw mocks: `mockCall` / `mockListCall` of mocks/calls.ts (path and method);
 * - the contract test's samples: `sampleOf` (test/server/contract/mock-answers.ts);
 * - test/server/contract/calls.test.ts: every declared call has a route with the same method, path
 *   and permissions, and a mock or a stated reason (`noMock`).
 *
 * Types come from the schemas at the type level (`CallArg`, `CallAnswer`): no code is generated.
 */
import type { z } from "zod";
import type { FileDownload } from "./common";
import type { ListDeclaration } from "./list";

/** The RTK Query cache tag types of the SPA (src/api/base.ts creates the api with them). */
export const CALL_TAG_TYPES = [
  "Account",
  "List",
  "Log",
  "Operatore",
  "Cliente",
  "Candidato",
  "Contratto",
  "Servizio",
  "Notifica",
  "Ticket",
  "Evento",
  "Anomalia",
  "Allarme",
  "Sopralluogo",
  "Comunicazione",
  "Consuntivo",
  "Fattura",
  "Relazione",
  "FoglioNotizie",
] as const;
export type CallTagType = (typeof CALL_TAG_TYPES)[number];

/**
 * A cache tag: a type alone (every tag of that type), or a type with an id — a fixed one
 * ("problemi") or `":id"`, the value of the call's path parameter `id`.
 */
export type CallTag = CallTagType | { type: CallTagType; id?: string | number };

export type CallMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Who may call (server/plugins/auth-guard.ts): a capability list of src/domain/permissions.ts or a kind. */
export type CallPermissions = readonly string[] | "public" | "app" | "app-cms";

interface CallBase {
  method: CallMethod;
  /** The URL under /api/ exactly as SPEC writes it, parameters as `:name`: "comunicazioni/ticket/:id/". */
  path: string;
  /** OpenAPI's one line (Italian). */
  summary: string;
  permissions: CallPermissions;
  /** Path parameters (a bad one is a 400). */
  params?: z.ZodType;
  /** The mocks do not answer this call, and why (test/server/contract/calls.test.ts reads it). */
  noMock?: string;
}

/** A JSON call: an SPA endpoint unless `spa` says why not. */
export interface JsonCall extends CallBase {
  kind?: "json";
  query?: z.ZodType;
  /** The whole JSON body, `{data: …}` (dataBody) for a write. */
  body?: z.ZodType;
  /** Content types besides JSON (multipart): documented, the handler reads them. */
  consumes?: readonly string[];
  /** The answer of the success status. */
  answer: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201;
  /** Other success answers by status (a create that may find the row already there answers 200 too). */
  alsoAnswers?: Readonly<Record<number, z.ZodType>>;
  /** Not an endpoint of the SPA, and why (another client calls it: the guards' app). */
  noSpa?: string;
  provides?: readonly CallTag[];
  invalidates?: readonly CallTag[];
}

/** A list of the generic list engine (paged rows, filters, export): read by the SPA's ListScreen at `path`. */
export interface ListCall extends CallBase {
  kind: "list";
  method: "GET";
  list: ListDeclaration;
  /** One row as the contract declares it; the answer is ListOut(row). */
  row: z.ZodType;
  /** Who may export (default: `permissions`). */
  exportPermissions?: readonly string[];
}

/** A file download (bytes of the given types), fetched by the SPA through `callUrl`. */
export interface FileCall extends CallBase {
  kind: "file";
  method: "GET";
  file: ReturnType<typeof FileDownload>;
}

export type Call = JsonCall | ListCall | FileCall;

/** A resource's call table: the key is the SPA endpoint's name (unique in the whole SPA). */
export type CallTable = Record<string, Call>;

/** Checks a resource's table and keeps its literal types. */
export const declareCalls = <const T extends CallTable>(table: T): T => table;

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The path parameters of a call: a bare number when it has only `id`. */
type ParamsArg<C> = C extends { params: z.ZodType }
  ? [Exclude<keyof Out<C["params"]>, "id">] extends [never]
    ? number
    : Out<C["params"]>
  : // biome-ignore lint/suspicious/noConfusingVoidType: RTK Query makes a void argument optional in the hooks
    void;

/**
 * What the SPA passes to a call: nothing, the id, or the path parameters with the body
 * (`{id, data}` for a PUT of a record).
 */
export type CallArg<C> = C extends { body: z.ZodType }
  ? C extends { params: z.ZodType }
    ? Out<C["params"]> & In<C["body"]>
    : In<C["body"]>
  : ParamsArg<C>;

/** The answer of a JSON call, as the client reads it. */
export type CallAnswer<C> = C extends { answer: z.ZodType } ? Out<C["answer"]> : never;

/** The JSON calls of a table (the SPA's endpoints). */
export type JsonCalls<T> = {
  [K in keyof T as T[K] extends JsonCall ? (T[K] extends { noSpa: string } ? never : K) : never]: T[K];
};

/** `comunicazioni/ticket/:id/` with {id: 3} → `comunicazioni/ticket/3/`. */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => {
    const v = params[name];
    if (v === undefined || v === null) throw new Error(`${path}: manca il parametro ${name}`);
    return encodeURIComponent(String(v));
  });
}

/** The path parameters in an SPA argument: a number is `{id}`. */
export function paramsOf(arg: unknown): Record<string, unknown> {
  if (typeof arg === "number" || typeof arg === "string") return { id: arg };
  return arg && typeof arg === "object" ? (arg as Record<string, unknown>) : {};
}

/** The tags of a call for one argument (`":id"` → the argument's id). */
export function tagsOf(
  tags: readonly CallTag[] | undefined,
  arg: unknown,
): { type: CallTagType; id?: string | number }[] {
  const params = paramsOf(arg);
  return (tags ?? []).map((t) => {
    if (typeof t === "string") return { type: t };
    if (typeof t.id === "string" && t.id.startsWith(":")) return { type: t.type, id: params[t.id.slice(1)] as number };
    return t.id === undefined ? { type: t.type } : { type: t.type, id: t.id };
  });
}

/** The absolute URL path of a call (`/api/comunicazioni/ticket/3/foto/`), e.g. for a download. */
export const callUrl = (call: Call, params?: Record<string, unknown> | number) =>
  `/api/${fillPath(call.path, paramsOf(params))}`;
