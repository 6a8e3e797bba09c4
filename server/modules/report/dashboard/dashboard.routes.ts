/** GET /api/report/dashboard/ (the dashboard's capability): the day at a glance in one request. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DashboardOut } from "../../../../src/domain/contracts/report/dashboard";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { dashboard } from "./dashboard.service";

export const dashboardRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/",
    { config: { permissions: CAPABILITIES.dashboard }, schema: { tags: ["report"], response: { 200: DashboardOut } } },
    async (request) => dashboard(contextOf(request)),
  );
};
