/**
 * /api/comunicazioni/azienda/ — company communications (erp_comunicazioni-azienda and the admins):
 * the calls of contracts/console/comunicazioni-azienda/calls.ts, each handled by a service. Sending
 * one takes {data: …} as JSON, or the same fields as multipart with the attachment in `allegato`
 * (after the fields; stored as it arrives, files.ts openUpload).
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import { comunicazioniAziendaCalls as calls } from "../../../../src/domain/contracts/console/comunicazioni-azienda/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { MAX_UPLOAD_BYTES, openUpload, sendStoredFile } from "../../../lib/files";
import { comunicazioniList } from "./comunicazioni-azienda.list";
import {
  allegatoComunicazione,
  ensureComunicazione,
  getComunicazione,
  inviaComunicazione,
  inviaPromemoria,
  parseComunicazione,
} from "./comunicazioni-azienda.service";
import { destinatariList } from "./destinatari.list";

export const comunicazioniAziendaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5010, fieldSize: 20000, parts: 5020, headerPairs: 100 },
  });
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.list(calls.comunicazioniList, comunicazioniList);
  route.list(calls.destinatariList, destinatariList, {
    parent: (params) => ensureComunicazione(app.db, Number(params.id)),
  });

  route.call(calls.inviaComunicazione, async (request, reply) => {
    if (request.isMultipart()) {
      // The fields, then the attachment read as it arrives into the communication's transaction.
      const upload = await openUpload(request, { file: "allegato", otherFiles: "refuse" });
      try {
        const data = parseComunicazione(upload.fields);
        const created = await inviaComunicazione(contextOf(request), data, upload.file ? upload : null);
        return reply.code(201).send(created);
      } finally {
        upload.close();
      }
    }
    const body = request.body as { data?: unknown } | null;
    const data = body && typeof body === "object" ? body.data : undefined;
    const fields = data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
    const created = await inviaComunicazione(contextOf(request), parseComunicazione(fields), null);
    return reply.code(201).send(created);
  });
  route.call(calls.comunicazione, (request) => getComunicazione(contextOf(request), request.params.id));
  route.call(calls.comunicazioneAllegato, async (request, reply) =>
    sendStoredFile(reply, app.config.dataDir, await allegatoComunicazione(app.db, request.params.id)),
  );
  route.call(calls.inviaPromemoria, (request) => inviaPromemoria(contextOf(request), request.params.id));
};
