/**
 * What the SPA polls every 120 s while signed in (SPEC §7 Notifications), under /api/comunicazioni/:
 * the open unread problems of the header alert — tickets and anomalies, newest first, at most 100;
 * `id` is unique within its `fonte`, `chiave` ("ticket-12", "anomalia-12") in the whole list — and
 * the unread support-ticket count of the side menu chip (src/machines/notifications.machine.ts).
 *
 * The SPA's two endpoints are written by hand (src/api/console/notifiche.endpoints.ts, `noSpa`):
 * the header's polling is part of the first load, and a derived endpoint brings this table's zod
 * schemas — zod itself — into the login page (+20 kB gzip, over test/e2e/web-bytes' budget).
 * Server, mocks and contract samples still derive from this declaration.
 */

import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { ProblemiAttiviOut, SummaryOut } from "../ticket-supporto/schemas";

const FIRST_LOAD = "nel primo caricamento della SPA: endpoint scritto a mano senza zod (notifiche.endpoints.ts)";

export const notificheCalls = declareCalls({
  problemiAttivi: {
    method: "GET",
    path: "comunicazioni/problemi-attivi/",
    summary: "Problemi segnalati non letti (ticket e anomalie; chiave unica: fonte-id)",
    permissions: CAPABILITIES.notifications,
    answer: ProblemiAttiviOut,
    provides: [{ type: "Notifica", id: "problemi" }],
    noSpa: FIRST_LOAD,
  },
  ticketSummary: {
    method: "GET",
    path: "comunicazioni/summary/",
    summary: "Ticket di supporto non letti",
    permissions: CAPABILITIES.ticketSupporto,
    answer: SummaryOut,
    provides: [{ type: "Notifica", id: "summary" }],
    noSpa: FIRST_LOAD,
  },
});
