/**
 * /api/comunicazioni/ticket/ — support tickets, the desk (erp_ticket-supporto and the admins).
 *   GET  /                 the list (TicketList): unread first; state, category, operator, period
 *   GET  /assegnatari/     staff members a ticket may be assigned to
 *   GET  /{id}/            the ticket with its conversation
 *   GET  /{id}/foto/       the photo sent from the app (an attachment)
 *   PUT  /{id}/            {data: {stato?, assegnato_a?}} (audited; only what it names)
 *   POST /{id}/messaggi/   {data: {testo}} the office's reply, read by the guard in the app (audited)
 *   POST /{id}/letto/      marks the ticket read by the signed-in user (audited; idempotent)
 *                          → {result: "OK", id, letto_il, letto_da: {id, full_name}}
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { FileDownload } from "../../../src/domain/contracts/common";
import {
  AssegnatariOut,
  IdParams,
  TicketLettoOut,
  TicketOut,
  TicketRispostaBody,
  TicketRow,
  TicketUpdateBody,
} from "../../../src/domain/contracts/console/ticket";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { contextOf } from "../../lib/context";
import { sendStoredFile } from "../../lib/files";
import { registerListRoute } from "../../lib/list";
import { ticketList } from "./ticket.list";
import { segnaLetto } from "./ticket.service";
import { assegnatari, fotoTicket, getTicket, rispondiTicket, updateTicket } from "./ticket-desk.service";

const tags = ["comunicazioni"];
const DESK = CAPABILITIES.ticketSupporto;

export const ticketRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  registerListRoute(app, "/", ticketList, {
    permissions: DESK,
    tags,
    summary: "Lista ticket supporto",
    row: TicketRow,
  });

  app.get(
    "/assegnatari/",
    {
      config: { permissions: DESK },
      schema: { tags, summary: "Chi può gestire i ticket", response: { 200: AssegnatariOut } },
    },
    async () => assegnatari(app.db),
  );

  app.get(
    "/:id/",
    {
      config: { permissions: DESK },
      schema: { tags, summary: "Ticket con la conversazione", params: IdParams, response: { 200: TicketOut } },
    },
    async (request) => getTicket(contextOf(request), request.params.id),
  );

  app.get(
    "/:id/foto/",
    {
      config: { permissions: DESK },
      schema: {
        tags,
        summary: "La foto del ticket",
        params: IdParams,
        response: { 200: FileDownload("La foto", ["image/jpeg", "image/png", "image/webp"]) },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, app.config.dataDir, await fotoTicket(contextOf(request), request.params.id)),
  );

  app.put(
    "/:id/",
    {
      config: { permissions: DESK },
      schema: {
        tags,
        summary: "Cambia stato o assegnatario",
        params: IdParams,
        body: TicketUpdateBody,
        response: { 200: TicketOut },
      },
    },
    async (request) => updateTicket(contextOf(request), request.params.id, request.body.data),
  );

  app.post(
    "/:id/messaggi/",
    {
      config: { permissions: DESK },
      schema: {
        tags,
        summary: "Risponde all'operatore",
        params: IdParams,
        body: TicketRispostaBody,
        response: { 200: TicketOut },
      },
    },
    async (request) => rispondiTicket(contextOf(request), request.params.id, request.body.data),
  );

  app.post(
    "/:id/letto/",
    {
      config: { permissions: DESK },
      schema: { tags, summary: "Segna il ticket come letto", params: IdParams, response: { 200: TicketLettoOut } },
    },
    async (request) => segnaLetto(contextOf(request), request.params.id),
  );
};
