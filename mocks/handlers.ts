/** Every msw handler of the mock backend: a module adds its `...xyzHandlers` line. */
import type { RequestHandler } from "msw";
import { anagraficheHandlers } from "./anagrafiche.handlers";
import { authHandlers } from "./auth.handlers";
import { cmsHandlers } from "./cms.handlers";
import { consoleHandlers } from "./console.handlers";
import { fatturazioneHandlers } from "./fatturazione.handlers";
import { logHandlers } from "./log.handlers";
import { pianificazioneHandlers } from "./pianificazione.handlers";
import { reportHandlers } from "./report.handlers";

export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...anagraficheHandlers,
  ...pianificazioneHandlers,
  ...logHandlers,
  ...consoleHandlers,
  ...reportHandlers,
  ...cmsHandlers,
  ...fatturazioneHandlers,
];
