/**
 * A proposal's model solved in a thread of its own (calcolo.ts, issue 30 item 10): a proposal
 * with the model's guarantees, progress reported per block through the
 * caller (which writes it to the row), and a proposal cancelled at a progress write ends its thread.
 */
import { threadId } from "node:worker_threads";
import { meseGenerato } from "../../../../server/bench/auto-assegnazione-mese";
import { calcolaInThread } from "../../../../server/modules/pianificazione/auto-assegnazione/calcolo";
import { obiettivo, proponi } from "../../../../server/modules/pianificazione/auto-assegnazione/modello";

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
  it("proposes as the model does, with no hard violation, reporting each block to the caller", async () => {
    // The blocks are the model's (the greedy baseline has the same); the MIP's own choice may
    // depend on its time limit on a busy machine, so the proposal is checked by what always holds.
    const blocchi = (await proponi(ist(), { metodo: "greedy" })).blocchi;
    const reported: [number, number, number][] = [];
    const there = await calcolaInThread(ist(), async (fatti, totale) => {
      reported.push([fatti, totale, threadId]);
      return true;
    });
    expect(there).not.toBeNull();
    const i = ist();
    expect(there!.blocchi).toBe(blocchi);
    expect(there!.scartati).toBe(0);
    expect(there!.obiettivo).toBe(obiettivo(i, there!.celle));
    expect(there!.celle.length + there!.scoperti.reduce((n, x) => n + x.mancanti, 0)).toBe(
      i.posti.reduce((n, p) => n + p.mancanti, 0),
    );
    expect(there!.celle.length).toBeGreaterThan(0);
    expect(reported.map(([f, t]) => [f, t])).toEqual(Array.from({ length: blocchi }, (_, k) => [k + 1, blocchi]));
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
