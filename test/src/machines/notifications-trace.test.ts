/**
 * Records a real polling session of the notifications machine as the app runs it — invoked by the
 * session machine on login (real store, RTK Query, msw backend, a SimulatedClock for the 120 s
 * waits): login → first fetch → timer fetch with equal data → a ticket read, RELOAD with new data →
 * a failed summary → a ticket arriving from the guards' app, brought by the next timer fetch →
 * logout, which stops it. The recorder keeps the invoked actor's own trace
 * (`actor: "notifications"`, as the app's SessionProvider does). Replays it into a fresh machine
 * started with the recorded input, whose poll answers as recorded (the `xstate.done.actor.poll`
 * events), and checks it goes through the same states to the same data; and replays the committed
 * recording traces/notifications-poll.json. RECORD_TRACES=1 rewrites the committed recording.
 *
 * The replay loop is local: the shell's replayTrace sends the next event right after advancing the
 * clock, but here a delayed event (`xstate.after.*`) starts a fetch that must settle first.
 */
import fs from "node:fs";
import path from "node:path";
import { HttpResponse, http } from "msw";
import { type AnyActorRef, createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { MOCK_PASSWORD } from "../../../mocks/fixtures/auth";
import { db } from "../../../mocks/store";
import { makeStore } from "../../../src/app/store";
import {
  type NotificationsContext,
  notificationsMachine,
  POLL_MS,
  type PollResult,
} from "../../../src/machines/notifications.machine";
import { appSessionMachine } from "../../../src/machines/session.services";
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
const ARRIVATO = { id: 9, operatore: { id: 2, full_name: "Giuseppe Russo" }, data_ora: "2026-03-10 10:05:00" };

/** The app's own warnings: anything else on the console (e.g. RTK's slow-middleware notes on a busy machine) is not ours. */
const appWarnings = (calls: unknown[][]) => calls.filter(([m]) => typeof m === "string" && m.startsWith("Notifiche:"));

async function record(): Promise<MachineTrace> {
  const store = makeStore();
  const clock = new SimulatedClock();
  const base = Date.now();
  const recorder = createTraceRecorder("notifications", {
    register: false,
    actor: "notifications",
    now: () => base + clock.now(),
  });
  const session = createActor(appSessionMachine({ store, navigate: () => {}, alert: () => {} }), {
    input: { hasStoredToken: false },
    clock,
    inspect: recorder.inspect,
  });
  session.start();
  clock.increment(1000);
  session.send({ type: "LOGIN", username: "admin", password: MOCK_PASSWORD }); // superadmin
  await waitFor(session, (s) => s.matches("loggedIn"));
  const polling = session.getSnapshot().children.notifications as AnyActorRef;
  const rounds = (n: number) =>
    waitFor(polling, (s) => s.context.rounds === n && s.matches({ polling: "waiting" }), { timeout: 10_000 });
  await rounds(1);
  clock.increment(POLL_MS); // the timer's fetch: the same data
  await rounds(2);
  // A ticket is read elsewhere (the Console screens, issue 12): the next fetch brings new data.
  db.problemi = db.problemi.filter((p) => p.id !== 1);
  db.ticketNonLetti = 2;
  clock.increment(5000);
  polling.send({ type: "RELOAD" });
  await rounds(3);
  server.use(http.get("*/api/comunicazioni/summary/", () => HttpResponse.json({ detail: "Guasto" }, { status: 500 })));
  const warn = jest.spyOn(console, "warn").mockImplementation(() => {});
  clock.increment(POLL_MS);
  await rounds(4);
  expect(appWarnings(warn.mock.calls)).toEqual([["Notifiche: summary non riuscito (Guasto)"]]); // SPEC §8: only logged
  warn.mockRestore();
  // A guard opens a ticket in the app (POST /api/app/ticket/): the next timer fetch brings it.
  server.resetHandlers();
  db.problemi = [ARRIVATO, ...db.problemi];
  db.ticketNonLetti = 3;
  clock.increment(POLL_MS);
  await rounds(5);
  clock.increment(1000);
  session.send({ type: "LOGOUT" });
  await waitFor(session, (s) => s.matches("loggedOut"));
  expect(polling.getSnapshot().status).toBe("stopped");
  session.stop();
  return recorder.trace;
}

async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

interface Replay {
  states: unknown[];
  /** The context at the end of the recording (before the logout stopped the machine). */
  atEnd: NotificationsContext;
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
  const init = events.find((e) => e.type === "xstate.init");
  const origin = init?.t ?? trace.startedAt;
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: init?.event.input as { permissions: string[] } });
  const states: unknown[] = [];
  actor.subscribe((s) => {
    if (JSON.stringify(states.at(-1)) !== JSON.stringify(s.value)) states.push(s.value);
  });
  actor.start();
  await settle(); // the first fetch, at start
  const advanceTo = async (t: number) => {
    clock.increment(Math.max(0, t - origin - clock.now()));
    await settle();
  };
  for (const e of events) {
    if (e.type.startsWith("xstate.after.")) {
      await advanceTo(e.t); // the replay's own timer fires here
      continue;
    }
    if (e.type.startsWith("xstate.")) continue; // init and the poll's answers: produced by the replay
    await advanceTo(e.t);
    actor.send(e.event as never);
    await settle();
  }
  await advanceTo(trace.entries.at(-1)?.t ?? origin);
  const atEnd = actor.getSnapshot().context;
  actor.stop();
  return { states, atEnd, failures };
}

function check(trace: MachineTrace, result: Replay) {
  const rootEvents = trace.entries.filter((e): e is TraceEventEntry => e.kind === "event" && e.root);
  // The session invoked it with the user's permissions.
  expect(rootEvents[0]).toMatchObject({
    type: "xstate.init",
    systemId: "notifications",
    event: { input: { permissions: ["superadmin"] } },
  });
  expect(rootEvents.slice(1).map((e) => e.type)).toEqual([
    DONE,
    "xstate.after.pollInterval.notifications.polling.waiting",
    DONE,
    "RELOAD",
    DONE,
    "xstate.after.pollInterval.notifications.polling.waiting",
    DONE,
    "xstate.after.pollInterval.notifications.polling.waiting",
    DONE,
  ]);
  expect(recordedStates(trace)).toEqual([
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
    { polling: "fetching" },
    { polling: "waiting" },
  ]);
  // The logout stopped it.
  expect(trace.entries.at(-1)).toMatchObject({
    kind: "snapshot",
    root: true,
    eventType: "xstate.stop",
    status: "stopped",
  });
  expect(result.states).toEqual(recordedStates(trace));
  // Ticket 1 was read before the RELOAD; the failed summary kept the count; then ticket 9 arrived
  // from the app: the popup lists it first and the chip counts it. The new anomaly stays listed.
  expect(result.atEnd).toMatchObject({
    rounds: 5,
    unread: 3,
    problems: [
      ARRIVATO,
      { id: 2, operatore: { id: 5, full_name: "Anna Ferrari" }, data_ora: "2026-03-09 22:40:00" },
      { id: 7, fonte: "anomalia", titolo: "Ingresso in ritardo", data_ora: "2026-03-09 08:27:00" },
    ],
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
