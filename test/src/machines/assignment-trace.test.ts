/**
 * Records a real assign → confirm → unassign on the service's assignment machine (real store, RTK
 * Query, msw backend) and replays it into a fresh machine; and replays the committed recording
 * traces/assign-confirm-unassign.json. Records a real bulk assignment (one call, a report with a
 * skipped operator, the debounced reload on a SimulatedClock) and replays it with the shell's
 * replayTrace; and replays the committed traces/bulk-assign.json. RECORD_TRACES=1 rewrites the
 * committed recordings.
 *
 * The shell's test/src/helpers/replay.ts stubs only the root machine's invoked actors; here the
 * calls run in the spawned per-operator children, so the replay loop is local: the children's
 * calls answer as recorded (their `xstate.done.actor.*` / `xstate.error.actor.*` events), the
 * planner's events are sent in order on a SimulatedClock advanced by the recorded gaps.
 */
import fs from "node:fs";
import path from "node:path";
import { HttpResponse, http } from "msw";
import { createActor, SimulatedClock, waitFor } from "xstate";
import { issueMockToken } from "../../../mocks/http";
import { assegnazioneApi } from "../../../src/api/pianificazione/assegnazione.endpoints";
import { tokenStorage } from "../../../src/api/token-storage";
import { makeStore } from "../../../src/app/store";
import { assignmentCalls } from "../../../src/machines/assignment/assignment.services";
import {
  type AssignmentCalls,
  type AssignmentContext,
  assignmentMachine,
  opKey,
  provideAssignmentCalls,
  RELOAD_DEBOUNCE_MS,
} from "../../../src/machines/assignment.machine";
import {
  createTraceRecorder,
  type MachineTrace,
  recordedStates,
  type TraceEventEntry,
} from "../../../src/machines/trace";
import { setupMockServer } from "../helpers/msw";
import { replayTrace } from "../helpers/replay";

const server = setupMockServer();

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
  actor.send({ type: "UNASSIGN", ...ref, status: "confirmed" });
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
  const unexpected = async () => {
    throw new Error("chiamata non registrata");
  };
  const calls: AssignmentCalls = {
    assign: next,
    confirm: next,
    bulkAssign: unexpected,
    consolidate: unexpected,
    confirmPeriod: unexpected,
    operatorPeriod: unexpected,
    reload: async () => undefined,
  };
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
    expect(recordedStates(trace)).toEqual([
      { calls: "ready", reload: "idle" },
      { calls: "ready", reload: "scheduled" },
      { calls: "ready", reload: "reloading" },
      { calls: "ready", reload: "idle" },
    ]);
    expect(result.states).toEqual(recordedStates(trace));
    expect(result.children).toEqual(childStates(trace, KEY));
    expect(result.context.reloads).toBe(1);
  });
});

const BULK_FILE = path.join(__dirname, "traces", "bulk-assign.json");

const RIPOSO = "Riposo insufficiente: solo 10:00 ore dalla fine del turno precedente";
const PIENO = "Il turno ha già tutti gli operatori richiesti (2)";

/**
 * A bulk assignment on Monday's afternoon shift: the server assigns and confirms Greco and Marino
 * (with its working-time warnings) and skips Ricci (black list).
 */
