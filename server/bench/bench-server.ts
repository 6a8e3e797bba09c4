/**
 * The server under benchmark, in its own processes (started by run.ts as a child:
 * `node --import tsx server/bench/bench-server.ts`), so the load generator and the direct SQL in the
 * parent do not share its event loops — as in a real deployment. Like `npm start` on PostgreSQL it
 * runs ERP_WORKERS processes sharing the port (server/workers.ts; default one per CPU).
 *
 *   DATABASE_URL        the bench database (required; already migrated and seeded by run.ts)
 *   ERP_WORKERS         server processes (default auto, as npm start)
 *
 * Listens on 127.0.0.1, port 0, logger off, and writes one line `BENCH_SERVER {"port":…}` on stdout
 * when ready. Stops on SIGTERM/SIGINT or when the parent's IPC channel closes.
 */
process.env.TZ ??= "Europe/Rome";

import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { isWorker, poolSizePerWorker, resolveWorkers, stopOnSignals, superviseWorkers } from "../workers";
import { READY_PREFIX } from "./bench-child";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("bench-server: DATABASE_URL is required");
  const config = { ...loadConfig(), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  const workers = resolveWorkers(config.workers, url);
  if (workers.count > 1 && !isWorker()) {
    const supervisor = await superviseWorkers(workers.count);
    stopOnSignals(() => supervisor.stop());
    process.stdout.write(
      `${READY_PREFIX}${JSON.stringify({ port: supervisor.port, pid: process.pid, workers: workers.count })}\n`,
    );
    return;
  }
  const database = await openPostgres(url, poolSizePerWorker(workers.count));
  const app = await buildApp(config, { database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  stopOnSignals(async () => {
    await app.close();
    await database.close();
  });
  if (isWorker()) return;
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ port, pid: process.pid, workers: 1 })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
