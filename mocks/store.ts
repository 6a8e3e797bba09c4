/**
 * The mock backend's one in-memory store: every module's fixtures (mocks/fixtures/), in the shapes
 * the API answers. `resetStore()` restores them (test/src/helpers/msw.ts, after each test); a
 * test may change the data it needs before rendering (`db.problemi = []`).
 */
import { anagraficheFixtures } from "./fixtures/anagrafiche";
import { authFixtures } from "./fixtures/auth";
import { cmsFixtures } from "./fixtures/cms";
import { consoleFixtures } from "./fixtures/console";
import { fatturazioneFixtures } from "./fixtures/fatturazione";
import { logFixtures } from "./fixtures/log";
import { pianificazioneFixtures } from "./fixtures/pianificazione";
import { reportFixtures } from "./fixtures/report";

const fresh = () => ({
  ...authFixtures(),
  ...consoleFixtures(),
  ...logFixtures(),
  ...anagraficheFixtures(),
  ...pianificazioneFixtures(),
  ...reportFixtures(),
  ...cmsFixtures(),
  ...fatturazioneFixtures(),
  nextId: 5000,
});

export const db = fresh();

export function resetStore(): void {
  Object.assign(db, fresh());
}

/** A new row's id (above every fixture's). */
export const newId = (): number => ++db.nextId;
