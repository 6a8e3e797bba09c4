/**
 * The export threads of one server process (thread.ts): at most EXPORT_THREADS, each writing one
 * export at a time with a heap of its own and bounded; more exports wait their turn, in order. A
 * thread is kept EXPORT_THREAD_IDLE_MS after its last export (starting one and loading pg and a
 * format's writer costs ~0.3–0.8 s and ~40–50 MB of memory), then ended, which gives it back.
 *
 * The limits hold an export's memory whatever the server's own V8 flags: a young generation of
 * 16 MB (the server's is up to 128 MB, npm start) and an old one that only a leak would reach — the
 * thread then dies with ERR_WORKER_OUT_OF_MEMORY and the export fails, not the server. Measured on
 * a 100,000-row operators' xlsx: server/bench/NOTES.md, session 11.
 */
import path from "node:path";
import v8 from "node:v8";
import { Worker, type WorkerOptions } from "node:worker_threads";

export const EXPORT_THREAD_LIMITS: NonNullable<WorkerOptions["resourceLimits"]> = {
  maxYoungGenerationSizeMb: 16,
  maxOldGenerationSizeMb: 192,
};

/** Exports written at once by one server process; more wait. */
export const EXPORT_THREADS = 2;

/** How long an idle thread is kept for the next export. */
export const EXPORT_THREAD_IDLE_MS = 60_000;

// The server runs its TypeScript through tsx (npm start): a thread has to register it itself.
const THREAD_FILE = path.join(__dirname, `thread${path.extname(__filename)}`);
const BOOT =
  path.extname(__filename) === ".ts"
    ? `require(${JSON.stringify(require.resolve("tsx/cjs/api"))}).register(); require(${JSON.stringify(THREAD_FILE)});`
    : `require(${JSON.stringify(THREAD_FILE)});`;

interface Kept {
  thread: Worker;
  timer: NodeJS.Timeout;
}

const idle: Kept[] = [];
let started = 0;
const waiting: ((thread: Worker | undefined) => void)[] = [];

// V8's flags are the process's: npm start's --max-semi-space-size=64 would give every thread a
// young generation of up to 128 MB, whatever its resourceLimits. The flag is read when an isolate
// is made, so the server's own heap keeps its size; from here on a new thread gets its limits.
v8.setFlagsFromString("--max-semi-space-size=0");

function newThread(): Worker {
  const thread = new Worker(BOOT, { eval: true, resourceLimits: EXPORT_THREAD_LIMITS });
  started++;
  thread.once("exit", () => {
    started--;
    const kept = idle.findIndex((k) => k.thread === thread);
    if (kept >= 0) {
      clearTimeout(idle[kept].timer);
      idle.splice(kept, 1);
    }
    // A slot is free: the first export waiting starts a thread of its own.
    waiting.shift()?.(undefined);
  });
  return thread;
}

/**
 * A thread for one export, waiting for a free one. `done(true)` gives it back for the next export;
 * `done(false)` ends it (the export was cut short: whatever it was doing stops with it).
 */
export async function leaseExportThread(): Promise<{ thread: Worker; done: (reusable: boolean) => void }> {
  let thread: Worker | undefined;
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    thread = kept.thread;
  } else if (started < EXPORT_THREADS) thread = newThread();
  else thread = (await new Promise<Worker | undefined>((resolve) => waiting.push(resolve))) ?? newThread();
  const leased = thread;
  leased.ref();
  let returned = false;
  const done = (reusable: boolean) => {
    if (returned) return;
    returned = true;
    if (!reusable) {
      void leased.terminate();
      return;
    }
    const next = waiting.shift();
    if (next) return next(leased);
    // Idle threads hold no process open (a CLI, a test) and end after a while.
    leased.unref();
    const timer = setTimeout(() => void leased.terminate(), EXPORT_THREAD_IDLE_MS);
    timer.unref();
    idle.push({ thread: leased, timer });
  };
  return { thread: leased, done };
}

/** For /metrics (server/lib/metrics.ts): threads started, idle among them, exports waiting for one. */
export function exportThreadStats(): { started: number; idle: number; waiting: number } {
  return { started, idle: idle.length, waiting: waiting.length };
}
