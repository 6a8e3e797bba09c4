/**
 * Bounded concurrency for CPU-heavy work in one process (image re-encoding): at most
 * `concurrency` tasks run at once, at most `maxWaiting` wait their turn, and one more is refused
 * at once with 503 + Retry-After, so a burst from one client cannot saturate the CPUs and starve
 * every other request (issue 30 item 7: four 49-megapixel PNGs took both CPUs for a minute and
 * staff logins 10–16 s). The limit is per process on purpose: it protects that process's CPU
 * share; the per-user limits that hold across processes are in the database (rate-limit.ts).
 *
 *   const imageWork = new BoundedQueue({ concurrency: 1, maxWaiting: 4, retryAfterSeconds: 5, busy: "…" });
 *   const out = await imageWork.run(() => sharp(data).webp().toBuffer());
 */
import { serviceUnavailable } from "./errors";

export interface BoundedQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** What the refused client is told to wait before retrying. */
  retryAfterSeconds: number;
  /** The Italian detail of the 503. */
  busy: string;
}

export class BoundedQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: BoundedQueueOptions) {}

  /** Tasks running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.options.concurrency) {
      this.running++;
    } else {
      if (this.waiting.length >= this.options.maxWaiting) {
        throw serviceUnavailable(this.options.retryAfterSeconds, this.options.busy);
      }
      // The finishing task hands its slot over: `running` stays the same.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
