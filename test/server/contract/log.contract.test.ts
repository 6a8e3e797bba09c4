/** The log mocks (mocks/log.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { logHandlers } from "../../../mocks/log.handlers";
import { describeMockAnswers } from "./mock-answers";

describeMockAnswers("log", logHandlers, [
  { url: "/api/log/list/?content_type=operatore&object_id=2&global=Modifica" },
  { url: "/api/log/list/?order_field=utente&order_asc=false&azione=Modifica&data_ora_dal=2026-03-02" },
  { url: "/api/log/list/?group_by=content_type" },
  { url: "/api/log/list/?file_type=xlsx" },
  { url: "/api/log/content-types/" },
  { url: "/api/log/turno/1/" },
  { url: "/api/log/allarme/3/" },
]);
