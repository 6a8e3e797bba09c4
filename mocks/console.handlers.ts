/** /api/comunicazioni/: the header's notifications — the active problems and the unread count. */
import { HttpResponse, http } from "msw";
import { api } from "./http";
import { db } from "./store";

export const consoleHandlers = [
  http.get(api("comunicazioni/problemi-attivi/"), () => HttpResponse.json(db.problemi)),
  http.get(api("comunicazioni/summary/"), () => HttpResponse.json({ result: db.ticketNonLetti })),
];
