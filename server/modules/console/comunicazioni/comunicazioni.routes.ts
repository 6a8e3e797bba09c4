/**
 * /api/comunicazioni/azienda/ — company communications (erp_comunicazioni-azienda and the admins).
 *   GET  /                  the list (ComunicazioneList): newest first; subject, recipients, period; export
 *   POST /                  {data: {oggetto, testo, destinatari, posizione?, operatori?}} as JSON, or the
 *                           same fields as multipart with the attachment in `allegato` → 201 (audited)
 *   GET  /{id}/             the message with its recipients' totals
 *   GET  /{id}/destinatari/ its recipients (DestinatariList): delivered, read, reminded, and when; export
 *   GET  /{id}/allegato/    the attachment
 *   POST /{id}/promemoria/  a reminder to the recipients who have not read it (audited)
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { FileDownload, IdParams } from "../../../../src/domain/contracts/common";
import {
  ComunicazioneOut,
  ComunicazioneRow,
  DestinatarioRow,
  PromemoriaOut,
} from "../../../../src/domain/contracts/console/comunicazioni";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { MAX_UPLOAD_BYTES, readUpload, sendStoredFile } from "../../../lib/files";
import { registerListRoute } from "../../../lib/list";
import { comunicazioniList } from "./comunicazioni.list";
import {
  allegatoComunicazione,
  ensureComunicazione,
  getComunicazione,
  inviaComunicazione,
  inviaPromemoria,
  parseComunicazione,
} from "./comunicazioni.service";
import { destinatariList } from "./destinatari.list";

const tags = ["comunicazioni"];
const PERMS = CAPABILITIES.comunicazioniAzienda;

export const comunicazioniRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5010, fieldSize: 20000, parts: 5020, headerPairs: 100 },
  });

  registerListRoute(app, "/", comunicazioniList, {
    permissions: PERMS,
    tags,
    summary: "Lista comunicazioni azienda",
    row: ComunicazioneRow,
  });

  registerListRoute(app, "/:id/destinatari/", destinatariList, {
    permissions: PERMS,
    tags,
    summary: "Destinatari di una comunicazione",
    row: DestinatarioRow,
    params: IdParams,
    parent: (params) => ensureComunicazione(app.db, Number(params.id)),
  });

  app.post(
    "/",
    {
      config: { permissions: PERMS },
      schema: {
        tags,
        summary: "Invia una comunicazione agli operatori (allegato facoltativo: multipart, campo `allegato`)",
        consumes: ["application/json", "multipart/form-data"],
        response: { 201: ComunicazioneOut },
      },
    },
    async (request, reply) => {
      let fields: Record<string, unknown>;
      let file: { filename: string; data: Buffer } | null = null;
      if (request.isMultipart()) {
        const upload = await readUpload(request, { file: "allegato", otherFiles: "refuse" });
        fields = upload.fields;
        file = upload.file;
      } else {
        const body = request.body as { data?: unknown } | null;
        const data = body && typeof body === "object" ? body.data : undefined;
        fields = data && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
      }
      const created = await inviaComunicazione(contextOf(request), parseComunicazione(fields), file);
      return reply.code(201).send(created);
    },
  );

  app.get(
    "/:id/",
    {
      config: { permissions: PERMS },
      schema: {
        tags,
        summary: "Comunicazione con i destinatari",
        params: IdParams,
        response: { 200: ComunicazioneOut },
      },
    },
    async (request) => getComunicazione(contextOf(request), request.params.id),
  );

  app.get(
    "/:id/allegato/",
    {
      config: { permissions: PERMS },
      schema: {
        tags,
        summary: "L'allegato della comunicazione",
        params: IdParams,
        response: { 200: FileDownload("L'allegato", ["application/pdf", "image/jpeg", "image/png", "image/webp"]) },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, app.config.dataDir, await allegatoComunicazione(app.db, request.params.id)),
  );

  app.post(
    "/:id/promemoria/",
    {
      config: { permissions: PERMS },
      schema: { tags, summary: "Promemoria a chi non ha letto", params: IdParams, response: { 200: PromemoriaOut } },
    },
    async (request) => inviaPromemoria(contextOf(request), request.params.id),
  );
};
