/** The anagrafiche mocks (mocks/anagrafiche.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { anagraficheHandlers } from "../../../mocks/anagrafiche.handlers";
import { contattiCliente, sediCliente } from "../../../src/domain/contracts/anagrafiche/clienti-righe";
import { candidatoCalls, clienteCalls, operatoreCalls } from "../../../src/domain/contracts/anagrafiche/record-calls";
import { describeMockAnswers, type Sample, sampleOf, sampleOfChild } from "./mock-answers";

const A = "/api/anagrafiche";
const OP = `${A}/operatori`;

/** A new row of each of the operator's tabs. */
const TABS: Record<string, object> = {
  documenti: { tipo: "carta_identita", numero: "CA1", rilasciato_da: "Comune", data_scadenza: "2030-01-01" },
  corsi: { tipo: "primo_soccorso", ente: "CRI", data_conseguimento: "2024-02-01" },
  contratti: { tipo: "indeterminato", data_inizio: "2020-02-01", ore_settimanali: 40 },
  compensi: { descrizione: "Indennità", importo: 120.5, dal: "2026-01-01" },
  pratiche: { tipo: "assunzione", stato: "aperta", data_apertura: "2026-01-20" },
  indisponibilita: { dal: "2026-08-01T08:00", al: "2026-08-15T22:00", motivo: "Ferie" },
};

const form = (fields: Record<string, string>, file?: [string, string]) => () => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append("cv", new Blob(["%PDF-1.4"], { type: file[1] }), file[0]);
  return f;
};

describeMockAnswers("anagrafiche", anagraficheHandlers, [
  { url: `${OP}/?page=1&page_size=25` },
  { url: `${OP}/?prov=MI,RM&attivo=true&order_field=cognome&global=rossi marco` },
  { url: `${OP}/?data_nascita_dal=1970-01-01&cognome=ross&group_by=prov` },
  { url: `${OP}/?file_type=csv&show_fields=codice,cognome,prov` },
  sampleOf(operatoreCalls.get, 1),
  sampleOf(operatoreCalls.get, 1, { query: "quick_view=true&cliente=1" }),
  sampleOf(
    operatoreCalls.create,
    {},
    {
      body: { data: { cognome: "Neri", nome: "Ada", sesso: "F", data_nascita: "1990-01-01", altezza: "170" } },
    },
  ),
  sampleOf(operatoreCalls.update, 1, {
    body: { data: { citta: "Brescia", posizioni_operatore: [{ posizione: { id: 1 } }] } },
  }),
  sampleOf(operatoreCalls.remove, 2),
  ...Object.entries(TABS).flatMap(([tab, data]): Sample[] => [
    { url: `${OP}/1/${tab}/` },
    { method: "POST", url: `${OP}/1/${tab}/`, body: { data } },
    { method: "PUT", url: `${OP}/1/${tab}/1/`, body: { data: { note: "Aggiornato" } } },
    { method: "DELETE", url: `${OP}/1/${tab}/1/` },
  ]),
  { url: `${OP}/99/documenti/`, status: 404 },
  { url: `${OP}/1/disponibilita/` },
  { method: "PUT", url: `${OP}/1/disponibilita/`, body: { data: [{ giorno: 7, disponibile: true }] } },
  { url: `${A}/files/f-1/` },

  { url: `${A}/clienti/?page=1&page_size=99999` },
  { url: `${A}/clienti/?prov=BG&order_field=sedi&group_by=citta&order_asc=false`, status: 400 },
  sampleOf(clienteCalls.get, 1),
  sampleOf(clienteCalls.create, {}, { body: { data: { ragione_sociale: "Nuovo S.r.l.", citta: "Milano" } } }),
  sampleOf(clienteCalls.update, 1, { body: { data: { telefono: "035 1", lat: 45.7 } } }),
  sampleOf(clienteCalls.remove, 2),
  sampleOfChild(sediCliente, "create", { id: 1 }, { body: { data: { descrizione: "Magazzino", citta: "Bergamo" } } }),
  sampleOfChild(sediCliente, "update", { id: 1, subId: 1 }, { body: { data: { note: "Ingresso sul retro" } } }),
  sampleOfChild(sediCliente, "remove", { id: 1, subId: 1 }),
  sampleOfChild(contattiCliente, "create", { id: 1 }, { body: { data: { nome: "Ugo Neri" } } }),
  sampleOfChild(contattiCliente, "update", { id: 1, subId: 1 }, { body: { data: { ruolo: "Portiere" } } }),
  sampleOfChild(contattiCliente, "remove", { id: 1, subId: 1 }),

  { url: `${A}/candidati/?stato=nuovo,colloquio&order_field=created_at&order_asc=false` },
  { url: `${A}/candidati/?created_at_dal=2026-01-01&group_by=stato` },
  sampleOf(candidatoCalls.get, 1),
  sampleOf(candidatoCalls.create, {}, { body: { data: { nome: "Ivo", cognome: "Sala", sesso: "M" } } }),
  sampleOf(candidatoCalls.update, 1, { body: { data: { stato: "idoneo", valutazione: 4 } } }),
  sampleOf(candidatoCalls.remove, 2),
  { url: `${A}/candidature/opzioni/` },
  {
    method: "POST",
    url: `${A}/candidature/`,
    form: form({ nome: "Chiara", cognome: "Fontana", privacy: "true" }, ["cv.pdf", "application/pdf"]),
  },
  { url: `${A}/province/` },
  { url: `${A}/geocoding/?indirizzo=Via Roma 1&citta=Bergamo` },
]);
