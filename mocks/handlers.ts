/**
 * Every msw handler of the mock backend. A module adds ONE line to `handlers` (`...xyzHandlers,`)
 * with its import, and, if its mock keeps state, one line to `resets`.
 */
import type { RequestHandler } from "msw";
import { anagraficheHandlers } from "./anagrafiche.handlers";
import { resetAuthDb } from "./auth.fixtures";
import { authHandlers } from "./auth.handlers";
import { consoleHandlers, resetConsoleDb } from "./console.handlers";
import { resetAnagraficheDb } from "./fixtures/anagrafiche";
import { resetPianificazioneDb } from "./fixtures/pianificazione";
import { listHandlers } from "./list.handlers";
import { logHandlers } from "./log.handlers";
import { pianificazioneHandlers } from "./pianificazione.handlers";
import { usersHandlers } from "./users.handlers";

export const handlers: RequestHandler[] = [
  ...authHandlers,
  ...usersHandlers,
  ...anagraficheHandlers,
  ...pianificazioneHandlers,
  ...listHandlers,
  ...logHandlers,
  ...consoleHandlers,
];

const resets: Array<() => void> = [resetAuthDb, resetPianificazioneDb, resetAnagraficheDb, resetConsoleDb];

/** Restores every mock's in-memory data (call it between tests). */
export function resetMockData(): void {
  for (const reset of resets) reset();
}
