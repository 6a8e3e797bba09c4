/**
 * registerListRoute: one GET route that answers {results, count, page}, or with `file_type`
 * the same query as an xlsx/csv/pdf download.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { z } from "zod";
import { ListOut } from "../../../src/domain/contracts/common";
import { hasAny } from "../../../src/domain/permissions";
import { HttpError } from "../errors";
import { sendExport } from "./export/run-export";
import { listContext, parseListQuery } from "./parse-query";
import { runParsedList } from "./run-list";
import type { List } from "./types";

export interface ListRouteOptions {
  /** The route's capability list (auth-guard): e.g. CAPABILITIES.operatori. */
  permissions: readonly string[];
  /** Who may export (default: the same as `permissions`). A user without it gets 403 JSON. */
  exportPermissions?: readonly string[];
  tags?: string[];
  summary?: string;
  /**
   * One result row as the contract declares it (src/domain/contracts): the answer is
   * `ListOut(row)`, and the serializer sends only the row's keys. A field gated by a permission
   * is optional in the row (it is absent for users without it).
   */
  row: z.ZodType;
  /** A nested list's route params (e.g. IdParams for `/:id/destinatari/`): a bad id is a 400. */
  params?: z.ZodType;
  /** Runs before the list or its export, e.g. a 404 when the parent does not exist. */
  parent?: (params: Record<string, string>) => Promise<void>;
}

export const EXPORT_FAILED = "Si è verificato un errore durante l'esportazione";
export const EXPORT_FORBIDDEN = "Non disponi di permessi sufficienti per esportare questa lista";

function fieldDocs(list: List): string {
  const lines = Object.entries(list.fields).map(([n, f]) => {
    const caps = [
      f.sortable && "ordinabile",
      f.groupable && "raggruppabile",
      f.global && "ricerca globale",
      f.filter && `filtro ${f.filter}${f.param ? ` (${f.param})` : ""}`,
      f.aggregate && f.aggregate,
    ].filter(Boolean);
    return `- \`${n}\` (${f.type}) ${f.label}${caps.length ? ` — ${caps.join(", ")}` : ""}`;
  });
  const custom = Object.keys(list.filters ?? {}).map((n) => `- \`${n}\` filtro personalizzato`);
  return [
    "Lista generica: page, page_size (1–99999, default 25), global, order_field, order_asc (o sort=campo / sort=-campo), group_by, " +
      "file_type (xlsx|csv|pdf), hidden_fields, show_fields; timestamp e parametri sconosciuti ignorati.",
    ...lines,
    ...custom,
  ].join("\n");
}

export function registerListRoute(app: FastifyInstance, path: string, list: List, opts: ListRouteOptions): void {
  // A grouped row ({<field>, count, aggregates}) must not pass as a row, or the serializer would
  // strip it to the row's keys: the row needs a required key a group cannot have.
  if (opts.row.safeParse({ count: 0 }).success)
    throw new Error(`registerListRoute(${path}): la riga della lista deve avere almeno un campo obbligatorio`);
  app.get(
    path,
    {
      // `list`: the declaration, for whoever goes over the routes (tests of every list's parameters).
      config: { permissions: opts.permissions, list },
      schema: {
        tags: opts.tags,
        summary: opts.summary ?? `Lista ${list.title ?? list.name}`,
        description: fieldDocs(list),
        ...(opts.params ? { params: opts.params } : {}),
        response: { 200: ListOut(opts.row) },
      },
      ...(opts.parent
        ? {
            preHandler: async (request: { params: unknown }) => opts.parent?.(request.params as Record<string, string>),
          }
        : {}),
    },
    async (request, reply) => {
      const raw = (request.query ?? {}) as Record<string, unknown>;
      const base = { user: request.user, params: (request.params ?? {}) as Record<string, string>, request };
      const wantsExport = raw.file_type !== undefined && raw.file_type !== "";
      if (!wantsExport) {
        const q = parseListQuery(list, raw, base);
        return reply.send(await runParsedList(app.db, list, q, listContext(base, raw, q.filters)));
      }
      try {
        if (opts.exportPermissions && !hasAny(request.user?.permissions, opts.exportPermissions)) {
          throw new HttpError(403, EXPORT_FORBIDDEN);
        }
        const q = parseListQuery(list, raw, base);
        await sendExport(reply, app.database, list, q, listContext(base, raw, q.filters), app.clock());
        return reply;
      } catch (err) {
        if (reply.sent) return reply;
        // An export's failure answers JSON with its own status (the 200 schema is the list's).
        const failed = reply as FastifyReply;
        if (err instanceof HttpError) {
          return failed
            .code(err.statusCode)
            .send({ result: "error", detail: err.detail, ...(err.errors ? { errors: err.errors } : {}) });
        }
        request.log.error({ err }, "export failed");
        return failed.code(500).send({ result: "error", detail: EXPORT_FAILED });
      }
    },
  );
}
