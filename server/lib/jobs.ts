/**
 * Scheduled work that runs once across processes (workers, replicas, restarts): database-backed
 * jobs, never a `setInterval` doing the work in each process.
 *
 * A job is a row of `jobs` (migration 0750: name, interval, next_run). `runDueJob` opens a
 * transaction, claims the row with
 *   UPDATE jobs SET next_run = now + interval, … WHERE name = $1 AND next_run <= now RETURNING …
 * and does the work in that same transaction. A second process claiming at the same moment waits on
 * the row lock; when the first commits, its UPDATE re-reads the row, finds next_run in the future
 * and claims nothing — so each due run happens exactly once. If the work fails, the transaction
 * rolls back with the claim, and the next attempt (any process) runs it again. Nothing lives in a
 * process's memory: a restart finds next_run where the last run left it.
 *
 * What each process does keep is a timer that only *tries to claim* (`startJobTimer`, every
 * `pollMs`, unref'd): it holds no state and does no work unless the database hands it the run.
 */
import { sql } from "drizzle-orm";
import type { AppConfig } from "../config";
import type { Database, Db, Tx } from "../db/client";
import { queryOne } from "../db/query";
import type { Mailer } from "./mail";

/** What a job may need of the server besides the database (the alarms' escalation mails). */
export interface JobEnv {
  mailer: Mailer;
  config: AppConfig;
  /** The database itself (the backup job dumps it). */
  database?: Database;
}

export interface JobDefinition {
  name: string;
  /** The work, inside the claiming transaction; returns a short result kept on the row. */
  run(tx: Tx, now: Date, env?: JobEnv): Promise<string>;
}

export interface JobRun {
  name: string;
  result: string;
}

/** Claims `job` if it is due at `now` and runs it; undefined when another process has it or it is not due. */
export async function runDueJob(
  db: Db,
  job: JobDefinition,
  now: Date,
  worker: string,
  env?: JobEnv,
): Promise<JobRun | undefined> {
  return db.transaction(async (tx) => {
    const claimed = await queryOne<{ name: string }>(
      tx,
      sql`UPDATE jobs SET next_run = ${now}::timestamptz + make_interval(secs => interval_s),
                          last_run_at = ${now}::timestamptz, last_run_by = ${worker}, runs = runs + 1
           WHERE name = ${job.name} AND next_run <= ${now}::timestamptz
       RETURNING name`,
    );
    if (!claimed) return undefined;
    const result = await job.run(tx as Tx, now, env);
    await tx.execute(sql`UPDATE jobs SET last_result = ${result} WHERE name = ${job.name}`);
    return { name: job.name, result };
  });
}

/** Tries every job once, one after the other; returns those this process ran. */
export async function runDueJobs(
  db: Db,
  jobs: readonly JobDefinition[],
  now: Date,
  worker: string,
  env?: JobEnv,
): Promise<JobRun[]> {
  const ran: JobRun[] = [];
  for (const job of jobs) {
    const r = await runDueJob(db, job, now, worker, env);
    if (r) ran.push(r);
  }
  return ran;
}

/**
 * The per-process timer that tries to claim the due jobs every `pollMs`. Failures are logged and
 * retried at the next tick (the claim rolled back). Returns the function that stops it.
 */
export function startJobTimer(opts: {
  db: Db;
  jobs: readonly JobDefinition[];
  clock: () => Date;
  worker: string;
  pollMs: number;
  onError: (err: unknown) => void;
  env?: JobEnv;
  /** Hears each run this process made, with its outcome and time (/metrics: erp_job_runs_total). */
  observe?: (job: string, ok: boolean, ms: number) => void;
}): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      // One job at a time; one that fails does not keep the others from their turn.
      for (const job of opts.jobs) {
        const t0 = performance.now();
        try {
          const ran = await runDueJob(opts.db, job, opts.clock(), opts.worker, opts.env);
          if (ran) opts.observe?.(job.name, true, performance.now() - t0);
        } catch (err) {
          opts.observe?.(job.name, false, performance.now() - t0);
          opts.onError(err);
        }
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), opts.pollMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
