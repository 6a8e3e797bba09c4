/** The console mocks (mocks/console.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { consoleHandlers } from "../../../mocks/console.handlers";
import {
  allarmiCalls as allarmi,
  anomalieCalls as anomalie,
  attivitaCalls as attivita,
  comunicazioniAziendaCalls as comunicazioni,
  credenzialiAppCalls as credenziali,
  notificheCalls as notifiche,
  ticketSupportoCalls as ticket,
} from "../../../src/domain/contracts/console/calls";
import { describeMockAnswers, sampleOf } from "./mock-answers";

describeMockAnswers("console", consoleHandlers, [
  sampleOf(notifiche.problemiAttivi),
  sampleOf(notifiche.ticketSummary),
  sampleOf(ticket.ticketList),
  sampleOf(attivita.attivitaList, {}, { query: "giorno=2026-03-10" }),
  sampleOf(attivita.attivitaList, {}, { query: "group_by=giorno" }),
  sampleOf(ticket.assegnatari),
  sampleOf(credenziali.impostaCredenzialiApp, 1, {
    body: { data: { username: "g.russo", password_utente: "La-mia-password-2026" } },
  }),
  sampleOf(ticket.ticket, 1),
  sampleOf(ticket.ticketFoto, 3),
  sampleOf(ticket.segnaTicketLetto, 2),
  sampleOf(ticket.aggiornaTicket, 1, { body: { data: { stato: "chiuso" } } }),
  sampleOf(ticket.rispondiTicket, 1, { body: { data: { testo: "Arriviamo." } } }),
  sampleOf(anomalie.anomalieList, {}, { query: "tipo=ritardo" }),
  sampleOf(anomalie.anomalia, 7),
  sampleOf(anomalie.segnaAnomaliaLetta, 7),
  sampleOf(anomalie.aggiornaAnomalia, 8, { body: { data: { note: "Verificato" } } }),
  sampleOf(allarmi.allarmiList, {}, { query: "stato=chiuso" }),
  sampleOf(allarmi.allarmiAperti),
  sampleOf(allarmi.allarme, 3),
  sampleOf(allarmi.prendiAllarme, 3),
  sampleOf(allarmi.chiudiAllarme, 3, { body: { data: { note: "Guardia raggiunta" } } }),
  sampleOf(comunicazioni.comunicazioniList, {}, { query: "destinatari=tutti" }),
  sampleOf(
    comunicazioni.inviaComunicazione,
    {},
    {
      body: { data: { oggetto: "Divise", testo: "In sede.", destinatari: "tutti" } },
    },
  ),
  sampleOf(comunicazioni.comunicazione, 4),
  sampleOf(comunicazioni.destinatariList, 4, { query: "letta=false" }),
  sampleOf(comunicazioni.comunicazioneAllegato, 4),
  sampleOf(comunicazioni.inviaPromemoria, 4),
]);
