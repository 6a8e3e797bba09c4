/** /api/report/risorse-assegnate/ (erp_risorse-assegnate): list engine with group-by and exports. */
import type { FastifyPluginAsync } from "fastify";
import { RisorsaAssegnataRow } from "../../../../src/domain/contracts/report/risorse-assegnate";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { risorseAssegnateList } from "./risorse-assegnate.list";

export const risorseAssegnateRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", risorseAssegnateList, {
    permissions: CAPABILITIES.risorseAssegnate,
    tags: ["report"],
    row: RisorsaAssegnataRow,
  });
};
