/**
 * What the SPA polls every 120 s while signed in (SPEC §7 Notifications), under /api/comunicazioni/:
 * the open unread problems of the header alert — tickets and anomalies, newest first, at most 100;
 * `id` is unique within its `fonte`, `chiave` ("ticket-12", "anomalia-12") in the whole list — and
 * the unread support-ticket count of the side menu chip (src/machines/notifications.machine.ts).
 */

import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { ProblemiAttiviOut, SummaryOut } from "../ticket-supporto/schemas";

export const notificheCalls = declareCalls({
  problemiAttivi: {
    method: "GET",
    path: "comunicazioni/problemi-attivi/",
    summary: "Problemi segnalati non letti (ticket e anomalie; chiave unica: fonte-id)",
    permissions: CAPABILITIES.notifications,
    answer: ProblemiAttiviOut,
    provides: [{ type: "Notifica", id: "problemi" }],
  },
  ticketSummary: {
    method: "GET",
    path: "comunicazioni/summary/",
    summary: "Ticket di supporto non letti",
    permissions: CAPABILITIES.ticketSupporto,
    answer: SummaryOut,
    provides: [{ type: "Notifica", id: "summary" }],
  },
});
