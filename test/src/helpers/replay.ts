/**
 * Replays a recorded machine trace (src/machines/trace.ts) in a fresh actor: every actor the
 * machine invokes is stubbed to resolve or reject as recorded (the `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` events of the trace), every action is a no-op, time runs on a
 * SimulatedClock advanced by the recorded gaps, and the recorded external events are sent in
 * order. Returns the state values the replay went through and those the recording saw.
 */
import { type AnyStateMachine, createActor, fromPromise, SimulatedClock } from "xstate";
import { type MachineTrace, recordedStates, type TraceEventEntry, type TraceFile } from "../../../src/machines/trace";

type Outcome = { ok: true; output: unknown } | { ok: false; message: string };

export interface ReplayResult {
  /** State values of the replay, without consecutive repeats. */
  states: unknown[];
  /** State values of the recording, without consecutive repeats. */
  recorded: unknown[];
  /** Actions the machine executed during the replay, by name. */
  actions: string[];
  /** The replay's context at the end of the recording. */
  context: unknown;
}

const DONE = "xstate.done.actor.";
const ERROR = "xstate.error.actor.";

export function machineTrace(file: TraceFile, name: string): MachineTrace {
  const trace = file.machines.find((m) => m.name === name);
  if (!trace) throw new Error(`nessuna traccia per la macchina ${name}`);
  return trace;
}

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setTimeout(r, 0));
}

function pushDistinct(list: unknown[], value: unknown) {
  if (list.length === 0 || JSON.stringify(list[list.length - 1]) !== JSON.stringify(value)) list.push(value);
}

export async function replayTrace(machine: AnyStateMachine, trace: MachineTrace): Promise<ReplayResult> {
  const rootEvents = trace.entries.filter((e): e is TraceEventEntry => e.kind === "event" && e.root);

  // What each invoked actor answered, in order.
  const outcomes = new Map<string, Outcome[]>();
  for (const e of rootEvents) {
    const id = e.type.startsWith(DONE)
      ? e.type.slice(DONE.length)
      : e.type.startsWith(ERROR)
        ? e.type.slice(ERROR.length)
        : null;
    if (!id) continue;
    const list = outcomes.get(id) ?? [];
    if (e.type.startsWith(DONE)) list.push({ ok: true, output: e.event.output });
    else list.push({ ok: false, message: String((e.event.error as { message?: string } | null)?.message ?? "") });
    outcomes.set(id, list);
  }

  const impl = machine.implementations as { actors?: Record<string, unknown>; actions?: Record<string, unknown> };
  const actors: Record<string, unknown> = {};
  for (const src of Object.keys(impl.actors ?? {})) {
    actors[src] = fromPromise(async () => {
      const next = outcomes.get(src)?.shift();
      if (!next) return new Promise(() => {}); // not answered in the recording
      if (next.ok) return next.output;
      throw new Error(next.message);
    });
  }
  const executed: string[] = [];
  const actions: Record<string, unknown> = {};
  for (const name of Object.keys(impl.actions ?? {})) actions[name] = () => executed.push(name);

  const stubbed = machine.provide({ actors, actions } as Parameters<AnyStateMachine["provide"]>[0]);
  const init = rootEvents.find((e) => e.type === "xstate.init");
  const clock = new SimulatedClock();
  const actor = createActor(stubbed, { input: init?.event.input, clock });
  const states: unknown[] = [];
  actor.subscribe((s) => pushDistinct(states, s.value));
  actor.start();
  pushDistinct(states, actor.getSnapshot().value);
  await settle();

  let lastT = init?.t ?? trace.startedAt;
  for (const e of rootEvents) {
    if (e.type.startsWith("xstate.")) continue; // init, done/error of actors, delays: produced by the replay itself
    clock.increment(Math.max(0, e.t - lastT));
    lastT = e.t;
    actor.send(e.event as { type: string });
    await settle();
  }
  const last = trace.entries[trace.entries.length - 1];
  if (last) clock.increment(Math.max(0, last.t - lastT));
  await settle();
  const context = actor.getSnapshot().context;
  actor.stop();
  return { states, recorded: recordedStates(trace), actions: executed, context };
}
