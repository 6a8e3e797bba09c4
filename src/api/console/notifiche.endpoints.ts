/**
 * Console calls (SPEC §7 Notifications): the open unread problems of the header alert, the unread
 * support-ticket count of the side menu chip (both polled by src/machines/notifications.machine.ts).
 * Declared in contracts/console/notifiche/calls.ts (server, mocks, samples) but written here by
 * hand, with type-only imports: they are in the first load, and a derived endpoint would bring zod
 * into the login page (test/e2e/web-bytes.test.ts). Path and tags are the declaration's.
 */
import type {
  ProblemiAttivi,
  ProblemNotification,
  TicketLetto,
  TicketSummary,
} from "../../domain/contracts/console/ticket-supporto/schemas";
import { api } from "../base";

export type { ProblemNotification, TicketLetto, TicketSummary };

export const notificheApi = api.injectEndpoints({
  endpoints: (build) => ({
    problemiAttivi: build.query<ProblemiAttivi, void>({
      query: () => "comunicazioni/problemi-attivi/",
      providesTags: [{ type: "Notifica", id: "problemi" }],
    }),
    ticketSummary: build.query<TicketSummary, void>({
      query: () => "comunicazioni/summary/",
      providesTags: [{ type: "Notifica", id: "summary" }],
    }),
  }),
});
