/** The fatturazione mocks (mocks/fatturazione.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { fatturazioneHandlers } from "../../../mocks/fatturazione.handlers";
import { describeMockAnswers } from "./mock-answers";

describeMockAnswers("fatturazione", fatturazioneHandlers, [
  { url: "/api/fatturazione/consuntivo/?contratto=1&mese=2026-03" },
  { url: "/api/fatturazione/consuntivo/?contratto=1&mese=2026-03&aperto=true&order_field=giorno" },
  { url: "/api/fatturazione/consuntivo/stato/?contratto=1&mese=2026-03" },
  {
    method: "POST",
    url: "/api/fatturazione/consuntivo/rettifiche/",
    body: {
      data: {
        turno_operatore: 901,
        periodi: [{ inizio: "2026-03-03T06:58:00Z", fine: "2026-03-03T15:00:00Z" }],
        motivo: "Uscita non timbrata",
      },
    },
  },
  {
    method: "POST",
    url: "/api/fatturazione/consuntivo/approvazioni/",
    body: { data: { contratto: 1, mese: "2026-03" } },
  },
  { url: "/api/fatturazione/fatture/?stato=Bozza&order_field=numero" },
  { method: "POST", url: "/api/fatturazione/fatture/bozze/", body: { data: { mese: "2026-03" } } },
  { url: "/api/fatturazione/fatture/71/" },
  { url: "/api/fatturazione/fatture/9/", status: 404 },
  { method: "POST", url: "/api/fatturazione/fatture/71/emetti/" },
  { method: "POST", url: "/api/fatturazione/fatture/71/nota-di-credito/" },
  { method: "DELETE", url: "/api/fatturazione/fatture/71/" },
  { url: "/api/fatturazione/fatture/71/xml/" },
  { url: "/api/fatturazione/fatture/71/pdf/" },
  { url: "/api/fatturazione/impostazioni/", as: 1 },
  { method: "PUT", url: "/api/fatturazione/impostazioni/", as: 1, body: { data: { comune: "Monza" } } },
  { url: "/api/fatturazione/paghe/?mese=2026-03" },
  { url: "/api/fatturazione/paghe/?mese=2026-02" },
  { url: "/api/fatturazione/paghe/file/?mese=2026-03" },
  { url: "/api/fatturazione/paghe/libro-unico/?mese=2026-03&operatore=1" },
  { url: "/api/fatturazione/paghe/impostazioni/", as: 1 },
  { url: "/api/fatturazione/clienti/1/" },
  { method: "PUT", url: "/api/fatturazione/clienti/1/", body: { data: { pec: "fatture@pec.banca.it" } } },
  { method: "PUT", url: "/api/fatturazione/contratti/1/", body: { data: { cig: "Z1234567AB" } } },
  { url: "/api/fatturazione/fatture/zip/?mese=2026-03" },
  { method: "PUT", url: "/api/fatturazione/paghe/impostazioni/", as: 1, body: { data: { codice_azienda: "VIG01" } } },
]);
