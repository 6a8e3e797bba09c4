/** The console mocks (mocks/console.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { consoleHandlers } from "../../../mocks/console.handlers";
import { describeMockAnswers } from "./mock-answers";

describeMockAnswers("console", consoleHandlers, [
  { url: "/api/comunicazioni/problemi-attivi/" },
  { url: "/api/comunicazioni/summary/" },
  { url: "/api/comunicazioni/ticket/" },
  { url: "/api/comunicazioni/attivita/?giorno=2026-03-10" },
  { url: "/api/comunicazioni/attivita/?group_by=giorno" },
  { url: "/api/comunicazioni/ticket/assegnatari/" },
  {
    method: "POST",
    url: "/api/comunicazioni/operatori/1/credenziali-app/",
    body: { data: { username: "g.russo", password_utente: "La-mia-password-2026" } },
  },
  { url: "/api/comunicazioni/ticket/1/" },
  { url: "/api/comunicazioni/ticket/3/foto/" },
  { method: "POST", url: "/api/comunicazioni/ticket/2/letto/" },
  { method: "PUT", url: "/api/comunicazioni/ticket/1/", body: { data: { stato: "chiuso" } } },
  { method: "POST", url: "/api/comunicazioni/ticket/1/messaggi/", body: { data: { testo: "Arriviamo." } } },
  { url: "/api/comunicazioni/anomalie/?tipo=ritardo" },
  { url: "/api/comunicazioni/anomalie/7/" },
  { method: "POST", url: "/api/comunicazioni/anomalie/7/letto/" },
  { method: "PUT", url: "/api/comunicazioni/anomalie/8/", body: { data: { note: "Verificato" } } },
  { url: "/api/comunicazioni/azienda/?destinatari=tutti" },
  {
    method: "POST",
    url: "/api/comunicazioni/azienda/",
    body: { data: { oggetto: "Divise", testo: "In sede.", destinatari: "tutti" } },
  },
  { url: "/api/comunicazioni/azienda/4/" },
  { url: "/api/comunicazioni/azienda/4/destinatari/?letta=false" },
  { url: "/api/comunicazioni/azienda/4/allegato/" },
  { method: "POST", url: "/api/comunicazioni/azienda/4/promemoria/" },
]);
