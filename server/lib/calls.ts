/**
 * Routes from the call table (src/domain/contracts/calls.ts): method, path, permissions, params,
 * query, body, the answer schema of the success status and the OpenAPI summary come from the
 * call's declaration; the handler — which calls a service — is the only hand-written part.
 *
 *   const route = callRoutes(app, { tags: ["comunicazioni"] });
 *   route.list(ticketSupportoCalls.ticketList, ticketList);
 *   route.call(ticketSupportoCalls.ticket, (request) => getTicket(contextOf(request), request.params.id));
 *
 * The declared path is the whole URL under /api/; the route is registered relative to the plugin's
 * prefix (a resource mounted at "/ticket" registers "comunicazioni/ticket/:id/" as "/:id/"), so a
 * declaration outside its plugin's prefix fails at start-up.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import type { CallPermissions, FileCall, JsonCall, ListCall } from "../../src/domain/contracts/calls";
import { type List, registerListRoute } from "./list";

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** The request of a call: params, query and body as its schemas parse them. */
export type CallRequest<C> = FastifyRequest & {
  params: C extends { params: z.ZodType } ? Out<C["params"]> : unknown;
  query: C extends { query: z.ZodType } ? Out<C["query"]> : unknown;
  body: C extends { body: z.ZodType } ? Out<C["body"]> : unknown;
};

/** What a handler gives back: the declared answer, or the reply it sent itself (a download, a 201). */
type Result<C> = (C extends JsonCall ? In<C["answer"]> : never) | FastifyReply;

export type CallHandler<C> = (request: CallRequest<C>, reply: FastifyReply) => Promise<Result<C>> | Result<C>;

/** The route's path inside the plugin mounted at `prefix` ("/api/comunicazioni/ticket" + "/:id/"). */
export function pathWithin(prefix: string, call: { path: string }): string {
  const full = `/api/${call.path}`;
  if (!full.startsWith(prefix)) throw new Error(`${full}: fuori dal prefisso ${prefix} del plugin`);
  return full.slice(prefix.length) || "/";
}

/** The handlers of a record's calls (src/domain/contracts/records.ts): a create answers 201, a delete `{result: "OK"}`. */
export type RecordHandlers<RC> = {
  [R in keyof RC]: R extends "remove" ? (request: CallRequest<RC[R]>) => Promise<void> : CallHandler<RC[R]>;
};

/** OpenAPI's security of a route: none for a public one, the token for the apps' (staff routes: the document's default). */
function security(permissions: CallPermissions) {
  if (permissions === "public") return { security: [] };
  if (permissions === "app" || permissions === "app-cms") return { security: [{ token: [] }] };
  return {};
}

export function callRoutes(app: FastifyInstance, opts: { tags: string[] }) {
  const tags = opts.tags;
  return {
    /** A JSON call or a download; `reauth`: it needs a fresh re-authentication (plugins/auth-guard). */
    call<C extends JsonCall | FileCall>(call: C, handler: CallHandler<C>, options: { reauth?: boolean } = {}): void {
      const json = call.kind !== "file";
      app.route({
        method: call.method,
        url: pathWithin(app.prefix, call),
        config: { permissions: call.permissions, ...(options.reauth ? { reauth: true } : {}) },
        schema: {
          tags,
          summary: call.summary,
          ...(call.params ? { params: call.params } : {}),
          ...(json && call.query ? { querystring: call.query } : {}),
          ...(json && call.body ? { body: call.body } : {}),
          ...(json && call.consumes ? { consumes: [...call.consumes] } : {}),
          ...security(call.permissions),
          response: json ? { ...call.alsoAnswers, [call.status ?? 200]: call.answer } : { 200: call.file },
        },
        handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
      });
    },
    /** A record's calls (`recordCalls` of the contracts): the four CRUD routes with their handlers. */
    record<RC extends Partial<Record<"get" | "create" | "update" | "remove", JsonCall>>>(
      calls: RC,
      handlers: RecordHandlers<RC>,
    ): void {
      const h = handlers as unknown as Record<string, (request: never, reply: FastifyReply) => unknown>;
      for (const [role, call] of Object.entries(calls) as [string, JsonCall][]) {
        const handler = h[role];
        if (!handler) throw new Error(`${call.path}: manca il gestore di ${role}`);
        this.call(call, async (request, reply) => {
          const answer = await handler(request as never, reply);
          if (role === "remove") return { result: "OK" as const };
          return role === "create" ? reply.code(201).send(answer) : (answer as never);
        });
      }
    },
    /** A list of the generic engine: `list` is the server's definition (defineList) of the declared list. */
    list(call: ListCall, list: List, extra: { parent?: (params: Record<string, string>) => Promise<void> } = {}): void {
      if (list.name !== call.list.name) throw new Error(`${call.path}: la lista ${list.name} non è ${call.list.name}`);
      registerListRoute(app, pathWithin(app.prefix, call), list, {
        permissions: call.permissions as readonly string[],
        ...(call.exportPermissions ? { exportPermissions: call.exportPermissions } : {}),
        tags,
        summary: call.summary,
        row: call.row,
        ...(call.params ? { params: call.params } : {}),
        ...extra,
      });
    },
  };
}
