/**
 * The support desk's endpoints, derived from contracts/console/ticket-supporto/calls.ts (the list is
 * the generic list query on its declared path).
 */

import { ticketSupportoCalls } from "../../domain/contracts/console/ticket-supporto/calls";
import type {
  Assegnatario,
  Ticket,
  TicketRispostaData,
  TicketUpdateData,
} from "../../domain/contracts/console/ticket-supporto/schemas";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { Assegnatario, Ticket, TicketRispostaData, TicketUpdateData };

export const ticketSupportoApi = api.injectEndpoints({
  endpoints: (build) => callEndpoints(build, ticketSupportoCalls),
});

export const {
  useTicketQuery,
  useAssegnatariQuery,
  useSegnaTicketLettoMutation,
  useAggiornaTicketMutation,
  useRispondiTicketMutation,
} = ticketSupportoApi;
