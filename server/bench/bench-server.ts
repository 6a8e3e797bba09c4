/**
 * The server under benchmark, in its own process (started by run.ts as a child:
 * `node --import tsx server/bench/bench-server.ts`), so the load generator and the direct SQL in the
 * parent do not share its event loop — as in a real deployment.
 *
 *   DATABASE_URL        the bench database (required; already migrated and seeded by run.ts)
 *   BENCH_CONCURRENCY   size of the server's pool (default 10)
 *
 * Listens on 127.0.0.1, port 0, logger off, and writes one line `BENCH_SERVER {"port":…}` on stdout
 * when ready. Stops on SIGTERM/SIGINT or when the parent's IPC channel closes.
 */
process.env.TZ ??= "Europe/Rome";

import { buildApp } from "../app";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { READY_PREFIX } from "./bench-child";

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("bench-server: DATABASE_URL is required");
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
  const config = { ...loadConfig({}), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  const database = await openPostgres(url, concurrency);
  const app = await buildApp(config, { database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  process.on("disconnect", stop);
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ port, pid: process.pid })}\n`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
