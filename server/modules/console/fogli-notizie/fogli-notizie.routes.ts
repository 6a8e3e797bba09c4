/**
 * /api/comunicazioni/fogli-notizie/ — the daily sheets for the Questura (erp_relazioni and the admins):
 * the calls of contracts/console/fogli-notizie/calls.ts, each handled by a service.
 */
import type { FastifyPluginAsync } from "fastify";
import { fogliNotizieCalls as calls } from "../../../../src/domain/contracts/console/fogli-notizie/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { sendFile } from "../../../lib/files";
import { fogliNotizieList } from "./fogli-notizie.list";
import { aggiornaImpostazioni, generaFogliOra, getImpostazioni, scaricaFoglio } from "./fogli-notizie.service";

export const fogliNotizieRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.list(calls.fogliNotizieList, fogliNotizieList);
  route.call(calls.generaFoglioNotizie, async (request, reply) =>
    reply.code(201).send(await generaFogliOra(contextOf(request), request.body.data.giorno)),
  );
  route.call(calls.foglioNotiziePdf, async (request, reply) => {
    const f = await scaricaFoglio(contextOf(request), request.params.id);
    return sendFile(reply, { data: f.data, mime: "application/pdf", filename: f.filename });
  });
  route.call(calls.fogliNotizieImpostazioni, (request) => getImpostazioni(contextOf(request)));
  route.call(calls.aggiornaFogliNotizieImpostazioni, (request) =>
    aggiornaImpostazioni(contextOf(request), request.body.data),
  );
};
