/**
 * /api/comunicazioni/allarmi/ — the guards' SOS, the desk's side (erp_allarmi and the admins): the
 * calls of contracts/console/allarmi/calls.ts. `aperti/` is the header's live wait (./allarmi-live.ts).
 */
import type { FastifyPluginAsync } from "fastify";
import { allarmiCalls as calls } from "../../../../src/domain/contracts/console/allarmi/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { allarmiList } from "./allarmi.list";
import { chiudiAllarme, getAllarme, prendiAllarme } from "./allarmi.service";
import { createAllarmiLive } from "./allarmi-live";

export const allarmiRoutes: FastifyPluginAsync = async (app) => {
  const live = await createAllarmiLive(app);
  app.addHook("preClose", () => live.close());
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.list(calls.allarmiList, allarmiList);
  route.call(calls.allarmiAperti, (request, reply) =>
    live.attendi(request.query.versione, (stop) => reply.raw.on("close", stop)),
  );
  route.call(calls.allarme, (request) => getAllarme(contextOf(request), request.params.id));
  route.call(calls.prendiAllarme, (request) => prendiAllarme(contextOf(request), request.params.id));
  route.call(calls.chiudiAllarme, (request) => chiudiAllarme(contextOf(request), request.params.id, request.body.data));
};
