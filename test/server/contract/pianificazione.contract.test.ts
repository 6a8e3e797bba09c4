/** The pianificazione mocks (mocks/pianificazione.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { pianificazioneHandlers } from "../../../mocks/pianificazione.handlers";
import { contrattoCalls } from "../../../src/domain/contracts/pianificazione/record-calls";
import { pianiRonda, puntiRonda, rondeCalls } from "../../../src/domain/contracts/pianificazione/ronde/calls";
import { describeMockAnswers, type Sample, sampleOf, sampleOfChild } from "./mock-answers";

const P = "/api/pianificazione";
const C = `${P}/contratti/1`;
const S = `${C}/servizi/1`;
const G = `${S}/giorni/101`;
const T = `${G}/turni/1002`;

/** GET, POST, PUT and DELETE of a child resource whose row 1 exists. */
const rows = (url: string, data: object, update: object): Sample[] => [
  { url: `${url}/` },
  { method: "POST", url: `${url}/`, body: { data } },
  { method: "PUT", url: `${url}/1/`, body: { data: update } },
  { method: "DELETE", url: `${url}/1/` },
];

describeMockAnswers("pianificazione", pianificazioneHandlers, [
  {
    method: "POST",
    url: `${P}/auto-assegnazione/`,
    body: { data: { dal: "2026-03-01", al: "2026-03-31", servizi: [1] } },
    status: 201,
  },
  { url: `${P}/auto-assegnazione/1/` },
  { url: `${P}/auto-assegnazione/99/`, status: 404 },
  { method: "POST", url: `${P}/auto-assegnazione/1/annulla/`, body: { data: {} } },
  {
    method: "POST",
    url: `${P}/auto-assegnazione/1/accetta/`,
    body: { data: { celle: [{ turno: 1002, operatore: 5 }] } },
  },
  { url: `${P}/contratti/?page=1&page_size=25&global=filiale` },
  { url: `${P}/contratti/?attivo=true&tipo_servizio=fiduciari&order_field=servizi` },
  { url: `${P}/contratti/?group_by=cliente&order_field=count&order_asc=false` },
  sampleOf(contrattoCalls.get, 1),
  sampleOf(
    contrattoCalls.create,
    {},
    {
      body: { data: { titolo: "Nuovo", cliente: 2, numero_contratto: "", notifica_allarme: null } },
    },
  ),
  sampleOf(contrattoCalls.update, 1, { body: { data: { numero_contratto: null, agente: "Ugo", attivo: false } } }),
  sampleOf(contrattoCalls.remove, 2),
  ...rows(`${C}/prezzi`, { posizione: 3, prezzo_orario: "19.90", maggiorazione_notturna: "10" }, { prezzo_orario: 25 }),
  ...rows(`${C}/compensi`, { posizione: 3, compenso_orario: "12" }, { compenso_orario: "12.50" }),
  ...rows(`${C}/non-graditi`, { operatore: 4, motivo: "Ritardi" }, { motivo: "Su richiesta" }),
  { url: `${P}/contratti/99/prezzi/`, status: 404 },

  { url: `${C}/servizi/` },
  { url: `${S}/?dal=2026-03-01&al=2026-03-31` },
  {
    method: "POST",
    url: `${C}/servizi/`,
    body: { data: { dal: "2026-04-01", al: "2026-04-30", descrizione: "Evento" } },
  },
  { method: "PUT", url: `${S}/`, body: { data: { indirizzo: "Via Dante 1, Milano" } } },
  { method: "DELETE", url: `${S}/` },
  { method: "POST", url: `${S}/giorni/`, body: { data: { giorno: "2026-03-09" } } },
  { method: "PUT", url: `${G}/`, body: { data: { giorno: "2026-03-09" } } },
  { method: "DELETE", url: `${G}/` },
  {
    method: "POST",
    url: `${G}/turni/`,
    body: { data: { inizio_f1: "15:00", fine_f1: "19:00", posizione: 2, operatori_richiesti: "3" } },
  },
  { method: "PUT", url: `${T}/`, body: { data: { note: "Ingresso B", operatori_richiesti: 3 } } },
  { method: "DELETE", url: `${T}/` },

  { method: "POST", url: `${T}/operatori/`, body: { data: { operatore: { id: 5 }, add: true } } },
  { method: "POST", url: `${T}/operatori/`, body: { data: { operatore: { id: 2 }, add: false } } },
  { method: "POST", url: `${T}/operatori-conf/`, body: { data: { operatore: { id: 2 }, add: true } } },
  { method: "POST", url: `${T}/operatori-conf/`, body: { data: { operatore: { id: 5 }, add: true } }, status: 404 },
  { method: "POST", url: `${T}/operatori/bulk/`, body: { data: { operatori: [5, 6], conferma: true } } },
  { url: `${T}/candidati/` },
  { url: `${G}/candidati/` },
  { url: `${G}/candidati/?turno=1002` },
  { method: "POST", url: `${T}/consolida/`, body: { data: {} } },
  { method: "POST", url: `${G}/consolida/`, body: { data: {} } },
  { method: "POST", url: `${S}/consolida/`, body: { data: { dal: "2026-03-02", al: "2026-03-08" } } },

  // Guard tours (issue 34)
  sampleOfChild(puntiRonda, "list", { id: 1, subId: 1 }),
  sampleOfChild(puntiRonda, "create", { id: 1, subId: 1 }, { body: { data: { nome: "Tetto" } } }),
  sampleOfChild(puntiRonda, "update", { id: 1, subId: 1, riga: 1 }, { body: { data: { istruzioni: "Chiave 3" } } }),
  sampleOfChild(puntiRonda, "remove", { id: 1, subId: 1, riga: 1 }),
  sampleOfChild(pianiRonda, "list", { id: 1, subId: 1 }),
  sampleOfChild(pianiRonda, "create", { id: 1, subId: 1 }, { body: { data: { nome: "Sera", punti: [2, 3] } } }),
  sampleOfChild(pianiRonda, "update", { id: 1, subId: 1, riga: 1 }, { body: { data: { ogni_minuti: 60 } } }),
  sampleOfChild(pianiRonda, "remove", { id: 1, subId: 1, riga: 1 }),
  sampleOf(rondeCalls.rondeServizio, { id: 1, subId: 1 }, { query: "giorno=2026-03-02" }),
  sampleOf(rondeCalls.foglioQrRonda, { id: 1, subId: 1 }),
  ...rows(`${S}/costi`, { tipo: "Pedaggio", importo: "12.40", data: "2026-03-05" }, { note: "Autostrada" }),
  ...rows(`${S}/dotazioni`, { descrizione: "Radio", quantita: "2", operatore: 1 }, { restituita_il: "2026-03-08" }),
  ...rows(`${S}/note-ed-allegati`, { nota: "Chiavi in portineria" }, { nota: "Chiavi al bar" }),
  {
    method: "POST",
    url: `${S}/allegati/`,
    form: () => {
      const f = new FormData();
      f.append("descrizione", "Planimetria");
      f.append("file", new Blob(["%PDF-1.4"], { type: "application/pdf" }), "planimetria.pdf");
      return f;
    },
  },
  { method: "DELETE", url: `${S}/allegati/00000000-0000-4000-8000-000000000000/`, status: 404 },
  { url: `${S}/operatori-assegnati/` },

  { url: `${P}/intermittenti/?dal=2026-03-01&al=2026-03-31&comunicazione_inviata=false&order_field=operatore` },
]);
