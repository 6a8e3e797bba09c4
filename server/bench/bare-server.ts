/**
 * The reference for what HTTP itself costs on this machine: a bare node:http server with no
 * framework, no token, no engine, that answers GET /<n> by sending workload n's pre-rendered
 * statements (the page, then the count when needed) through pg and JSON.stringify-ing the rows —
 * the least any Node server can do for the same answer. Run by run.ts next to the product's server,
 * with as many processes (server/workers.ts), never used by the product.
 *
 *   DATABASE_URL            the bench database
 *   BARE_STATEMENTS         JSON [{page: {sql, params, name?}, count?: {…}}] one per workload (named
 *                           statements sent as the product sends them: prepared)
 *   ERP_WORKERS             processes, as for the product's server
 *
 * Writes `BENCH_SERVER {"port":…}` when ready, like bench-server.ts.
 */
import http from "node:http";
import pg from "pg";
import { SESSION_OPTIONS } from "../db/client";
import { isWorker, poolSizePerWorker, resolveWorkers, stopOnSignals, superviseWorkers } from "../workers";
import { READY_PREFIX } from "./bench-child";
import { type Statement, send } from "./best-sql";

async function main() {
  const url = process.env.DATABASE_URL as string;
  const workers = resolveWorkers(process.env.ERP_WORKERS, url);
  if (workers.count > 1 && !isWorker()) {
    const supervisor = await superviseWorkers(workers.count);
    stopOnSignals(() => supervisor.stop());
    process.stdout.write(`${READY_PREFIX}${JSON.stringify({ port: supervisor.port, workers: workers.count })}\n`);
    return;
  }
  const statements = JSON.parse(process.env.BARE_STATEMENTS ?? "[]") as { page: Statement; count?: Statement }[];
  const pool = new pg.Pool({ connectionString: url, max: poolSizePerWorker(workers.count), options: SESSION_OPTIONS });
  const server = http.createServer(async (req, res) => {
    const w = statements[Number((req.url ?? "/").slice(1))];
    if (!w) {
      res.writeHead(404).end();
      return;
    }
    const rows = await send(pool, w.page);
    const count = w.count ? (await send(pool, w.count))[0].n : rows.length;
    const body = JSON.stringify({ results: rows, count, page: 1 });
    res.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    res.end(body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => {
    if (isWorker()) return;
    const a = server.address() as { port: number };
    process.stdout.write(`${READY_PREFIX}${JSON.stringify({ port: a.port, workers: 1 })}\n`);
  });
  stopOnSignals(async () => {
    await new Promise((resolve) => server.close(resolve));
    await pool.end();
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
