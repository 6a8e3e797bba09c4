/**
 * /api/comunicazioni/anomalie/ — anomalies detected by the server (erp_anomalie and the admins):
 * the calls of contracts/console/anomalie/calls.ts, each handled by a service.
 */
import type { FastifyPluginAsync } from "fastify";
import { anomalieCalls as calls } from "../../../../src/domain/contracts/console/anomalie/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { anomalieList } from "./anomalie.list";
import { getAnomalia, segnaLetta, updateAnomalia } from "./anomalie.service";

export const anomalieRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.list(calls.anomalieList, anomalieList);
  route.call(calls.anomalia, (request) => getAnomalia(contextOf(request), request.params.id));
  route.call(calls.aggiornaAnomalia, (request) =>
    updateAnomalia(contextOf(request), request.params.id, request.body.data),
  );
  route.call(calls.segnaAnomaliaLetta, (request) => segnaLetta(contextOf(request), request.params.id));
};
