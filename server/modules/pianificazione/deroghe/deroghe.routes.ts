/** /api/pianificazione/deroghe/: the report of derogations (deroghe.list.ts), for planners. */
import type { FastifyPluginAsync } from "fastify";
import { DerogaRow } from "../../../../src/domain/contracts/pianificazione/deroghe";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { derogheList } from "./deroghe.list";

export const derogheRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/deroghe/", derogheList, {
    permissions: CAPABILITIES.contratti,
    tags: ["pianificazione"],
    row: DerogaRow,
  });
};
