/**
 * /api/comunicazioni/ — what the SPA polls every 120 s while signed in (SPEC §7 Notifications):
 *   GET /problemi-attivi/   [{id, operatore: {id, full_name}, data_ora, fonte, titolo, chiave}] open
 *                           unread problems — tickets and anomalies — newest first, at most 100
 *                           (superadmin, admin, erp_admin); `id` is unique within its `fonte`, `chiave`
 *                           ("ticket-12", "anomalia-12") in the whole list
 *   GET /summary/           {result: <unread tickets>} for the 'Ticket supporto' chip
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ProblemiAttiviOut, SummaryOut } from "../../../src/domain/contracts/console/ticket";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { problemiAttivi, ticketNonLetti } from "./ticket.service";

const tags = ["comunicazioni"];

export const notificheRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    "/problemi-attivi/",
    {
      config: { permissions: CAPABILITIES.notifications },
      schema: {
        tags,
        summary: "Problemi segnalati non letti (ticket e anomalie; chiave unica: fonte-id)",
        response: { 200: ProblemiAttiviOut },
      },
    },
    async () => problemiAttivi(app.db),
  );

  app.get(
    "/summary/",
    {
      config: { permissions: CAPABILITIES.ticketSupporto },
      schema: { tags, summary: "Ticket di supporto non letti", response: { 200: SummaryOut } },
    },
    async () => ({ result: await ticketNonLetti(app.db) }),
  );
};
