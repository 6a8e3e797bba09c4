/**
 * msw handlers of the console's notifications (like server/modules/console):
 *   GET  /api/comunicazioni/problemi-attivi/    open unread 'problema' tickets, newest first (admins)
 *   GET  /api/comunicazioni/summary/            {result: unread tickets} (erp_ticket-supporto, admins)
 *   POST /api/comunicazioni/ticket/{id}/letto/  marks a ticket read
 * `consoleDb.tickets` holds the mock's tickets; `resetConsoleDb()` restores them.
 */
import { HttpResponse, http } from "msw";
import type { ProblemNotification, TicketLetto } from "../src/api/console.endpoints";
import { toApiDateTime } from "../src/domain/format";
import { CAPABILITIES } from "../src/domain/permissions";
import { errorResponse, guard, VALIDATION_DETAIL } from "./http";

export interface MockTicket {
  id: number;
  operatore: { id: number; full_name: string };
  data_ora: string;
  tipo: "problema" | "richiesta" | "segnalazione";
  stato: "aperto" | "in_lavorazione" | "chiuso";
  oggetto: string;
  letto_il: string | null;
  letto_da: { id: number; full_name: string } | null;
}

const SEED: MockTicket[] = [
  {
    id: 1,
    operatore: { id: 2, full_name: "Giuseppe Russo" },
    data_ora: "2026-03-10 08:15:00",
    tipo: "problema",
    stato: "aperto",
    oggetto: "Varco carraio bloccato",
    letto_il: null,
    letto_da: null,
  },
  {
    id: 2,
    operatore: { id: 5, full_name: "Anna Ferrari" },
    data_ora: "2026-03-09 22:40:00",
    tipo: "problema",
    stato: "in_lavorazione",
    oggetto: "Radio di servizio guasta",
    letto_il: null,
    letto_da: null,
  },
  {
    id: 3,
    operatore: { id: 2, full_name: "Giuseppe Russo" },
    data_ora: "2026-03-08 07:00:00",
    tipo: "problema",
    stato: "aperto",
    oggetto: "Allarme perimetrale intermittente",
    letto_il: "2026-03-08 07:30:00",
    letto_da: { id: 1, full_name: "Marco Rossi" },
  },
  {
    id: 4,
    operatore: { id: 7, full_name: "Luca Colombo" },
    data_ora: "2026-03-09 12:00:00",
    tipo: "richiesta",
    stato: "aperto",
    oggetto: "Richiesta divisa invernale",
    letto_il: null,
    letto_da: null,
  },
  {
    id: 5,
    operatore: { id: 5, full_name: "Anna Ferrari" },
    data_ora: "2026-03-07 18:20:00",
    tipo: "segnalazione",
    stato: "chiuso",
    oggetto: "Badge non riconosciuto",
    letto_il: "2026-03-07 19:00:00",
    letto_da: { id: 1, full_name: "Marco Rossi" },
  },
];

export const consoleDb: { tickets: MockTicket[] } = { tickets: structuredClone(SEED) };

export function resetConsoleDb(): void {
  consoleDb.tickets = structuredClone(SEED);
}

export function mockProblemiAttivi(): ProblemNotification[] {
  return consoleDb.tickets
    .filter((t) => t.tipo === "problema" && t.stato !== "chiuso" && t.letto_il === null)
    .sort((a, b) => b.data_ora.localeCompare(a.data_ora) || b.id - a.id)
    .slice(0, 100)
    .map((t) => ({ id: t.id, operatore: { ...t.operatore }, data_ora: t.data_ora }));
}

export function mockTicketNonLetti(): number {
  return consoleDb.tickets.filter((t) => t.letto_il === null).length;
}

export const consoleHandlers = [
  http.get("*/api/comunicazioni/problemi-attivi/", ({ request }) => {
    const user = guard(request, CAPABILITIES.notifications);
    if (user instanceof Response) return user;
    return HttpResponse.json(mockProblemiAttivi());
  }),
  http.get("*/api/comunicazioni/summary/", ({ request }) => {
    const user = guard(request, CAPABILITIES.ticketSupporto);
    if (user instanceof Response) return user;
    return HttpResponse.json({ result: mockTicketNonLetti() });
  }),
  http.post("*/api/comunicazioni/ticket/:id/letto/", ({ request, params }) => {
    const user = guard(request, CAPABILITIES.ticketSupporto);
    if (user instanceof Response) return user;
    const id = Number(params.id);
    if (!Number.isInteger(id) || id <= 0) return errorResponse(400, VALIDATION_DETAIL, { id: "Valore non valido" });
    const t = consoleDb.tickets.find((x) => x.id === id);
    if (!t) return errorResponse(404, "Ticket non trovato");
    if (t.letto_il === null) {
      t.letto_il = toApiDateTime(new Date());
      t.letto_da = { id: user.id, full_name: `${user.nome} ${user.cognome}`.trim() };
    }
    const body: TicketLetto = { result: "OK", id: t.id, letto_il: t.letto_il, letto_da: t.letto_da };
    return HttpResponse.json(body);
  }),
];