async function recordBulk(): Promise<{ trace: MachineTrace; context: AssignmentContext }> {
  server.use(
    http.post("*/turni/1002/operatori/bulk/", () =>
      HttpResponse.json({
        assegnati: [
          { id: 6, cognome: "Greco", nome: "Sofia", confermato: true, warnings: [RIPOSO] },
          { id: 5, cognome: "Marino", nome: "Davide", confermato: true, warnings: [RIPOSO, PIENO] },
        ],
        falliti: [{ id: 4, detail: "L'operatore è in black list", reason: "black_list" }],
      }),
    ),
  );
  tokenStorage.set(issueMockToken(1));
  const store = makeStore();
  const page = store.dispatch(
    assegnazioneApi.endpoints.candidatiTurno.initiate({
      idContratto: 1,
      idServizio: 1,
      idGiorno: 101,
      idTurno: 1002,
    }),
  );
  await page.unwrap();
  const clock = new SimulatedClock();
  const base = Date.now();
  const recorder = createTraceRecorder("assignment:1", { register: false, now: () => base + clock.now() });
  const actor = createActor(provideAssignmentCalls(assignmentCalls(store)), {
    input: { idContratto: 1, idServizio: 1 },
    clock,
    inspect: recorder.inspect,
  });
  actor.start();
  actor.send({
    type: "BULK_ASSIGN",
    idGiorno: 101,
    idTurno: 1002,
    conferma: true,
    operatori: [
      { id: 6, cognome: "Greco", nome: "Sofia" },
      { id: 5, cognome: "Marino", nome: "Davide" },
      { id: 4, cognome: "Ricci", nome: "Marta" },
    ],
  });
  await waitFor(actor, (s) => s.matches({ calls: "ready" }), { timeout: 5000 });
  clock.increment(RELOAD_DEBOUNCE_MS);
  await waitFor(actor, (s) => s.context.reloads === 1, { timeout: 5000 });
  const context = actor.getSnapshot().context;
  actor.stop();
  page.unsubscribe();
  return { trace: recorder.trace, context };
}

const BULK_REPORT = {
  idTurno: "1002",
  conferma: true,
  assegnati: [
    {
      id: 6,
      cognome: "Greco",
      nome: "Sofia",
      confermato: true,
      warnings: [expect.stringContaining("Riposo insufficiente: solo 10:00 ore")],
    },
    {
      id: 5,
      cognome: "Marino",
      nome: "Davide",
      confermato: true,
      warnings: [expect.stringContaining("Riposo insufficiente"), "Il turno ha già tutti gli operatori richiesti (2)"],
    },
  ],
  scartati: [{ id: 4, cognome: "Ricci", nome: "Marta", detail: "L'operatore è in black list", reason: "black_list" }],
};

const BULK_STATES = [
  { calls: "ready", reload: "idle" },
  { calls: "bulkAssigning", reload: "idle" },
  { calls: "ready", reload: "scheduled" },
  { calls: "ready", reload: "reloading" },
  { calls: "ready", reload: "idle" },
];

describe("bulk assignment traces", () => {
  it("records a real bulk assignment against msw and replays it to the same states and report", async () => {
    const { trace, context } = await recordBulk();
    expect(context.bulk["1002"]).toEqual(BULK_REPORT);
    expect(context.inProgress).toEqual([]);
    const external = trace.entries.filter((e) => e.kind === "event" && e.root && !e.type.startsWith("xstate."));
    expect(external.map((e) => (e.kind === "event" ? e.type : ""))).toEqual(["BULK_ASSIGN"]);
    expect(recordedStates(trace)).toEqual(BULK_STATES);
    const result = await replayTrace(assignmentMachine, trace);
    expect(result.states).toEqual(BULK_STATES);
    expect((result.context as AssignmentContext).bulk).toEqual(context.bulk);
    expect((result.context as AssignmentContext).reloads).toBe(1);
    expect(result.actions).toContain("announce");
    if (process.env.RECORD_TRACES === "1" || !fs.existsSync(BULK_FILE))
      fs.writeFileSync(BULK_FILE, `${JSON.stringify({ app: "Vigilanza ERP", machines: [trace] }, null, 2)}\n`);
  });

  it("replays the committed recording to the states and the report it recorded", async () => {
    const file = JSON.parse(fs.readFileSync(BULK_FILE, "utf8")) as { machines: MachineTrace[] };
    const trace = file.machines[0];
    expect(recordedStates(trace)).toEqual(BULK_STATES);
    const result = await replayTrace(assignmentMachine, trace);
    expect(result.states).toEqual(BULK_STATES);
    expect((result.context as AssignmentContext).bulk["1002"]).toEqual(BULK_REPORT);
  });
});
