/**
 * Console calls (SPEC §7 Notifications): the open unread problems of the header alert, the unread
 * support-ticket count of the side menu chip (both polled by src/machines/notifications.machine.ts).
 * Marking a ticket read (POST comunicazioni/ticket/{id}/letto/) waits for the Console screens (issue 12).
 */
import type { ProblemNotification, TicketLetto, TicketSummary } from "../domain/contracts/console/ticket";
import { api } from "./base";

export type { ProblemNotification, TicketLetto, TicketSummary };

export const consoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    problemiAttivi: build.query<ProblemNotification[], void>({
      query: () => "comunicazioni/problemi-attivi/",
      providesTags: [{ type: "Notifica", id: "problemi" }],
    }),
    ticketSummary: build.query<TicketSummary, void>({
      query: () => "comunicazioni/summary/",
      providesTags: [{ type: "Notifica", id: "summary" }],
    }),
  }),
});
