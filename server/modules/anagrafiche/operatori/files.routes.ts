/**
 * GET /api/anagrafiche/files/{fileId}/ — an uploaded file, only for users allowed to see the tab
 * it belongs to (FILE_ACCESS, by owner type and category; unknown owners are refused):
 * operator head shot → whoever may open the quick view; other photos and CV → anagrafica;
 * documents and courses → documenti-corsi. Served as an attachment (never rendered by the browser as
 * a page of ours: the SPA reads it with fetch and shows a blob), with nosniff and a closed CSP.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ALL, CAPABILITIES, hasAny } from "../../../../src/domain/permissions";
import { forbidden, notFound } from "../../../lib/errors";
import type { FileRow } from "../../../lib/files";
import { getFileRow, sendStoredFile } from "../../../lib/files";
import { currentUser } from "../../../plugins/auth-guard";
import { QUICK_VIEW_CAPABILITY } from "./access";

/** owner_type → the capability a file needs, or null when nobody may read it here. */
export const FILE_ACCESS: Record<string, (file: FileRow) => readonly string[] | null> = {
  operatore: (f) => {
    if (f.categoria === "foto_primo_piano") return QUICK_VIEW_CAPABILITY;
    if (f.categoria === "documento" || f.categoria === "corso") return CAPABILITIES.operatoriDocumentiCorsi;
    return CAPABILITIES.operatoriAnagrafica;
  },
};

const params = z.object({ fileId: z.string().max(64) });

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/:fileId/",
    { config: { permissions: [ALL] }, schema: { tags: ["anagrafiche"], params } },
    async (request, reply) => {
      const user = currentUser(request);
      const file = await getFileRow(app.db, request.params.fileId);
      if (!file) throw notFound("File non trovato");
      const required = FILE_ACCESS[file.ownerType]?.(file) ?? null;
      if (!required || !hasAny(user.permissions, required)) throw forbidden();
      return sendStoredFile(reply, app.config.dataDir, file);
    },
  );
};
