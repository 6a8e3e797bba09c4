/**
 * The support desk's calls (issue 12 item 2), under /api/comunicazioni/ticket/ (SPEC's path): the
 * list, a ticket with its conversation and photo, who may be assigned, state and assignee, the
 * office's reply, marking it read. Every write refreshes the ticket, the lists and the header's
 * notifications.
 */

import { CAPABILITIES } from "../../../permissions";
import { type CallTag, declareCalls } from "../../calls";
import { FileDownload, IdParams } from "../../common";
import {
  AssegnatariOut,
  TicketLettoOut,
  TicketList,
  TicketOut,
  TicketRispostaBody,
  TicketRow,
  TicketUpdateBody,
} from "./schemas";

const permissions = CAPABILITIES.ticketSupporto;
const CHANGED: readonly CallTag[] = [
  { type: "Ticket", id: ":id" },
  "List",
  { type: "Notifica", id: "problemi" },
  { type: "Notifica", id: "summary" },
];

export const ticketSupportoCalls = declareCalls({
  ticketList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/ticket/",
    summary: "Lista ticket supporto",
    permissions,
    list: TicketList,
    row: TicketRow,
  },
  assegnatari: {
    method: "GET",
    path: "comunicazioni/ticket/assegnatari/",
    summary: "Chi può gestire i ticket",
    permissions,
    answer: AssegnatariOut,
  },
  ticket: {
    method: "GET",
    path: "comunicazioni/ticket/:id/",
    summary: "Ticket con la conversazione",
    permissions,
    params: IdParams,
    answer: TicketOut,
    provides: [{ type: "Ticket", id: ":id" }],
  },
  ticketFoto: {
    kind: "file",
    method: "GET",
    path: "comunicazioni/ticket/:id/foto/",
    summary: "La foto del ticket",
    permissions,
    params: IdParams,
    file: FileDownload("La foto", ["image/jpeg", "image/png", "image/webp"]),
  },
  aggiornaTicket: {
    method: "PUT",
    path: "comunicazioni/ticket/:id/",
    summary: "Cambia stato o assegnatario",
    permissions,
    params: IdParams,
    body: TicketUpdateBody,
    answer: TicketOut,
    invalidates: CHANGED,
  },
  rispondiTicket: {
    method: "POST",
    path: "comunicazioni/ticket/:id/messaggi/",
    summary: "Risponde all'operatore",
    permissions,
    params: IdParams,
    body: TicketRispostaBody,
    answer: TicketOut,
    invalidates: CHANGED,
  },
  segnaTicketLetto: {
    method: "POST",
    path: "comunicazioni/ticket/:id/letto/",
    summary: "Segna il ticket come letto",
    permissions,
    params: IdParams,
    answer: TicketLettoOut,
    invalidates: CHANGED,
  },
});
