/**
 * /api/report/compensi/ (erp_compensi; amounts only with erp_compensi_compensi) and
 * /api/report/compensi/mensile/, the payroll office's monthly file per operator.
 */
import type { FastifyPluginAsync } from "fastify";
import { CompensoRow } from "../../../../src/domain/contracts/report/compensi";
import { CompensoMensileRow } from "../../../../src/domain/contracts/report/compensi-mensili";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { compensiList } from "./compensi.list";
import { compensiMensiliList } from "./compensi-mensili.list";

export const compensiRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", compensiList, { permissions: CAPABILITIES.compensi, tags: ["report"], row: CompensoRow });
  registerListRoute(app, "/mensile/", compensiMensiliList, {
    permissions: CAPABILITIES.compensi,
    tags: ["report"],
    row: CompensoMensileRow,
    summary: "File paghe mensile: compensi per operatore e mese con le ore per tipo",
  });
};
