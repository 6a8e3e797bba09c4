/** GET /api/pianificazione/contratti/ — the contracts list with exports (contratti.list.ts). */
import type { FastifyPluginAsync } from "fastify";
import { ContrattoRow } from "../../../../src/domain/contracts/pianificazione/contratti";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { contrattiList } from "./contratti.list";

export const contrattiListRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", contrattiList, {
    permissions: CAPABILITIES.contratti,
    tags: ["pianificazione"],
    row: ContrattoRow,
  });
};
