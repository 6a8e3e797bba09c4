/** /api/report/pratiche/ (superadmin, admin, erp_admin): the pratiche report. */
import type { FastifyPluginAsync } from "fastify";
import { PraticaRow } from "../../../../src/domain/contracts/report/pratiche";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { praticheList } from "./pratiche.list";

export const praticheRoutes: FastifyPluginAsync = async (app) => {
  registerListRoute(app, "/", praticheList, { permissions: CAPABILITIES.pratiche, tags: ["report"], row: PraticaRow });
};
