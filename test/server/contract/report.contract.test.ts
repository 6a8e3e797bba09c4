/** The report mocks (mocks/report.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { reportHandlers } from "../../../mocks/report.handlers";
import { costoLavoroCalls, rondeReportCalls } from "../../../src/domain/contracts/report/calls";
import { describeMockAnswers, sampleOf } from "./mock-answers";

const PERIODO = "dal=2025-12-01&al=2025-12-31";

describeMockAnswers("report", reportHandlers, [
  sampleOf(costoLavoroCalls.costoLavoro),
  sampleOf(rondeReportCalls.rondeReport, undefined, { query: "stato=incompleta&periodo_dal=2026-03-01" }),
  sampleOf(rondeReportCalls.rondeNottePdf, undefined, { query: "servizio=1&giorno=2026-03-02" }),
  sampleOf(costoLavoroCalls.aggiornaCostoLavoro, undefined, {
    body: { data: { fattori: [{ posizione_id: 5, fattore: 1.38 }] } },
  }),
  { url: "/api/report/dashboard/" },
  { url: "/api/report/dashboard/turni/?giorno=2026-03-10&copertura=scoperti" },
  { url: `/api/report/compensi/mensile/?${PERIODO}` },
  {
    method: "POST",
    url: "/api/report/sopralluoghi/1/foto/",
    status: 201,
    form: () => {
      const f = new FormData();
      f.append("foto", new Blob(["jpeg"], { type: "image/jpeg" }), "ingresso.jpg");
      return f;
    },
  },
  { url: `/api/report/risorse-assegnate/?${PERIODO}` },
  { url: `/api/report/risorse-assegnate/?${PERIODO}&group_by=operatore` },
  { url: `/api/report/compensi/?${PERIODO}` },
  { url: `/api/report/ricavi-attivita/?${PERIODO}&group_by=contratto` },
  { url: `/api/report/analisi-ricavi/?${PERIODO}` },
  { url: `/api/report/analisi-ricavi/?${PERIODO}&group_by=cliente` },
  { url: "/api/report/scadenze-corsi/?entro=2026-01-31" },
  { url: "/api/report/scadenze-documenti/" },
  { url: "/api/report/pratiche/?stato=in_corso" },
  { url: "/api/report/sopralluoghi/" },
  { url: "/api/report/sopralluoghi/1/pdf/" },
  { url: "/api/report/sopralluoghi/1/" },
  { url: "/api/report/sopralluoghi/1/foto/0b8f6a4e-2d1c-4f3a-9e5b-7c6d5e4f3a21/" },
  { method: "DELETE", url: "/api/report/sopralluoghi/1/foto/0b8f6a4e-2d1c-4f3a-9e5b-7c6d5e4f3a21/" },
  {
    method: "POST",
    url: "/api/report/sopralluoghi/",
    body: {
      data: {
        cliente: null,
        potenziale_cliente: "Gioielleria Nuova",
        indirizzo: "Via Roma 1",
        cap: "",
        citta: "Milano",
        prov: "mi",
        data: "2026-03-05",
        ispettore: "Carlo Neri",
        checklist: { accessi: "", illuminazione: "", telecamere: "", allarmi: "", rischi: "" },
        note: "",
        esito: "favorevole",
        servizio_consigliato: "",
      },
    },
  },
]);
