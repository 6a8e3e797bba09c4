/**
 * /api/comunicazioni/relazioni/ — the guards' service reports, the office's side (erp_relazioni and
 * the admins): the calls of contracts/console/relazioni/calls.ts, each handled by a service.
 */
import type { FastifyPluginAsync } from "fastify";
import { relazioniCalls as calls } from "../../../../src/domain/contracts/console/relazioni/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { sendStoredFile } from "../../../lib/files";
import { relazioniList } from "./relazioni.list";
import {
  aggiornaRelazione,
  approvaRelazione,
  fotoRelazione,
  getRelazione,
  modificaRelazione,
} from "./relazioni.service";

export const relazioniRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.list(calls.relazioniList, relazioniList);
  route.call(calls.relazione, (request) => getRelazione(contextOf(request), request.params.id));
  route.call(calls.relazioneFoto, async (request, reply) =>
    sendStoredFile(
      reply,
      app.config.dataDir,
      await fotoRelazione(contextOf(request), request.params.id, request.params.file),
    ),
  );
  route.call(calls.aggiornaRelazione, (request) =>
    aggiornaRelazione(contextOf(request), request.params.id, request.body.data),
  );
  route.call(calls.modificaRelazione, async (request, reply) =>
    reply.code(201).send(await modificaRelazione(contextOf(request), request.params.id, request.body.data)),
  );
  route.call(calls.approvaRelazione, (request) => approvaRelazione(contextOf(request), request.params.id));
};
