/**
 * Console calls (SPEC §7 Notifications): the open unread problems of the header alert, the unread
 * support-ticket count of the side menu chip (both polled by src/machines/notifications.machine.ts).
 * Marking a ticket read (POST comunicazioni/ticket/{id}/letto/) waits for the Console screens (issue 12).
 */
import { api } from "./base";

/** SPEC §3 Support notification: one open, unread 'problema' ticket. */
export interface ProblemNotification {
  id: number;
  operatore: { id: number; full_name: string };
  /** "YYYY-MM-DD HH:mm:ss", Europe/Rome. */
  data_ora: string;
}

/** GET /api/comunicazioni/summary/: `result` is the number of unread tickets. */
export interface TicketSummary {
  result: number;
}

/** The answer of POST comunicazioni/ticket/{id}/letto/ (answered by mocks/console.handlers.ts). */
export interface TicketLetto {
  result: "OK";
  id: number;
  letto_il: string;
  letto_da: { id: number; full_name: string } | null;
}

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
