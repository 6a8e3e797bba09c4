/** /api/report/compensi/ (erp_compensi; amounts only with erp_compensi_compensi). */
import type { FastifyPluginAsync } from "fastify";
import { CompensoRow } from "../../../../src/domain/contracts/report/compensi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { compensiList } from "./compensi.list";

export const compensiRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", compensiList, { permissions: CAPABILITIES.compensi, tags: ["report"], row: CompensoRow });
};
