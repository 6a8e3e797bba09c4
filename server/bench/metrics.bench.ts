/**
 * What /metrics costs (issue 36 item 4): the list workloads of `npm run bench` (list-workloads.ts)
 * through two servers on one database, one with METRICS=off and one with the metrics on (the
 * default), one process each; every workload is warmed up on both, then measured in ROUNDS
 * interleaved rounds (on, off, off, on, …) so that the machine's other load weighs on both alike.
 * Compares requests per second and the server's CPU per request (from /proc, the steadier figure on
 * a shared machine). Writes server/bench/RESULTS-metrics.md.
 *
 *   npx tsx server/bench/metrics.bench.ts
 *   BENCH_PG_ADMIN_URL   admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REUSE=1        keep the scratch database erp_bench_metrics if it exists (seeding takes a while)
 *   BENCH_OPERATORS / BENCH_LOG_ENTRIES   scale (default 20000 / 200000), BENCH_ROUNDS (default 6),
 *   BENCH_CALLS per round (default 1000), BENCH_CONCURRENCY (default 10)
 */
process.env.TZ ??= "Europe/Rome";

import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne } from "../db/query";
import { issueToken } from "../lib/tokens";
import { seedScale } from "../seed/scale";
import { type BenchServer, startBenchServer } from "./bench-child";
import { listWorkloads } from "./list-workloads";
import { closeHttpConnections, httpJson, type LoadResult, load, mergeLoads } from "./load";
import { scratchDatabase } from "./scratch-db";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 20_000);
const LOG_ENTRIES = Number(process.env.BENCH_LOG_ENTRIES ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const CALLS = Number(process.env.BENCH_CALLS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");
const pct = (on: number, off: number) => `${on >= off ? "+" : ""}${fmt(((on - off) / off) * 100)} %`;

async function main() {
  const url = await scratchDatabase(ADMIN_URL, "erp_bench_metrics", process.env.BENCH_REUSE === "1");
  const direct = await openPostgres(url, 4);
  await migrate(direct);
  const nOps = Number((await queryOne<{ n: number }>(direct.db, sql`SELECT count(*)::int AS n FROM operatori`))?.n);
  if (nOps < OPERATORS) await seedScale(direct, { operators: OPERATORS, logEntries: LOG_ENTRIES });
  await direct.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
    VALUES ('bench', '!', 'Bench', 'Mark', '{admin}') ON CONFLICT DO NOTHING`);
  const user = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE lower(username) = 'bench'`);
  const config = { ...loadConfig({}), databaseUrl: url };
  const token = await issueToken(direct.db, Number(user?.id), config, new Date());
  const headers = { authorization: `Token ${token}` };
  const workloads = await listWorkloads(direct.db);

  const start = (metrics: "on" | "off") =>
    startBenchServer({ databaseUrl: url, concurrency: CONCURRENCY, env: { ERP_WORKERS: "1", METRICS: metrics } });
  const servers: Record<"on" | "off", BenchServer> = { on: await start("on"), off: await start("off") };
  const scraped = await fetch(`${servers.on.base}/metrics`).then((r) => r.text());
  if (!scraped.includes("erp_http_requests_total")) throw new Error("the server with metrics on does not count");
  if ((await fetch(`${servers.off.base}/metrics`)).status !== 404)
    throw new Error("METRICS=off still answers /metrics");

  const lines: string[] = [];
  const out = (l: string) => {
    console.log(l);
    lines.push(l);
  };
  out("| workload | req/s off | req/s on | Δ req/s | CPU ms/req off | CPU ms/req on | Δ CPU | p50 off | p50 on |");
  out("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  const totals = { on: { cpu: 0, n: 0, s: 0 }, off: { cpu: 0, n: 0, s: 0 } };
  for (const w of workloads) {
    const qs = new URLSearchParams({ ...w.query, timestamp: "1" }).toString();
    const call = (s: BenchServer) => async () => void (await httpJson("GET", `${s.base}${w.path}?${qs}`, headers));
    for (const k of ["on", "off"] as const) await load(Math.min(CALLS, 1500), CONCURRENCY, call(servers[k]));
    const runs: Record<"on" | "off", LoadResult[]> = { on: [], off: [] };
    const cpu = { on: 0, off: 0 };
    for (let r = 0; r < ROUNDS; r++) {
      for (const k of (r % 2 === 0 ? ["on", "off"] : ["off", "on"]) as ("on" | "off")[]) {
        const c0 = servers[k].cpuMs();
        runs[k].push(await load(CALLS, CONCURRENCY, call(servers[k])));
        cpu[k] += servers[k].cpuMs() - c0;
      }
    }
    const on = mergeLoads(runs.on);
    const off = mergeLoads(runs.off);
    const n = CALLS * ROUNDS;
    for (const k of ["on", "off"] as const) {
      totals[k].cpu += cpu[k];
      totals[k].n += n;
      totals[k].s += (k === "on" ? on : off).seconds;
    }
    out(
      `| ${w.name} | ${fmt(off.rps, 0)} | ${fmt(on.rps, 0)} | ${pct(on.rps, off.rps)} | ${fmt(cpu.off / n, 3)} | ${fmt(cpu.on / n, 3)} | ${pct(cpu.on, cpu.off)} | ${fmt(off.p50, 2)} | ${fmt(on.p50, 2)} |`,
    );
  }
  const rpsOn = totals.on.n / totals.on.s;
  const rpsOff = totals.off.n / totals.off.s;
  out(
    `| **tutti** | ${fmt(rpsOff, 0)} | ${fmt(rpsOn, 0)} | ${pct(rpsOn, rpsOff)} | ${fmt(totals.off.cpu / totals.off.n, 3)} | ${fmt(totals.on.cpu / totals.on.n, 3)} | ${pct(totals.on.cpu, totals.off.cpu)} | | |`,
  );
  closeHttpConnections();
  await servers.on.stop();
  await servers.off.stop();
  await direct.close();
  const doc = [
    "# /metrics on vs off (server/bench/metrics.bench.ts)",
    "",
    `${new Date().toISOString().slice(0, 10)}; ${OPERATORS} operatori, ${LOG_ENTRIES} voci di log; one server process each,`,
    `${ROUNDS} interleaved rounds of ${CALLS} calls per workload at concurrency ${CONCURRENCY}; load average at the end ${fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}.`,
    "",
    ...lines,
    "",
    "Reading: the server's CPU per request (from /proc, over every call of the rounds) is the figure that",
    "answers 'what do the metrics cost'; requests per second and p50 move by ±20 % between rounds on a",
    "machine shared with other work (load average above), in both directions, whichever server is on.",
    "",
  ].join("\n");
  fs.writeFileSync(path.join(__dirname, "RESULTS-metrics.md"), doc);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
