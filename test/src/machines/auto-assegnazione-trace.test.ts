/**
 * The automatic staffing machine: records a real flow (real store, RTK Query, msw backend) —
 * request → proposal → one cell left out → accept → result → close — and replays it into a fresh
 * machine with the shell's replayTrace; replays the committed traces/auto-assegnazione.json
 * (RECORD_TRACES=1 rewrites it). And, on a SimulatedClock with stubbed calls: the polling while the
 * proposal runs, the cancellation, a failed request.
 */
import fs from "node:fs";
import path from "node:path";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { issueMockToken } from "../../../mocks/http";
import { db } from "../../../mocks/store";
import { tokenStorage } from "../../../src/api/token-storage";
import { makeStore } from "../../../src/app/store";
import type { Proposta } from "../../../src/domain/contracts/pianificazione/auto-assegnazione";
import { TIMINGS } from "../../../src/lib/timings";
import {
  type AutoAssegnazioneContext,
  autoAssegnazioneMachine,
  provideAutoAssegnazioneCalls,
} from "../../../src/machines/auto-assegnazione.machine";
import { autoAssegnazioneCalls } from "../../../src/machines/auto-assegnazione.services";
import { createTraceRecorder, type MachineTrace, recordedStates } from "../../../src/machines/trace";
import { setupMockServer } from "../helpers/msw";
import { replayTrace } from "../helpers/replay";

setupMockServer();

const TRACE_FILE = path.join(__dirname, "traces", "auto-assegnazione.json");
const STATES = ["idle", "requesting", { running: "reading" }, "proposal", "accepting", "result", "idle"];

async function record(): Promise<MachineTrace> {
  tokenStorage.set(issueMockToken(1));
  const store = makeStore();
  const recorder = createTraceRecorder("auto-assegnazione:servizio:1", { register: false });
  const actor = createActor(provideAutoAssegnazioneCalls(autoAssegnazioneCalls(store)), { inspect: recorder.inspect });
  actor.start();
  actor.send({ type: "REQUEST", richiesta: { dal: "2026-03-01", al: "2026-03-08", servizi: [1] } });
  await waitFor(actor, (s) => s.matches("proposal"), { timeout: 5000 });
  actor.send({ type: "TOGGLE", key: "1005/1" });
  actor.send({ type: "ACCEPT" });
  await waitFor(actor, (s) => s.matches("result"), { timeout: 5000 });
  actor.send({ type: "CLOSE" });
  actor.stop();
  return recorder.trace;
}

describe("auto-assegnazione machine: traces", () => {
  it("records a real flow and replays it to the same states", async () => {
    const trace = await record();
    expect(recordedStates(trace)).toEqual(STATES);
    const result = await replayTrace(autoAssegnazioneMachine, trace);
    expect(result.states).toEqual(STATES);
    if (process.env.RECORD_TRACES === "1" || !fs.existsSync(TRACE_FILE))
      fs.writeFileSync(TRACE_FILE, `${JSON.stringify({ app: "Vigilanza ERP", machines: [trace] }, null, 2)}\n`);
  });

  it("replays the committed recording to the states and the outcome it recorded", async () => {
    const file = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as { machines: MachineTrace[] };
    const trace = file.machines[0];
    expect(recordedStates(trace)).toEqual(STATES);
    const result = await replayTrace(autoAssegnazioneMachine, trace);
    expect(result.states).toEqual(STATES);
  });
});

describe("auto-assegnazione machine: polling and cancelling", () => {
  const running = (avanzamento: number): Proposta => ({
    ...db.proposte[0],
    stato: "in_corso",
    avanzamento,
    risultato: null,
  });

  it("reads the running proposal every proposalPollMs until it is done, then chooses every cell", async () => {
    const answers = [running(0.1), running(0.6), db.proposte[0]];
    const reads: number[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      autoAssegnazioneMachine.provide({
        actors: {
          create: fromPromise(async () => ({ id: 1 })),
          read: fromPromise(async ({ input }) => {
            reads.push(input as number);
            return answers.shift()!;
          }),
        },
      }),
      { clock },
    );
    actor.start();
    actor.send({ type: "REQUEST", richiesta: { dal: "2026-03-01", al: "2026-03-08" } });
    await waitFor(actor, (s) => s.matches({ running: "waiting" }));
    expect(actor.getSnapshot().context.proposta?.avanzamento).toBe(0.1);
    clock.increment(TIMINGS.proposalPollMs);
    await waitFor(actor, (s) => s.context.proposta?.avanzamento === 0.6);
    clock.increment(TIMINGS.proposalPollMs);
    await waitFor(actor, (s) => s.matches("proposal"));
    expect(reads).toEqual([1, 1, 1]);
    expect((actor.getSnapshot().context as AutoAssegnazioneContext).scelte).toEqual(["1002/5", "1004/2", "1005/1"]);
    actor.send({ type: "SELECT_NONE" });
    actor.send({ type: "ACCEPT" });
    expect(actor.getSnapshot().matches("proposal")).toBe(true); // nothing chosen: nothing to accept
  });

  it("cancels a running proposal; a failed request keeps the server's message", async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      autoAssegnazioneMachine.provide({
        actors: {
          create: fromPromise(async () => ({ id: 7 })),
          read: fromPromise(async () => running(0.2)),
          cancel: fromPromise(async (): Promise<Proposta> => ({ ...running(0.2), stato: "annullata" })),
        },
      }),
      { clock },
    );
    actor.start();
    actor.send({ type: "REQUEST", richiesta: { dal: "2026-03-01", al: "2026-03-08" } });
    await waitFor(actor, (s) => s.matches({ running: "waiting" }));
    actor.send({ type: "CANCEL" });
    await waitFor(actor, (s) => s.matches("cancelled"));
    expect(actor.getSnapshot().context.proposta?.stato).toBe("annullata");

    const failing = createActor(
      autoAssegnazioneMachine.provide({
        actors: {
          create: fromPromise(async (): Promise<{ id: number }> => {
            throw { status: 400, data: { detail: "La data di fine non può precedere la data di inizio" } };
          }),
        },
      }),
    );
    failing.start();
    failing.send({ type: "REQUEST", richiesta: { dal: "2026-03-08", al: "2026-03-01" } });
    await waitFor(failing, (s) => s.matches("failed"));
    expect(failing.getSnapshot().context.failure?.status).toBe(400);
  });
});
