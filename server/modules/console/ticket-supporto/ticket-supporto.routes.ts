/**
 * /api/comunicazioni/ticket/ — support tickets, the desk (erp_ticket-supporto and the admins): the
 * calls of contracts/console/ticket-supporto/calls.ts, each handled by a service.
 */
import type { FastifyPluginAsync } from "fastify";
import { ticketSupportoCalls as calls } from "../../../../src/domain/contracts/console/ticket-supporto/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { sendStoredFile } from "../../../lib/files";
import { assegnatari, fotoTicket, getTicket, rispondiTicket, updateTicket } from "./ticket-desk.service";
import { ticketList } from "./ticket-supporto.list";
import { segnaLetto } from "./ticket-supporto.service";

export const ticketSupportoRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["comunicazioni"] });
  route.list(calls.ticketList, ticketList);
  route.call(calls.assegnatari, () => assegnatari(app.db));
  route.call(calls.ticket, (request) => getTicket(contextOf(request), request.params.id));
  route.call(calls.ticketFoto, async (request, reply) =>
    sendStoredFile(reply, app.config.dataDir, await fotoTicket(contextOf(request), request.params.id)),
  );
  route.call(calls.aggiornaTicket, (request) => updateTicket(contextOf(request), request.params.id, request.body.data));
  route.call(calls.rispondiTicket, (request) =>
    rispondiTicket(contextOf(request), request.params.id, request.body.data),
  );
  route.call(calls.segnaTicketLetto, (request) => segnaLetto(contextOf(request), request.params.id));
};
