/**
 * Console calls (SPEC §7 Notifications), derived from contracts/console/notifiche/calls.ts: the open
 * unread problems of the header alert, the unread support-ticket count of the side menu chip (both
 * polled by src/machines/notifications.machine.ts).
 */
import { notificheCalls } from "../../domain/contracts/console/notifiche/calls";
import type {
  ProblemNotification,
  TicketLetto,
  TicketSummary,
} from "../../domain/contracts/console/ticket-supporto/schemas";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { ProblemNotification, TicketLetto, TicketSummary };

export const notificheApi = api.injectEndpoints({ endpoints: (build) => callEndpoints(build, notificheCalls) });
