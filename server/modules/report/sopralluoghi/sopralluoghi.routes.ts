/**
 * /api/report/sopralluoghi/ (administrators): the list (the sopralluoghi report), save one, read one,
 * its PDF, and its photos: POST /{id}/foto/ (multipart field `foto`, checked by content),
 * GET /{id}/foto/{fotoId}/ downloads one, DELETE /{id}/foto/{fotoId}/ removes one.
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { dataBody, FileDownload, IdParams, ResultOk } from "../../../../src/domain/contracts/common";
import {
  SopralluogoData,
  SopralluogoOut,
  SopralluogoRow,
  SopralluogoSavedOut,
} from "../../../../src/domain/contracts/report/sopralluoghi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { MAX_UPLOAD_BYTES, readStoredFile, readUpload, sendFile, sendStoredFile } from "../../../lib/files";
import { registerListRoute } from "../../../lib/list";
import { sopralluoghiList } from "./sopralluoghi.list";
import { createSopralluogo, getSopralluogo } from "./sopralluoghi.service";
import { addFotoSopralluogo, deleteFotoSopralluogo, fotoFile } from "./sopralluoghi-foto.service";

const FotoParams = IdParams.extend({ fotoId: z.string().max(64) });

import { sopralluogoPdf } from "./sopralluogo-pdf";

export const sopralluoghiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const permissions = CAPABILITIES.sopralluoghi;
  const tags = ["report"];
  await base.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3, headerPairs: 100 },
  });
  registerListRoute(base, "/", sopralluoghiList, { permissions, tags, row: SopralluogoRow });
  app.post(
    "/",
    {
      config: { permissions },
      schema: { tags, body: dataBody(SopralluogoData), response: { 201: SopralluogoSavedOut } },
    },
    async (request, reply) => reply.code(201).send(await createSopralluogo(contextOf(request), request.body.data)),
  );
  app.get(
    "/:id/",
    { config: { permissions }, schema: { tags, params: IdParams, response: { 200: SopralluogoOut } } },
    async (request) => getSopralluogo(contextOf(request), request.params.id),
  );
  app.get(
    "/:id/pdf/",
    {
      config: { permissions },
      schema: {
        tags,
        params: IdParams,
        response: { 200: FileDownload("Il verbale del sopralluogo (PDF)", ["application/pdf"]) },
      },
    },
    async (request, reply) => {
      const x = await getSopralluogo(contextOf(request), request.params.id);
      const foto: Buffer[] = [];
      for (const f of x.foto)
        foto.push(await readStoredFile(app.db, app.config.dataDir, await fotoFile(app.db, x.id, f.id)));
      return sendFile(reply, {
        data: await sopralluogoPdf(x, foto),
        mime: "application/pdf",
        filename: `sopralluogo-${x.id}.pdf`,
      });
    },
  );
  app.post(
    "/:id/foto/",
    {
      config: { permissions },
      schema: {
        tags,
        summary: "Aggiunge una foto al sopralluogo (JPEG, PNG o WebP, controllata dal contenuto)",
        params: IdParams,
        consumes: ["multipart/form-data"],
        response: { 201: SopralluogoOut },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const upload = await readUpload(request, { file: "foto", otherFiles: "refuse" });
      await addFotoSopralluogo(ctx, request.params.id, upload.file);
      return reply.code(201).send(await getSopralluogo(ctx, request.params.id));
    },
  );
  app.get(
    "/:id/foto/:fotoId/",
    {
      config: { permissions },
      schema: {
        tags,
        params: FotoParams,
        response: { 200: FileDownload("La foto del sopralluogo", ["image/jpeg", "image/webp"]) },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, app.config.dataDir, await fotoFile(app.db, request.params.id, request.params.fotoId)),
  );
  app.delete(
    "/:id/foto/:fotoId/",
    { config: { permissions }, schema: { tags, params: FotoParams, response: { 200: ResultOk } } },
    async (request) => {
      await deleteFotoSopralluogo(contextOf(request), request.params.id, request.params.fotoId);
      return { result: "OK" as const };
    },
  );
};
