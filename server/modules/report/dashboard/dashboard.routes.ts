/**
 * GET /api/report/dashboard/ (the dashboard's capability): the day at a glance in one request;
 * GET /api/report/dashboard/turni/?giorno&copertura: the shifts behind its 'Turni di oggi' figures.
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DashboardOut } from "../../../../src/domain/contracts/report/dashboard";
import { TurnoGiornoRow } from "../../../../src/domain/contracts/report/turni-giorno";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerListRoute } from "../../../lib/list";
import { dashboard } from "./dashboard.service";
import { turniGiornoList } from "./turni-giorno.list";

export const dashboardRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/",
    { config: { permissions: CAPABILITIES.dashboard }, schema: { tags: ["report"], response: { 200: DashboardOut } } },
    async (request) => dashboard(contextOf(request)),
  );
  registerListRoute(base, "/turni/", turniGiornoList, {
    permissions: CAPABILITIES.dashboard,
    tags: ["report"],
    row: TurnoGiornoRow,
  });
};
