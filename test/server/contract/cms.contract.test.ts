/** The CMS mocks (mocks/cms.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { cmsHandlers } from "../../../mocks/cms.handlers";
import { eventoCalls } from "../../../src/domain/contracts/cms/record-calls";
import { describeMockAnswers, sampleOf } from "./mock-answers";

describeMockAnswers("cms", cmsHandlers, [
  { url: "/api/cms/eventi/" },
  sampleOf(eventoCalls.create, {}, { body: { data: { titolo: "Sagra", visualizzatori: [4] } } }),
  sampleOf(eventoCalls.get, 1),
  sampleOf(eventoCalls.update, 1, { body: { data: { soglia_attenzione: 70 } } }),
  { method: "POST", url: "/api/cms/eventi/1/varchi/", body: { data: { nome: "Varco Est", capienza: 300 } } },
  { method: "PUT", url: "/api/cms/eventi/1/varchi/11/", body: { data: { capienza: 1200 } } },
  { method: "DELETE", url: "/api/cms/eventi/1/varchi/12/" },
  { method: "POST", url: "/api/cms/eventi/1/dispositivi/", body: { data: { codice: "CP-009" } } },
  { method: "PUT", url: "/api/cms/eventi/1/dispositivi/21/", body: { data: { descrizione: "Nuovo" } } },
  { method: "DELETE", url: "/api/cms/eventi/1/dispositivi/21/" },
  { url: "/api/cms/control-room/eventi/?periodo=in-corso" },
  { url: "/api/cms/control-room/eventi/1/" },
  { url: "/api/cms/control-room/eventi/1/live/" },
  { url: "/api/cms/utenti/?page_size=99999&tipologia_id=V" },
  { url: "/api/cms/utenti/erp/?global=fer&page_size=50" },
  {
    method: "POST",
    url: "/api/cms/utenti/",
    body: { data: { first_name: "Ada", last_name: "Riva", cellulare: "3331", tipologia: "O" } },
  },
  { method: "PUT", url: "/api/cms/utenti/2/", body: { data: { cellulare: "3339" } } },
  { method: "DELETE", url: "/api/cms/utenti/5" },
  { method: "POST", url: "/api/cms/utenti/2/codice-accesso/" },
  sampleOf(eventoCalls.remove, 2),
]);
