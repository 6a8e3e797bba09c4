/**
 * Console calls (SPEC §7 Notifications): the open unread problems of the header alert, the unread
 * support-ticket count of the side menu chip (both polled by src/machines/notifications.machine.ts),
 * and marking a ticket read.
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
    segnaTicketLetto: build.mutation<TicketLetto, number>({
      query: (id) => ({ url: `comunicazioni/ticket/${id}/letto/`, method: "POST" }),
      invalidatesTags: [
        { type: "Notifica", id: "problemi" },
        { type: "Notifica", id: "summary" },
      ],
    }),
  }),
});

export const { useSegnaTicketLettoMutation } = consoleApi;
