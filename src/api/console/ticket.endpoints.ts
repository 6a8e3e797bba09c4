/**
 * The support desk (issue 12 item 2): a ticket with its conversation, the office's reply, state and
 * assignee, marking it read. The list is the generic list query (GET comunicazioni/ticket/).
 * Every write refreshes the list and the header's notifications.
 */
import type {
  Assegnatario,
  Ticket,
  TicketLetto,
  TicketRispostaData,
  TicketUpdateData,
} from "../../domain/contracts/console/ticket";
import { api } from "../base";

export type { Assegnatario, Ticket, TicketRispostaData, TicketUpdateData };

const CHANGED = (id: number) => [
  { type: "Ticket" as const, id },
  { type: "List" as const },
  { type: "Notifica" as const, id: "problemi" },
  { type: "Notifica" as const, id: "summary" },
];

export const ticketApi = api.injectEndpoints({
  endpoints: (build) => ({
    ticket: build.query<Ticket, number>({
      query: (id) => `comunicazioni/ticket/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Ticket", id }],
    }),
    assegnatari: build.query<Assegnatario[], void>({
      query: () => "comunicazioni/ticket/assegnatari/",
    }),
    segnaTicketLetto: build.mutation<TicketLetto, number>({
      query: (id) => ({ url: `comunicazioni/ticket/${id}/letto/`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => CHANGED(id),
    }),
    aggiornaTicket: build.mutation<Ticket, { id: number; data: TicketUpdateData }>({
      query: ({ id, data }) => ({ url: `comunicazioni/ticket/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => CHANGED(id),
    }),
    rispondiTicket: build.mutation<Ticket, { id: number; data: TicketRispostaData }>({
      query: ({ id, data }) => ({ url: `comunicazioni/ticket/${id}/messaggi/`, method: "POST", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => CHANGED(id),
    }),
  }),
});

export const {
  useTicketQuery,
  useAssegnatariQuery,
  useSegnaTicketLettoMutation,
  useAggiornaTicketMutation,
  useRispondiTicketMutation,
} = ticketApi;
