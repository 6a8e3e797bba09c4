/**
 * Records a real polling session of the notifications machine (real store, RTK Query, msw
 * backend, a SimulatedClock for the 120 s waits): START → first fetch → timer fetch with equal data
 * → a ticket read, RELOAD with new data → a failed summary → STOP. Replays it into a fresh machine
 * whose poll answers as recorded (the `xstate.done.actor.poll` events) and checks it goes through
 * the same states to the same data; and replays the committed recording
 * traces/notifications-poll.json. RECORD_TRACES=1 rewrites the committed recording.
 *
 * The replay loop is local: the shell's replayTrace sends the next event right after advancing the
 * clock, but here a delayed event (`xstate.after.*`) starts a fetch that must settle first.
 */
import fs from "node:fs";
import path from "node:path";
import { HttpResponse, http } from "msw";
import { createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { issueMockToken } from "../../../mocks/auth.fixtures";
import { consoleApi } from "../../../src/api/console.endpoints";
import { tokenStorage } from "../../../src/api/token-storage";
import { makeStore } from "../../../src/app/store";
import {
  type NotificationsContext,
  notificationsMachine,
  POLL_MS,
  type PollResult,
} from "../../../src/machines/notifications.machine";
import { appNotificationsMachine } from "../../../src/machines/notifications.services";
import {
  createTraceRecorder,
  type MachineTrace,
  recordedStates,
  type TraceEventEntry,
} from "../../../src/machines/trace";
import { setupMockServer } from "../helpers/msw";

const server = setupMockServer();

const TRACE_FILE = path.join(__dirname, "traces", "notifications-poll.json");
const DONE = "xstate.done.actor.poll";

async function record(): Promise<MachineTrace> {
  tokenStorage.set(issueMockToken(1)); // admin (superadmin)
  const store = makeStore();
  const clock = new SimulatedClock();
  const base = Date.now();
  const recorder = createTraceRecorder("notifications", { register: false, now: () => base + clock.now() });
  const actor = createActor(appNotificationsMachine(store), { clock, inspect: recorder.inspect });
  const rounds = (n: number) => waitFor(actor, (s) => s.context.rounds === n && s.matches({ polling: "waiting" }));
  actor.start();
  clock.increment(1000);
  actor.send({ type: "START", permissions: ["superadmin"] });
  await rounds(1);
  clock.increment(POLL_MS); // the timer's fetch: the same data
  await rounds(2);
  await store.dispatch(consoleApi.endpoints.segnaTicketLetto.initiate(1)).unwrap();
  clock.increment(5000);
  actor.send({ type: "RELOAD" });
  await rounds(3);
  server.use(http.get("*/api/comunicazioni/summary/", () => HttpResponse.json({ detail: "Guasto" }, { status: 500 })));
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  clock.increment(POLL_MS);
  await rounds(4);
  expect(warn.mock.calls).toEqual([["Notifiche: summary non riuscito (Guasto)"]]); // SPEC §8: only logged
  warn.mockRestore();
  clock.increment(1000);
  actor.send({ type: "STOP" });
  actor.stop();
  return recorder.trace;
}

async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

interface Replay {
  states: unknown[];
  /** The context just before STOP. */
  beforeStop: NotificationsContext | null;
  failures: Array<{ call: string; message: string }>;
}

async function replay(trace: MachineTrace): Promise<Replay> {
  const events = trace.entries.filter((e): e is TraceEventEntry => e.kind === "event" && e.root);
  const answers = events.filter((e) => e.type === DONE).map((e) => e.event.output as PollResult);
  const failures: Replay["failures"] = [];
  const machine = notificationsMachine.provide({
    actors: {
      poll: fromPromise(async () => {
        const next = answers.shift();
        return next ?? new Promise<never>(() => {});
      }),
    },
    actions: { logFailure: (_, params) => failures.push(params) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock });
  const states: unknown[] = [];
  actor.subscribe((s) => {
    if (JSON.stringify(states.at(-1)) !== JSON.stringify(s.value)) states.push(s.value);
  });
  actor.start();
  const advanceTo = async (t: number) => {
    clock.increment(Math.max(0, t - trace.startedAt - clock.now()));
    await settle();
  };
  let beforeStop: NotificationsContext | null = null;
  for (const e of events) {
    if (e.type.startsWith("xstate.after.")) {
      await advanceTo(e.t); // the replay's own timer fires here
      continue;
    }
    if (e.type.startsWith("xstate.")) continue; // init and the poll's answers: produced by the replay
    await advanceTo(e.t);
    if (e.type === "STOP") beforeStop = actor.getSnapshot().context;
    actor.send(e.event as never);
    await settle();
  }
  actor.stop();
  return { states, beforeStop, failures };
}

function check(trace: MachineTrace, result: Replay) {
  const external = trace.entries
    .filter((e): e is TraceEventEntry => e.kind === "event" && e.root && !e.type.startsWith("xstate.init"))
    .map((e) => e.type);
  expect(external).toEqual([
    "START",
    DONE,
    "xstate.after.pollInterval.notifications.polling.waiting",
    DONE,
    "RELOAD",
    DONE,
    "xstate.after.pollInterval.notifications.polling.waiting",
    DONE,
    "STOP",
  ]);
  expect(recordedStates(trace)).toEqual([
    "stopped",
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
    "stopped",
  ]);
  expect(result.states).toEqual(recordedStates(trace));
  // Ticket 1 was read before the RELOAD: only ticket 2 is left; the failed summary kept the count.
  expect(result.beforeStop).toMatchObject({
    rounds: 4,
    unread: 2,
    problems: [{ id: 2, operatore: { id: 5, full_name: "Anna Ferrari" }, data_ora: "2026-03-09 22:40:00" }],
  });
  expect(result.failures).toEqual([{ call: "summary", message: "Guasto" }]);
}

describe("notifications traces", () => {
  it("records a real polling session against msw and replays it to the same states and data", async () => {
    const trace = await record();
    check(trace, await replay(trace));
    if (process.env.RECORD_TRACES === "1" || !fs.existsSync(TRACE_FILE))
      fs.writeFileSync(TRACE_FILE, `${JSON.stringify({ app: "Vigilanza ERP", machines: [trace] }, null, 2)}\n`);
  });

  it("replays the committed recording to the states it recorded", async () => {
    const file = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as { machines: MachineTrace[] };
    const trace = file.machines[0];
    check(trace, await replay(trace));
  });
});
