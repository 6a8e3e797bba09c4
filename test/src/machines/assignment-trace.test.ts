/**
 * Records a real assign → confirm → unassign on the service's assignment machine (real store, RTK
 * Query, msw backend) and replays it into a fresh machine; and replays the committed recording
 * traces/assign-confirm-unassign.json. RECORD_TRACES=1 rewrites the committed recording.
 *
 * The shell's test/src/helpers/replay.ts stubs only the root machine's invoked actors; here the
 * calls run in the spawned per-operator children, so the replay loop is local: the children's
 * calls answer as recorded (their `xstate.done.actor.*` / `xstate.error.actor.*` events), the
 * planner's events are sent in order on a SimulatedClock advanced by the recorded gaps.
 */
import fs from "node:fs";
import path from "node:path";
import { createActor, SimulatedClock, waitFor } from "xstate";
import { issueMockToken } from "../../../mocks/auth.fixtures";
import { tokenStorage } from "../../../src/api/token-storage";
import { makeStore } from "../../../src/app/store";
import { assignmentCalls } from "../../../src/machines/assignment/assignment.services";
import { type AssignmentCalls, opKey, provideAssignmentCalls } from "../../../src/machines/assignment.machine";
import {
  createTraceRecorder,
  type MachineTrace,
  recordedStates,
  type TraceEventEntry,
} from "../../../src/machines/trace";
import { setupMockServer } from "../helpers/msw";

setupMockServer();

const TRACE_FILE = path.join(__dirname, "traces", "assign-confirm-unassign.json");
const COMMANDS = new Set(["ASSIGN", "UNASSIGN", "CONFIRM", "UNCONFIRM"]);
const KEY = opKey(1003, 2);

async function record(): Promise<MachineTrace> {
  tokenStorage.set(issueMockToken(1));
  const store = makeStore();
  const recorder = createTraceRecorder("assignment:1", { register: false });
  const actor = createActor(provideAssignmentCalls(assignmentCalls(store)), {
    input: { idContratto: 1, idServizio: 1 },
    inspect: recorder.inspect,
  });
  actor.start();
  const ref = { idGiorno: 102, idTurno: 1003, idOperatore: 2 };
  const idle = () => waitFor(actor, (s) => s.context.inProgress.length === 0, { timeout: 5000 });
  actor.send({ type: "ASSIGN", ...ref });
  await idle();
  actor.send({ type: "CONFIRM", ...ref });
  await idle();
  actor.send({ type: "UNASSIGN", ...ref, confermato: true });
  await idle();
  await waitFor(actor, (s) => s.context.reloads === 1, { timeout: 5000 });
  actor.stop();
  return recorder.trace;
}

function childStates(trace: MachineTrace, key: string): unknown[] {
  const out: unknown[] = [];
  for (const e of trace.entries)
    if (e.kind === "snapshot" && !e.root && e.actorId === key && JSON.stringify(out.at(-1)) !== JSON.stringify(e.value))
      out.push(e.value);
  return out;
}

async function replay(trace: MachineTrace) {
  const events = trace.entries.filter((e): e is TraceEventEntry => e.kind === "event");
  const answers = events
    .filter((e) => !e.root && /^xstate\.(done|error)\.actor\./.test(e.type))
    .map((e) =>
      e.type.includes(".done.") ? { ok: true, output: e.event.output } : { ok: false, error: e.event.error },
    );
  const next = async () => {
    const a = answers.shift();
    if (!a) return new Promise<never>(() => {});
    if (a.ok) return a.output as { warnings?: string[] };
    throw a.error;
  };
  const calls: AssignmentCalls = { assign: next, confirm: next, reload: async () => undefined };
  const clock = new SimulatedClock();
  const states: unknown[] = [];
  const trail: unknown[] = [];
  const recorder = createTraceRecorder("replay", { register: false, now: () => clock.now() + trace.startedAt });
  const actor = createActor(provideAssignmentCalls(calls), {
    input: { idContratto: 1, idServizio: 1 },
    clock,
    inspect: recorder.inspect,
  });
  actor.subscribe((s) => {
    if (JSON.stringify(states.at(-1)) !== JSON.stringify(s.value)) states.push(s.value);
  });
  actor.start();
  const settle = async () => {
    for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
  };
  let lastT = trace.startedAt;
  for (const e of events) {
    if (!e.root || !COMMANDS.has(e.type)) continue;
    clock.increment(Math.max(0, e.t - lastT));
    lastT = e.t;
    actor.send(e.event as never);
    trail.push(actor.getSnapshot().context.inProgress);
    await settle();
  }
  clock.increment(Math.max(0, (trace.entries.at(-1)?.t ?? lastT) - lastT) + 1);
  await settle();
  const context = actor.getSnapshot().context;
  actor.stop();
  return { states, children: childStates(recorder.trace, KEY), context, trail };
}

describe("assignment traces", () => {
  it("records a real assign → confirm → unassign against msw and replays it to the same states", async () => {
    const trace = await record();
    const commands = trace.entries.filter((e) => e.kind === "event" && e.root && COMMANDS.has(e.type));
    expect(commands.map((e) => (e.kind === "event" ? e.type : ""))).toEqual(["ASSIGN", "CONFIRM", "UNASSIGN"]);
    expect(childStates(trace, KEY)).toEqual([
      "notAssigned",
      "assigning",
      "assigned",
      "confirming",
      "confirmed",
      "unassigning",
      "notAssigned",
    ]);
    const result = await replay(trace);
    expect(result.states).toEqual(recordedStates(trace));
    expect(result.children).toEqual(childStates(trace, KEY));
    expect(result.trail).toEqual([[KEY], [KEY], [KEY]]);
    expect(result.context.inProgress).toEqual([]);
    expect(result.context.reloads).toBe(1);
    if (process.env.RECORD_TRACES === "1" || !fs.existsSync(TRACE_FILE))
      fs.writeFileSync(TRACE_FILE, `${JSON.stringify({ app: "Vigilanza ERP", machines: [trace] }, null, 2)}\n`);
  });

  it("replays the committed recording to the states it recorded", async () => {
    const file = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as { machines: MachineTrace[] };
    const trace = file.machines[0];
    const result = await replay(trace);
    expect(recordedStates(trace)).toEqual(["idle", "reloadScheduled", "reloading", "idle"]);
    expect(result.states).toEqual(recordedStates(trace));
    expect(result.children).toEqual(childStates(trace, KEY));
    expect(result.context.reloads).toBe(1);
  });
});
