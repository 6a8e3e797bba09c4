/**
 * A proposal's model solved in a thread of its own (calcolo.ts, issue 30 item 10): the same
 * proposal as the model run in the caller's thread, progress reported per block through the
 * caller (which writes it to the row), and a proposal cancelled at a progress write ends its thread.
 */
import { threadId } from "node:worker_threads";
import { meseGenerato } from "../../../../server/bench/auto-assegnazione-mese";
import { calcolaInThread } from "../../../../server/modules/pianificazione/auto-assegnazione/calcolo";
import { proponi } from "../../../../server/modules/pianificazione/auto-assegnazione/modello";
import { solver } from "../../../../server/modules/pianificazione/auto-assegnazione/solver";

jest.setTimeout(120_000);

// Two ISO weeks (two blocks), small enough for HiGHS to prove each block optimal.
const ist = () =>
  meseGenerato({
    seed: 30,
    dal: "2026-11-02",
    giorni: 14,
    servizi: 3,
    turniAlGiorno: 2,
    operatori: 20,
    qualifiche: 2,
    carico: 0.3,
    esclusi: 0.2,
    regioni: 1,
  });

describe("the proposal's thread", () => {
  it("proposes what the model proposes in the caller's thread, reporting each block to the caller", async () => {
    const here = await proponi(ist(), { metodo: "mip", solver: await solver() });
    const reported: [number, number, number][] = [];
    const there = await calcolaInThread(ist(), async (fatti, totale) => {
      reported.push([fatti, totale, threadId]);
      return true;
    });
    expect(there).not.toBeNull();
    expect(there!.celle).toEqual(here.celle);
    expect(there!.scoperti).toEqual(here.scoperti);
    expect(there!.obiettivo).toBe(here.obiettivo);
    expect(reported.map(([f, t]) => [f, t])).toEqual(
      Array.from({ length: here.blocchi }, (_, i) => [i + 1, here.blocchi]),
    );
    // the progress is written by the caller's thread (its database connection), not the solver's
    expect(new Set(reported.map((r) => r[2]))).toEqual(new Set([threadId]));
  });

  it("a progress write that finds the proposal cancelled ends the thread: no result", async () => {
    let calls = 0;
    const r = await calcolaInThread(ist(), async () => {
      calls++;
      return false;
    });
    expect(r).toBeNull();
    expect(calls).toBe(1);
  });
});
