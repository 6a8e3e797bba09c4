/**
 * /api/comunicazioni/ticket/ — support tickets.
 *   POST /{id}/letto/   marks the ticket read by the signed-in user (audited; idempotent)
 *                       → {result: "OK", id, letto_il, letto_da: {id, full_name}}
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParams, TicketLettoOut } from "../../../src/domain/contracts/console/ticket";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { currentUser } from "../../plugins/auth-guard";
import { segnaLetto } from "./ticket.service";

const tags = ["comunicazioni"];

export const ticketRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/:id/letto/",
    {
      config: { permissions: CAPABILITIES.ticketSupporto },
      schema: { tags, summary: "Segna il ticket come letto", params: IdParams, response: { 200: TicketLettoOut } },
    },
    async (request) =>
      segnaLetto(app.db, request.params.id, { userId: currentUser(request).id, ip: request.ip }, app.clock()),
  );
};
