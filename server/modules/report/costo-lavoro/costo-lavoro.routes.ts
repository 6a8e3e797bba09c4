/** /api/report/costo-lavoro/ — the employer-cost factors (contracts/report/costo-lavoro/calls.ts). */
import type { FastifyPluginAsync } from "fastify";
import { costoLavoroCalls as calls } from "../../../../src/domain/contracts/report/costo-lavoro/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { aggiornaCostoLavoro, leggiCostoLavoro } from "./costo-lavoro.service";

export const costoLavoroRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["report"] });
  route.call(calls.costoLavoro, () => leggiCostoLavoro(app.db));
  route.call(calls.aggiornaCostoLavoro, (request) => aggiornaCostoLavoro(contextOf(request), request.body.data));
};
