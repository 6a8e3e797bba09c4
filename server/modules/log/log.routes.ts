/**
 * /api/log: the audit trail, read only (entries are written by every module with writeAudit).
 *   GET /api/log/list/            the generic list of entries (SPEC §3 Log entry), exportable
 *   GET /api/log/content-types/   [{id, descrizione}] of the content types present
 *   GET /api/log/turno/:id/       one shift's own entries, for its planners (erp_contratti)
 *   GET /api/log/allarme/:id/     one alarm's own entries, for whoever handles alarms (erp_allarmi)
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { IdParams } from "../../../src/domain/contracts/common";
import { ContentTypesOut, LogEntryRow } from "../../../src/domain/contracts/log/log";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { queryRows } from "../../db/query";
import { registerListRoute } from "../../lib/list";
import { contentTypeLabel } from "./content-types";
import { allarmeLogList, logList, turnoLogList } from "./log.list";

export const logRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/list/", logList, {
    permissions: CAPABILITIES.logs,
    tags: ["log"],
    summary: "Registro delle modifiche",
    row: LogEntryRow,
  });

  // A shift's own history, for whoever plans it (the Logs panel of Assegnazione avanzata).
  registerListRoute(app, "/turno/:id/", turnoLogList, {
    permissions: CAPABILITIES.contratti,
    tags: ["log"],
    summary: "Registro delle modifiche di un turno",
    params: IdParams,
    row: LogEntryRow,
  });

  registerListRoute(app, "/allarme/:id/", allarmeLogList, {
    permissions: CAPABILITIES.allarmi,
    tags: ["log"],
    summary: "Registro delle modifiche di un allarme",
    params: IdParams,
    row: LogEntryRow,
  });

  app.get(
    "/content-types/",
    {
      config: { permissions: CAPABILITIES.logs },
      schema: { tags: ["log"], summary: "Tipi di log presenti", response: { 200: ContentTypesOut } },
    },
    async (_request, reply) => {
      // A loose index scan over (content_type, …): one probe per distinct type, not a full scan.
      const rows = await queryRows<{ content_type: string }>(
        app.db,
        sql`WITH RECURSIVE t AS (
              (SELECT content_type FROM log_entries ORDER BY content_type LIMIT 1)
              UNION ALL
              SELECT (SELECT l.content_type FROM log_entries l WHERE l.content_type > t.content_type
                      ORDER BY l.content_type LIMIT 1)
              FROM t WHERE t.content_type IS NOT NULL)
            SELECT content_type FROM t WHERE content_type IS NOT NULL`,
      );
      return reply.send(rows.map((r) => ({ id: r.content_type, descrizione: contentTypeLabel(r.content_type) })));
    },
  );
};
