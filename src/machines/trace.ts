/**
 * Machine traces for QA: a recorder usable as an actor's `inspect` option keeps every event an
 * actor receives (type, payload with secrets redacted, timestamp, actor) and every snapshot it
 * produces (state value, status). A global registry holds the traces of all running machines;
 * `exportTrace()` returns them as JSON and `downloadTrace()` saves `trace-<timestamp>.json`.
 * Replay a trace in tests with test/src/helpers/replay.ts.
 */
import type { InspectionEvent } from "xstate";
import { saveBlob } from "../lib/download";

export const REDACTED = "[REDACTED]";
const SECRET_KEY = /^(password|password_?confirm(ation)?|new_?password|token|secret|code)$/i;

export interface TraceEventEntry {
  kind: "event";
  /** Milliseconds since the epoch. */
  t: number;
  actorId: string;
  systemId?: string;
  /** True when the event went to the root machine (the one the recorder is attached to). */
  root: boolean;
  source?: string;
  type: string;
  event: Record<string, unknown>;
}

export interface TraceSnapshotEntry {
  kind: "snapshot";
  t: number;
  actorId: string;
  systemId?: string;
  root: boolean;
  /** The event that produced this snapshot. */
  eventType: string;
  status: string;
  value?: unknown;
}

export type TraceEntry = TraceEventEntry | TraceSnapshotEntry;

export interface MachineTrace {
  name: string;
  machineId?: string;
  startedAt: number;
  entries: TraceEntry[];
}

export interface TraceFile {
  app: "Vigilanza ERP";
  exportedAt: string;
  machines: MachineTrace[];
}

/** A JSON-safe copy with secrets replaced and errors reduced to their message. */
export function sanitize(value: unknown, depth = 0): unknown {
  if (depth > 8) return "…";
  if (value === null || value === undefined) return value ?? null;
  if (value instanceof Error) return { message: value.message, name: value.name };
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((v) => sanitize(v, depth + 1));
  if (typeof value === "function") return undefined;
  if (typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEY.test(k) && v !== null && v !== undefined && typeof v !== "object") out[k] = REDACTED;
    else {
      const s = sanitize(v, depth + 1);
      if (s !== undefined) out[k] = s;
    }
  }
  return out;
}

export interface TraceRecorder {
  readonly trace: MachineTrace;
  inspect: (ev: InspectionEvent) => void;
  clear(): void;
}

const registry = new Map<string, TraceRecorder>();

/** Keeps at most this many entries per machine (the oldest are dropped). */
export const TRACE_LIMIT = 5000;

export interface TraceRecorderOptions {
  now?: () => number;
  register?: boolean;
  /**
   * Record only the actor with this systemId and its descendants; that actor is the trace's root
   * (a machine invoked by another, e.g. the notifications polling invoked by the session).
   */
  actor?: string;
  /** Leave out the actors with these systemIds and their descendants (they have their own trace). */
  skip?: readonly string[];
}

interface InspectedRef {
  id?: string;
  sessionId?: string;
  systemId?: string;
  _parent?: InspectedRef;
}

/** The actor itself or its nearest ancestor whose systemId is one of `ids`. */
function ownerAmong(ref: InspectedRef | undefined, ids: readonly string[]): InspectedRef | undefined {
  for (let r = ref; r; r = r._parent) if (r.systemId && ids.includes(r.systemId)) return r;
  return undefined;
}

export function createTraceRecorder(name: string, opts: TraceRecorderOptions = {}): TraceRecorder {
  const now = opts.now ?? (() => Date.now());
  const skip = opts.skip ?? [];
  const trace: MachineTrace = { name, startedAt: now(), entries: [] };
  const push = (e: TraceEntry) => {
    trace.entries.push(e);
    if (trace.entries.length > TRACE_LIMIT) trace.entries.splice(0, trace.entries.length - TRACE_LIMIT);
  };
  const recorder: TraceRecorder = {
    trace,
    clear() {
      trace.entries.length = 0;
      trace.startedAt = now();
    },
    inspect(ev) {
      const ref = ev.actorRef as InspectedRef;
      let root = ref.sessionId === ev.rootId;
      if (opts.actor) {
        const owner = ownerAmong(ref, [opts.actor]);
        if (!owner) return;
        root = owner === ref;
      }
      if (skip.length && ownerAmong(ref, skip)) return;
      const actorId = String(ref.id ?? ref.sessionId ?? "");
      const systemId = ref.systemId;
      if (ev.type === "@xstate.event") {
        if (root && !trace.machineId) trace.machineId = actorId;
        const source = (ev.sourceRef as { id?: string } | undefined)?.id;
        push({
          kind: "event",
          t: now(),
          actorId,
          ...(systemId ? { systemId } : {}),
          root,
          ...(source ? { source } : {}),
          type: ev.event.type,
          event: sanitize(ev.event) as Record<string, unknown>,
        });
      } else if (ev.type === "@xstate.snapshot") {
        const snap = ev.snapshot as { status?: string; value?: unknown };
        push({
          kind: "snapshot",
          t: now(),
          actorId,
          ...(systemId ? { systemId } : {}),
          root,
          eventType: ev.event.type,
          status: snap.status ?? "active",
          ...(snap.value !== undefined ? { value: sanitize(snap.value) } : {}),
        });
      }
    },
  };
  if (opts.register !== false) registry.set(name, recorder);
  return recorder;
}

export function unregisterTrace(name: string): void {
  registry.delete(name);
}

export function registeredTraces(): MachineTrace[] {
  return [...registry.values()].map((r) => r.trace);
}

export function exportTrace(): string {
  const file: TraceFile = { app: "Vigilanza ERP", exportedAt: new Date().toISOString(), machines: registeredTraces() };
  return JSON.stringify(file, null, 2);
}

export function traceFileName(at = new Date()): string {
  return `trace-${at.toISOString().replace(/[:.]/g, "-")}.json`;
}

/** Saves the traces of every running machine as `trace-<timestamp>.json` (profile menu). */
export function downloadTrace(): void {
  saveBlob(new Blob([exportTrace()], { type: "application/json" }), traceFileName());
}

/** The root machine's state values, in order, without consecutive repeats. */
export function recordedStates(trace: MachineTrace): unknown[] {
  const out: unknown[] = [];
  for (const e of trace.entries) {
    if (e.kind !== "snapshot" || !e.root) continue;
    const last = out[out.length - 1];
    if (out.length === 0 || JSON.stringify(last) !== JSON.stringify(e.value)) out.push(e.value);
  }
  return out;
}
