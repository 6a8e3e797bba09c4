/**
 * npm start: prepare the database, then serve the API and the web app — in one process, or with
 * PostgreSQL in ERP_WORKERS processes sharing the port (server/workers.ts).
 *
 * `npm start` runs this file as `exec node --max-semi-space-size=64 --import tsx server/main.ts` (a
 * larger young generation: less garbage-collection CPU per request, server/bench/NOTES.md, session 8;
 * the workers inherit the flag): the shell gives way to this
 * Node process, so the SIGTERM or SIGINT that npm forwards — a process manager signals only npm's
 * pid — reaches the server itself (with `tsx server/main.ts` it reached the shell, which died and
 * left the server running). test/e2e/start-stop.test.ts holds it.
 */
process.env.TZ ??= "Europe/Rome";
const started = performance.now();

import type { FastifyInstance } from "fastify";
import { buildApp } from "./app";
import { prepareDatabase } from "./bootstrap";
import { type AppConfig, loadConfig } from "./config";
import { openDatabase } from "./db/client";
import { acquireLock } from "./db/lock";
import { isGeocodingConfigured } from "./lib/geocoding";
import { startJobTimer } from "./lib/jobs";
import { aggregateForWorkers, shareWithPrimary } from "./lib/metrics";
import { JOBS } from "./modules/jobs";
import { isWorker, poolSizePerWorker, resolveWorkers, stopOnSignals, superviseWorkers } from "./workers";

/** How often each process tries to claim the due jobs (the work itself runs once: server/lib/jobs.ts). */
const JOB_POLL_MS = 15_000;

/** Starts this process's job timer, stopped when the app closes. */
function scheduleJobs(app: FastifyInstance) {
  const stop = startJobTimer({
    db: app.db,
    jobs: JOBS,
    clock: app.clock,
    worker: `${process.pid}`,
    pollMs: JOB_POLL_MS,
    env: { mailer: app.mailer, config: app.config, database: app.database },
    onError: (err) => app.log.error({ err }, "Lavoro pianificato non riuscito"),
    observe: (job, ok, ms) => app.metrics.jobRun(job, ok, ms),
  });
  app.addHook("onClose", async () => stop());
}

const listeningLine = (config: AppConfig, port: number, where: string) =>
  `Vigilanza ERP in ascolto su http://${config.host}:${port}/app/ (${where}; pronto in ${Math.round((performance.now() - started) / 1000)} s)`;

/** One worker of several: the database is already prepared by the primary. */
async function serveAsWorker(config: AppConfig) {
  const workers = resolveWorkers(config.workers, config.databaseUrl);
  const database = await openDatabase(config, poolSizePerWorker(workers.count));
  const app = await buildApp(config, { database });
  shareWithPrimary(app.metrics);
  scheduleJobs(app);
  app.addHook("onClose", async () => database.close());
  await app.listen({ port: config.port, host: config.host });
  stopOnSignals(() => app.close());
}

async function main() {
  const config = loadConfig();
  if (isWorker()) return serveAsWorker(config);
  const workers = resolveWorkers(config.workers, config.databaseUrl);
  const release = config.databaseUrl ? () => {} : acquireLock(config.dataDir, `http://${config.host}:${config.port}`);
  console.log("Avvio di Vigilanza ERP…");
  const { database, messages } = await prepareDatabase(config, (line) => console.log(line));
  if (workers.message) messages.push(workers.message);
  for (const line of messages) console.log(line);
  if (!isGeocodingConfigured(config))
    console.log("Geocodifica degli indirizzi disattivata: imposta GEOCODING_URL e GEOCODING_KEY per attivarla.");

  if (workers.count > 1) {
    await database.close();
    aggregateForWorkers();
    const supervisor = await superviseWorkers(workers.count);
    console.log(listeningLine(config, supervisor.port, `PostgreSQL, ${workers.count} processi`));
    stopOnSignals(() => supervisor.stop());
    return;
  }

  console.log("Avvio del server HTTP…");
  const app: FastifyInstance = await buildApp(config, { database });
  scheduleJobs(app);
  app.addHook("onClose", async () => {
    await database.close();
    release();
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(
    listeningLine(config, port, database.kind === "pglite" ? `database integrato in ${config.dataDir}` : "PostgreSQL"),
  );
  stopOnSignals(() => app.close());
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
