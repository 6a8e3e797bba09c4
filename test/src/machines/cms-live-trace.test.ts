/**
 * The control room's live machine (issue 14 item 4) losing and regaining its connection: records
 * a session — connecting → live (two pictures) → the stream fails → reconnecting (1 s) → fails
 * again → reconnecting (2 s) → live again → 40 s without a message: stale → a ping: live — with
 * a stream the test drives and a SimulatedClock, through the app's trace recorder; then replays
 * it (test/src/helpers/replay.ts) into a fresh machine and checks the same states, and replays the
 * committed recording traces/cms-live-reconnect.json. RECORD_TRACES=1 rewrites the recording.
 */
import fs from "node:fs";
import path from "node:path";
import { createActor, fromCallback, SimulatedClock } from "xstate";
import { pictureOf } from "../../../mocks/fixtures/cms";
import { db } from "../../../mocks/store";
import {
  backoffMs,
  type CmsLiveEvent,
  type CmsLiveInput,
  cmsLiveMachine,
  connessioneOf,
  LIVE_TIMINGS,
} from "../../../src/machines/cms-live.machine";
import { createTraceRecorder, type MachineTrace } from "../../../src/machines/trace";
import { replayTrace } from "../helpers/replay";

const TRACE_FILE = path.join(__dirname, "traces", "cms-live-reconnect.json");

async function record() {
  const clock = new SimulatedClock();
  const base = Date.parse("2026-07-10T18:00:00Z");
  const recorder = createTraceRecorder("cms-live:1", { register: false, now: () => base + clock.now() });
  let send: (e: CmsLiveEvent) => void = () => {};
  let connections = 0;
  const stream = fromCallback<CmsLiveEvent, CmsLiveInput>(({ sendBack }) => {
    connections += 1;
    send = sendBack;
    return () => {};
  });
  const actor = createActor(cmsLiveMachine.provide({ actors: { stream } }), {
    input: { eventoId: 1 },
    clock,
    inspect: recorder.inspect,
  });
  const seen: string[] = [];
  actor.subscribe((s) => {
    const c = connessioneOf(s.value);
    if (seen.at(-1) !== c) seen.push(c);
  });
  actor.start();
  const evento = db.cmsEventi[0];
  send({ type: "SNAPSHOT", data: pictureOf(evento, [100, 50]) });
  clock.increment(5_000);
  send({ type: "SNAPSHOT", data: pictureOf(evento, [900, 340]) });
  clock.increment(3_000);
  send({ type: "ERROR", message: "Failed to fetch" });
  expect(actor.getSnapshot().context.data?.totale.presenti).toBe(1240); // the last picture stays
  clock.increment(backoffMs(1));
  send({ type: "ERROR", message: "HTTP 502" });
  expect(actor.getSnapshot().context.attempts).toBe(2);
  clock.increment(backoffMs(2));
  send({ type: "SNAPSHOT", data: pictureOf(evento, [950, 400]) });
  expect(actor.getSnapshot().context).toMatchObject({ attempts: 0, lastError: null });
  clock.increment(LIVE_TIMINGS.staleMs);
  send({ type: "PING" });
  const context = actor.getSnapshot().context;
  actor.stop();
  return { trace: recorder.trace, seen, connections, context };
}

describe("cms live machine", () => {
  it("backs off 1 s, 2 s, 4 s… up to 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("stops on a 404 (no such event): no reconnection, however long it waits", () => {
    const clock = new SimulatedClock();
    let connections = 0;
    const stream = fromCallback<CmsLiveEvent, CmsLiveInput>(({ sendBack }) => {
      connections += 1;
      sendBack({ type: "NOT_FOUND" });
      return () => {};
    });
    const actor = createActor(cmsLiveMachine.provide({ actors: { stream } }), { input: { eventoId: 999 }, clock });
    actor.start();
    clock.increment(LIVE_TIMINGS.backoffMaxMs * 4);
    expect(connessioneOf(actor.getSnapshot().value)).toBe("notFound");
    expect(actor.getSnapshot().status).toBe("done");
    expect(connections).toBe(1);
  });

  it("loses and regains its connection, keeping the last picture; the replay goes through the same states", async () => {
    const { trace, seen, connections, context } = await record();
    expect(seen).toEqual([
      "connecting",
      "live",
      "reconnecting",
      "connecting",
      "reconnecting",
      "connecting",
      "live",
      "stale",
      "live",
    ]);
    expect(connections).toBe(3);
    expect(context.data?.totale.presenti).toBe(1350);
    const replay = await replayTrace(cmsLiveMachine, trace);
    expect(replay.states).toEqual(replay.recorded);
    expect(replay.recorded).toContainEqual("reconnecting");
    expect(replay.recorded).toContainEqual({ online: "stale" });
    if (process.env.RECORD_TRACES === "1" || !fs.existsSync(TRACE_FILE))
      fs.writeFileSync(TRACE_FILE, `${JSON.stringify({ app: "Vigilanza ERP", machines: [trace] }, null, 2)}\n`);
  });

  it("replays the committed recording to the states it recorded", async () => {
    const file = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as { machines: MachineTrace[] };
    const replay = await replayTrace(cmsLiveMachine, file.machines[0]);
    expect(replay.states).toEqual(replay.recorded);
    expect(replay.recorded.filter((s) => s === "reconnecting")).toHaveLength(2);
  });
});
