/**
 * Several server processes on one port (node:cluster), with PostgreSQL only.
 *
 * One Node process serves on one CPU: on a machine with several, `ERP_WORKERS` processes share the
 * port and the kernel spreads the connections among them. Nothing of a request lives in a process
 * that the others need: rate limits are rows in the database, the verified-token cache of each
 * process is emptied through NOTIFY `erp_auth` (server/lib/token-cache.ts), files are in the database.
 * The embedded database belongs to one process, so with PGlite the server always runs alone.
 *
 * The primary process prepares the database once (migrations, first admin, demo data), then
 * starts the workers and restarts one that dies; it stops them all on SIGINT/SIGTERM.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";

export const MAX_WORKERS = 64;
/** `auto` uses one process per CPU, up to this many. */
export const AUTO_WORKERS_CAP = 8;
/** Connections to PostgreSQL shared by all the processes (each gets its part, at least MIN_POOL). */
const TOTAL_POOL = 20;
const MIN_POOL = 5;

export const WORKERS_INVALID = `ERP_WORKERS non valido: un numero da 1 a ${MAX_WORKERS} oppure auto`;
export const WORKERS_IGNORED_PGLITE = "ERP_WORKERS ignorato: con il database integrato il server usa un solo processo.";

export interface WorkersChoice {
  count: number;
  /** A line to print at start (the setting was ignored). */
  message?: string;
}

/**
 * How many server processes: ERP_WORKERS = a number, or `auto` (default) = one per CPU up to
 * AUTO_WORKERS_CAP. Always 1 with the embedded database. Throws WORKERS_INVALID on anything else.
 */
export function resolveWorkers(
  value: string | undefined,
  databaseUrl: string | undefined,
  cpus = os.availableParallelism(),
): WorkersChoice {
  const v = (value ?? "").trim().toLowerCase();
  let count: number;
  if (v === "" || v === "auto") count = Math.max(1, Math.min(cpus, AUTO_WORKERS_CAP));
  else if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_WORKERS) count = Number(v);
  else throw new Error(WORKERS_INVALID);
  if (!databaseUrl)
    return v === "" || v === "auto" || count === 1 ? { count: 1 } : { count: 1, message: WORKERS_IGNORED_PGLITE };
  return { count };
}

/** Each process's PostgreSQL pool: TOTAL_POOL shared out, never under MIN_POOL. */
export function poolSizePerWorker(count: number): number {
  return Math.max(MIN_POOL, Math.ceil(TOTAL_POOL / count));
}

export interface Supervisor {
  /** The port the workers share (resolved when PORT is 0). */
  port: number;
  stop(): Promise<void>;
}

const RESTART_PAUSE_MS = 1000;

/**
 * In the primary: starts `count` workers (this same script, cluster.isWorker true) and resolves once
 * all of them listen. A worker that dies afterwards is replaced; one that dies before listening
 * makes the start fail (the same cause would kill every replacement).
 */
export function superviseWorkers(count: number, log: (line: string) => void = console.log): Promise<Supervisor> {
  let stopping = false;
  let port = 0;
  const stop = async () => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    await Promise.all(
      alive.map(
        (w) =>
          new Promise<void>((resolve) => {
            w.once("exit", () => resolve());
            w.process.kill("SIGTERM");
          }),
      ),
    );
  };
  return new Promise((resolve, reject) => {
    let listening = 0;
    const start = () => {
      const w = cluster.fork();
      let up = false;
      w.once("listening", (address) => {
        up = true;
        port = address.port;
        listening += 1;
        if (listening === count) resolve({ port, stop });
      });
      w.once("exit", (code, signal) => {
        if (stopping) return;
        if (code === 0 && up) {
          // Stopped on purpose (a signal to the whole process group, Ctrl+C): follow it once all are gone.
          if (Object.values(cluster.workers ?? {}).every((o) => !o || o.isDead())) process.exit(0);
          return;
        }
        if (!up && listening < count) {
          void stop().then(() => reject(new Error(`Un processo del server non è partito (codice ${code ?? signal})`)));
          return;
        }
        log(`Processo del server ${w.process.pid} terminato (${code ?? signal}): ne avvio un altro`);
        setTimeout(() => {
          if (!stopping) start();
        }, RESTART_PAUSE_MS);
      });
    };
    for (let i = 0; i < count; i++) start();
  });
}

export const isWorker = () => cluster.isWorker;

/** How long a stop may take (requests in flight, closing the database) before the process just exits. */
export const STOP_GRACE_MS = 10_000;

/**
 * Runs `stop` once, then exits 0, on SIGINT, SIGTERM, or when the IPC channel closes (a worker whose
 * primary is gone, a bench child whose parent is gone): a server process never outlives its parent.
 * A stop that does not finish within STOP_GRACE_MS (a request that never ends) exits 1 all the same.
 */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = async () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => {
      console.error(`Arresto non completato in ${STOP_GRACE_MS / 1000} s: esco comunque.`);
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    try {
      await stop();
    } catch (e) {
      console.error(`Arresto: ${e instanceof Error ? e.message : e}`);
      process.exit(1);
    }
    process.exit(0);
  };
  process.on("SIGINT", handler);
  process.on("SIGTERM", handler);
  process.on("disconnect", handler);
}
