/**
 * POST /api/app/ticket/:id/foto/ and /api/app/relazioni/:uuid/foto/ — the guard attaches a photo
 * (multipart field `foto`) to one of their tickets or service reports: checked by content, at most 8 MB and 25 megapixels (lib/images.ts), one per
 * ticket, audited; every upload counts against the guard's writes and RATE_RULES.appFoto (20 an
 * hour, refused ones too: each costs image work — issue 30 item 7).
 */
import multipart from "@fastify/multipart";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { appCalls } from "../../../../src/domain/contracts/console/app-guardie/calls";
import { callRoutes } from "../../../lib/calls";
import { MAX_UPLOAD_BYTES, readUpload } from "../../../lib/files";
import { consumeRateLimit, RATE_RULES } from "../../../lib/rate-limit";
import { currentAppUser } from "../../../plugins/auth-guard";
import { appFotoTicket, takeWriteHit } from "./app.service";
import { appFotoRelazione } from "./app-relazioni.service";

export const appFotoRoutes: FastifyPluginAsync = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: 1000, parts: 3, headerPairs: 100 },
  });
  const route = callRoutes(app, { tags: ["app"] });
  /** The guard's photo: the writes' and the photos' limits, then the multipart `foto`, then `store`. */
  const foto = async (request: FastifyRequest) => {
    const user = currentAppUser(request);
    await takeWriteHit(app.db, user, app.clock());
    await consumeRateLimit(app.db, RATE_RULES.appFoto, String(user.operatoreId), app.clock());
    const upload = await readUpload(request, { file: "foto", otherFiles: "refuse" });
    return { actor: { user, ip: request.ip }, file: upload.file };
  };
  route.call(appCalls.appFotoTicket, async (request) => {
    const { actor, file } = await foto(request);
    return appFotoTicket(app.db, app.config.dataDir, actor, request.params.id, file, app.clock());
  });
  route.call(appCalls.appFotoRelazione, async (request) => {
    const { actor, file } = await foto(request);
    return appFotoRelazione(app.db, app.config.dataDir, actor, request.params.id, file, app.clock());
  });
};
