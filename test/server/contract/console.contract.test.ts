/** The console mocks (mocks/console.handlers.ts) answer with the server's schemas (see ./mock-answers.ts). */
import { consoleHandlers } from "../../../mocks/console.handlers";
import { describeMockAnswers } from "./mock-answers";

describeMockAnswers("console", consoleHandlers, [
  { url: "/api/comunicazioni/problemi-attivi/" },
  { url: "/api/comunicazioni/summary/" },
]);
