/**
 * The header's live alarms (src/machines/allarmi-live.machine.ts, issue 33 item 6): each answer of
 * the wait is followed at once by the next one with the version it carried; a failure waits 1 s,
 * 2 s… before asking again; a 403 (the permission is gone) stops it; a take that is refused keeps
 * the server's message.
 */
import { createActor, fromPromise } from "xstate";
import { allarmeFixture } from "../../../mocks/fixtures/console";
import {
  ALLARMI_TIMINGS,
  type AllarmiAttesa,
  allarmiLiveMachine,
  PERMESSO_NEGATO,
} from "../../../src/machines/allarmi-live.machine";

type Risposta = AllarmiAttesa | Error;

function harness(risposte: Risposta[]) {
  const chieste: (string | undefined)[] = [];
  const machine = allarmiLiveMachine.provide({
    actors: {
      attendi: fromPromise<AllarmiAttesa, { versione: string | undefined }>(async ({ input }) => {
        chieste.push(input.versione);
        const r = risposte.shift();
        if (!r) return new Promise<AllarmiAttesa>(() => {});
        if (r instanceof Error) throw r;
        return r;
      }),
      prendi: fromPromise<void, { id: number }>(async () => {
        throw new Error("Allarme già preso in carico da Lucia Neri");
      }),
    },
  });
  return { actor: createActor(machine).start(), chieste };
}

const aperto = allarmeFixture({ id: 9, stato: "aperto", preso_da: null, preso_il: null });

describe("allarmi live machine", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it("asks again at once with the version it got, and keeps the open alarms", async () => {
    const { actor, chieste } = harness([
      { versione: "0", results: [] },
      { versione: "9", results: [aperto] },
      { versione: "0", results: [] },
    ]);
    await jest.advanceTimersByTimeAsync(0);
    expect(chieste).toEqual([undefined, "0", "9", "0"]);
    expect(actor.getSnapshot().context.aperti).toEqual([]);
    actor.stop();
  });

  it("backs off after a failure and stops for good on a 403", async () => {
    const { actor, chieste } = harness([
      { versione: "9", results: [aperto] },
      new Error("Errore 503"),
      new Error("Errore 503"),
      new Error(PERMESSO_NEGATO),
    ]);
    await jest.advanceTimersByTimeAsync(0);
    expect(chieste).toEqual([undefined, "9"]);
    expect(actor.getSnapshot().context.aperti.map((a) => a.id)).toEqual([9]);
    await jest.advanceTimersByTimeAsync(ALLARMI_TIMINGS.backoffBaseMs);
    expect(chieste).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(ALLARMI_TIMINGS.backoffBaseMs);
    expect(chieste).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(ALLARMI_TIMINGS.backoffBaseMs);
    expect(chieste).toHaveLength(4);
    expect(actor.getSnapshot().matches({ ascolto: "nonPermesso" })).toBe(true);
    expect(actor.getSnapshot().context.aperti).toEqual([]);
    actor.stop();
  });

  it("keeps the reason a take was refused", async () => {
    const { actor } = harness([{ versione: "9", results: [aperto] }]);
    await jest.advanceTimersByTimeAsync(0);
    actor.send({ type: "PRENDI", id: 9 });
    expect(actor.getSnapshot().context.inCarico).toBe(9);
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({
      inCarico: null,
      errore: "Allarme già preso in carico da Lucia Neri",
    });
    actor.stop();
  });
});
