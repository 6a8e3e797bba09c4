/**
 * /api/comunicazioni/problemi-attivi/ and /summary/ — what the SPA polls while signed in (SPEC §7
 * Notifications): the calls of contracts/console/notifiche/calls.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { notificheCalls as calls } from "../../../../src/domain/contracts/console/notifiche/calls";
import { callRoutes } from "../../../lib/calls";
import { problemiAttivi, ticketNonLetti } from "../ticket-supporto/ticket-supporto.service";

export const notificheRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.call(calls.problemiAttivi, () => problemiAttivi(app.db));
  route.call(calls.ticketSummary, async () => ({ result: await ticketNonLetti(app.db) }));
};
