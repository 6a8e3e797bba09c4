/**
 * `npm run bench`: the list/log benchmark (issue 3 'Performance'). Local only (127.0.0.1), bounded.
 *
 *   BENCH_DATABASE_URL   PostgreSQL to use (default: database erp_bench on the local server,
 *                        created, migrated and seeded at scale once, reused afterwards)
 *   BENCH_PG_ADMIN_URL   admin connection used to create erp_bench (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_REQUESTS       requests per workload (default 500; a fast one runs 3 interleaved rounds of ~3 s of SQL),
 *                        BENCH_CONCURRENCY (default 10), BENCH_WARMUP calls per path first (default 3000, ≤ 6 s)
 *   ERP_WORKERS          server processes, as for npm start (default: one per CPU)
 *   BENCH_OPERATORS / BENCH_LOG_ENTRIES   scale of the seed (default 200000 / 2000000)
 *
 *   BENCH_ONLY           run only the list workloads whose name contains this text (e.g. "log") and the
 *                        floor row, then stop: no export, no pianificazione, RESULTS.md left as it is;
 *                        "export": the floor row and the xlsx export only
 *   BENCH_CPU_PROF       a directory: the server child runs with --cpu-prof there (where does its time go)
 *
 * After the planning workloads it runs the automatic staffing benchmark (auto-assegnazione.bench.ts:
 * the model on generated months, CPU only).
 *
 * The server runs in its own process (bench-server.ts, started by bench-child.ts), as in a real
 * deployment: the load generator, the token issuing and the direct SQL stay in this process and do
 * not share the server's event loop. For every workload it measures p50/p99/req/s through HTTP
 * and the very same SQL (built by the same engine) run directly on a pool in this process, then an
 * xlsx export of 100,000 rows (time, the server child's RSS growth). Writes server/bench/RESULTS.md.
 */
process.env.TZ ??= "Europe/Rome";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne } from "../db/query";
import { issueToken } from "../lib/tokens";
import { seedScale } from "../seed/scale";
import { runAutoAssegnazioneBench } from "./auto-assegnazione.bench";
import { startBenchServer } from "./bench-child";
import { BEST_SQL, type Statement, send } from "./best-sql";
import { benchUser, engineStatements, listWorkloads, OPERATORI, type Workload } from "./list-workloads";
import { closeHttpConnections, httpJson, type LoadResult, load, mergeLoads, probeLatency } from "./load";
import { runPianificazioneBench } from "./pianificazione.bench";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const OPERATORS = Number(process.env.BENCH_OPERATORS ?? 200_000);
const LOG_ENTRIES = Number(process.env.BENCH_LOG_ENTRIES ?? 2_000_000);
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
const WARMUP_CALLS = Number(process.env.BENCH_WARMUP ?? 3000);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 6);
/** A fast workload runs more than BENCH_REQUESTS calls: rounds of about this long on the SQL side. */
const MIN_SECONDS = 3;
/** Interleaved rounds of a fast workload (see `measure`). */
const ROUNDS = 3;

async function benchDatabaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'erp_bench'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE "erp_bench"');
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = "/erp_bench";
  return u.toString();
}

const fmt = (n: number, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "—");

async function main() {
  const url = await benchDatabaseUrl();
  const direct = await openPostgres(url, CONCURRENCY);
  await migrate(direct);
  const nOps = Number((await queryOne<{ n: number }>(direct.db, sql`SELECT count(*)::int AS n FROM operatori`))?.n);
  const nLog = Number((await queryOne<{ n: number }>(direct.db, sql`SELECT count(*)::int AS n FROM log_entries`))?.n);
  if (nOps < OPERATORS || nLog < LOG_ENTRIES) {
    console.log(`Seed at scale (${OPERATORS} operatori, ${LOG_ENTRIES} voci di log): once, reused next time…`);
    await seedScale(direct, { operators: OPERATORS, logEntries: LOG_ENTRIES });
  }

  const config = { ...loadConfig({}), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  await direct.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
    VALUES ('bench', '!', 'Bench', 'Mark', '{admin}') ON CONFLICT DO NOTHING`);
  const user = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE lower(username) = 'bench'`);
  const userId = Number(user?.id);
  const token = await issueToken(direct.db, userId, config, new Date());
  const authUser = benchUser(userId);

  const cpuProfDir = process.env.BENCH_CPU_PROF;
  const server = await startBenchServer({
    databaseUrl: url,
    concurrency: CONCURRENCY,
    nodeArgs: cpuProfDir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProfDir)}`] : [],
  });
  const base = server.base;
  console.log(`Server in its own process (pid ${server.pid}, ${server.workers} processi) at ${base}`);
  const headers = { authorization: `Token ${token}` };

  const workloads = await listWorkloads(direct.db);

  const pool = (direct.db as unknown as { $client: import("pg").Pool }).$client;
  const rows: {
    w: Workload;
    api: LoadResult;
    sql: LoadResult;
    best: LoadResult;
    bare: LoadResult;
    count: number;
    cpu: number;
    bareCpu: number;
    apiClient: number;
    sqlClient: number;
    /** Calls measured on each side. */
    n: number;
  }[] = [];
  /** This process's CPU per request since `from` (the load generator's own cost), in ms. */
  const clientMs = (from: NodeJS.CpuUsage, n: number) => {
    const c = process.cpuUsage(from);
    return (c.user + c.system) / 1000 / n;
  };
  /**
   * Warm-up of one path until its code is optimised: up to WARMUP_CALLS calls or WARMUP_SECONDS.
   * V8 compiles a hot function with its optimising compiler only after thousands of calls; measured
   * after 50 calls (sessions 1–2) the server still ran half-interpreted code (0.65 instead of
   * 0.33 ms of CPU per log request). Answers the calls per second of its last batch.
   */
  const warmUp = async (call: () => Promise<void>) => {
    const until = performance.now() + WARMUP_SECONDS * 1000;
    let rps = 0;
    for (let done = 0; done < WARMUP_CALLS && performance.now() < until; done += 200) {
      rps = (await load(200, CONCURRENCY, call)).rps;
    }
    return rps;
  };
  const only = process.env.BENCH_ONLY;
  // The same statements the engine runs for each request — the page (with its total when its keys
  // come first), then the count when needed — rendered once: sent straight through pg (SQL) and by
  // the bare reference server.
  const prepared = [];
  for (const w of workloads.filter((x) => !only || x.name.includes(only))) {
    const { page, count: countStmt, probe } = await engineStatements(direct.db, w, authUser);
    const best = BEST_SQL[w.name]?.(w.query);
    if (!best) throw new Error(`${w.name}: no hand-written best SQL in server/bench/best-sql.ts`);
    await checkBest(pool, w.name, best, probe.results, probe.count);
    prepared.push({ w, page, countStmt, best });
  }
  const bare = await startBenchServer({
    databaseUrl: url,
    concurrency: CONCURRENCY,
    script: "bare-server.ts",
    env: {
      BARE_STATEMENTS: JSON.stringify([
        ...prepared.map((p) => ({ page: p.page, count: p.countStmt })),
        { page: { sql: "SELECT 1", params: [] } },
      ]),
    },
  });
  console.log(`Bare node:http + pg reference server (${bare.workers} processi) at ${bare.base}`);

  /**
   * Warms up the three paths, then measures them in turn over the same number of calls; a fast
   * workload in ROUNDS interleaved rounds (SQL, API, bare, SQL, …) merged, so that the machine
   * slowing down or speeding up during the run weighs on the three alike.
   */
  const measure = async (
    callSql: () => Promise<void>,
    callApi: () => Promise<void>,
    callBare: () => Promise<void>,
    callBest: () => Promise<void>,
  ) => {
    const sqlRate = await warmUp(callSql);
    await warmUp(callBest);
    await warmUp(callApi);
    await warmUp(callBare);
    const fast = sqlRate * MIN_SECONDS > REQUESTS;
    const rounds = fast ? ROUNDS : 1;
    const n = Math.max(REQUESTS, Math.round((sqlRate * MIN_SECONDS) / CONCURRENCY) * CONCURRENCY);
    const runs: Record<"sql" | "best" | "api" | "bare", LoadResult[]> = { sql: [], best: [], api: [], bare: [] };
    let sqlClientMs = 0;
    let apiClientMs = 0;
    let serverMs = 0;
    let bareMs = 0;
    for (let r = 0; r < rounds; r++) {
      let c0 = process.cpuUsage();
      runs.sql.push(await load(n, CONCURRENCY, callSql));
      sqlClientMs += clientMs(c0, 1);
      runs.best.push(await load(n, CONCURRENCY, callBest));
      c0 = process.cpuUsage();
      const s0 = server.cpuMs();
      runs.api.push(await load(n, CONCURRENCY, callApi));
      serverMs += server.cpuMs() - s0;
      apiClientMs += clientMs(c0, 1);
      const b0 = bare.cpuMs();
      runs.bare.push(await load(n, CONCURRENCY, callBare));
      bareMs += bare.cpuMs() - b0;
    }
    const calls = n * rounds;
    return {
      n: calls,
      rounds,
      sql: mergeLoads(runs.sql),
      best: mergeLoads(runs.best),
      sqlClient: sqlClientMs / calls,
      api: mergeLoads(runs.api),
      cpu: serverMs / calls,
      apiClient: apiClientMs / calls,
      bare: mergeLoads(runs.bare),
      bareCpu: bareMs / calls,
    };
  };

  for (const [i, { w, page, countStmt, best }] of prepared.entries()) {
    const qs = new URLSearchParams({ ...w.query, timestamp: "1" }).toString();
    const callApi = async () => {
      await httpJson("GET", `${base}${w.path}?${qs}`, headers);
    };
    const callSql = async () => {
      await send(pool, page);
      if (countStmt) await send(pool, countStmt);
    };
    const callBare = async () => {
      await httpJson("GET", `${bare.base}/${i}`, {});
    };
    const callBest = async () => {
      for (const st of best) await send(pool, st);
    };
    const first = await fetch(`${base}${w.path}?${qs}`, { headers });
    if (first.status !== 200) throw new Error(`${w.name}: HTTP ${first.status} ${await first.text()}`);
    const count = ((await first.json()) as { count: number }).count;
    const m = await measure(callSql, callApi, callBare, callBest);
    rows.push({ w, count, ...m });
    console.log(
      `${w.name.padEnd(38)} API p50 ${fmt(m.api.p50)} ms p99 ${fmt(m.api.p99)} ms ${fmt(m.api.rps, 0)} req/s | SQL p50 ${fmt(m.sql.p50)} ms p99 ${fmt(m.sql.p99)} ms ${fmt(m.sql.rps, 0)} q/s | ratio ${fmt(m.api.p50 / m.sql.p50, 2)} | best SQL p50 ${fmt(m.best.p50)} ms ${fmt(m.best.rps, 0)} q/s API/best ${fmt(m.api.p50 / m.best.p50, 2)} | server CPU ${fmt(m.cpu, 2)} ms/req | bare p50 ${fmt(m.bare.p50)} ms (bare/SQL ${fmt(m.bare.p50 / m.sql.p50, 2)}, API/bare ${fmt(m.api.p50 / m.bare.p50, 2)}) CPU ${fmt(m.bareCpu, 2)} ms/req${m.api.errors ? ` errori ${m.api.errors}` : ""}`,
    );
  }

  // The floor: the cheapest request the server answers, beside the cheapest statement.
  const floor = await measure(
    async () => void (await pool.query("SELECT 1")),
    async () => void (await httpJson("GET", `${base}/api/health/`, {})),
    async () => void (await httpJson("GET", `${bare.base}/${prepared.length}`, {})),
    async () => void (await pool.query("SELECT 1")),
  );
  console.log(
    `floor (health vs SELECT 1)               API p50 ${fmt(floor.api.p50)} ms ${fmt(floor.api.rps, 0)} req/s | SQL p50 ${fmt(floor.sql.p50)} ms ${fmt(floor.sql.rps, 0)} q/s | server CPU ${fmt(floor.cpu, 2)} ms/req | bare p50 ${fmt(floor.bare.p50)} ms (bare/SQL ${fmt(floor.bare.p50 / floor.sql.p50, 2)}, API/bare ${fmt(floor.api.p50 / floor.bare.p50, 2)})`,
  );
  await bare.stop();

  const stop = async () => {
    await server.stop();
    closeHttpConnections();
    await direct.close();
  };
  if (only && only !== "export") return stop();

  // xlsx export of EXPORT_ROWS rows, with the server child's RSS (VmRSS) sampled while it streams.
  // The operators born up to the day that makes EXPORT_ROWS rows (a few more where that day is shared).
  const cut = await queryOne<{ d: string; n: number }>(
    direct.db,
    sql`WITH d AS (SELECT data_nascita AS d FROM operatori WHERE NOT anonimizzato ORDER BY data_nascita OFFSET ${EXPORT_ROWS - 1} LIMIT 1)
        SELECT to_char(d.d, 'YYYY-MM-DD') AS d, (SELECT count(*)::int FROM operatori WHERE NOT anonimizzato AND data_nascita <= d.d) AS n FROM d`,
  );
  const exportRows = Number(cut?.n ?? 0);
  const exportUrl = `${base}${OPERATORI}?file_type=xlsx&data_nascita_al=${cut?.d}&order_field=data_nascita`;
  // Before any export: the growth from here includes starting the export threads (export-threads.ts).
  const rssCold = server.rss();
  const warm = await fetch(`${base}${OPERATORI}?file_type=xlsx&codice=SC0000001`, { headers });
  await warm.arrayBuffer();
  const rss0 = server.rss();
  let rssMax = rss0;
  const sampler = setInterval(() => {
    rssMax = Math.max(rssMax, server.rss());
  }, 20);
  const t0 = performance.now();
  const download = (async () => {
    const res = await fetch(exportUrl, { headers });
    if (res.status !== 200 || !res.body) throw new Error(`export: HTTP ${res.status}`);
    let n = 0;
    for await (const chunk of res.body) n += (chunk as Uint8Array).byteLength;
    return n;
  })();
  // What the server's other users feel meanwhile: GET /api/health/ on every process, against the
  // same probe on the quiet server just after.
  const busy = await probeLatency(`${base}/api/health/`, headers, download);
  const bytes = await download;
  const exportSeconds = (performance.now() - t0) / 1000;
  const quiet = await probeLatency(`${base}/api/health/`, headers, new Promise((r) => setTimeout(r, 2000)));
  const probe = (l: number[]) => {
    const s = [...l].sort((a, b) => a - b);
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
    return `p50 ${fmt(at(0.5))} / p99 ${fmt(at(0.99))} / max ${fmt(s[s.length - 1])} ms (${s.length} calls)`;
  };
  const probeText = `GET /api/health/ while it streams ${probe(busy)}; on the quiet server ${probe(quiet)}`;
  console.log(probeText);
  clearInterval(sampler);
  rssMax = Math.max(rssMax, server.rss());
  const rssGrowthMb = (rssMax - rss0) / 2 ** 20;
  const rssColdGrowthMb = (rssMax - rssCold) / 2 ** 20;
  console.log(
    `export xlsx ${exportRows} righe: ${fmt(exportSeconds, 2)} s, ${fmt(bytes / 2 ** 20)} MB, RSS +${fmt(rssGrowthMb)} MB (+${fmt(rssColdGrowthMb)} MB over the server before any export)`,
  );
  if (only) return stop();

  const pgVersion = (await queryOne<{ v: string }>(direct.db, sql`SELECT current_setting('server_version') AS v`))?.v;
  const table = rows
    .map(
      (r) =>
        `| ${r.w.name} | ${r.count} | ${r.n} | ${fmt(r.api.p50)} | ${fmt(r.api.p99)} | ${fmt(r.api.rps, 0)} | ${fmt(r.cpu, 2)} | ${fmt(r.apiClient, 2)} | ${fmt(r.sql.p50)} | ${fmt(r.sql.p99)} | ${fmt(r.sql.rps, 0)} | ${fmt(r.sqlClient, 2)} | **${fmt(r.api.p50 / r.sql.p50, 2)}×** | ${fmt(r.best.p50)} | ${fmt(r.best.rps, 0)} | **${fmt(r.api.p50 / r.best.p50, 2)}×** | ${fmt(r.sql.p50 / r.best.p50, 2)}× | ${fmt(r.bare.p50)} | ${fmt(r.bareCpu, 2)} | ${fmt(r.bare.p50 / r.sql.p50, 2)}× | **${fmt(r.api.p50 / r.bare.p50, 2)}×** |`,
    )
    .join("\n");
  const md = `# List and log benchmark — results

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}),
Node ${process.version}, PostgreSQL ${pgVersion}; ${nOps >= OPERATORS ? nOps : OPERATORS} operatori, ${nLog >= LOG_ENTRIES ? nLog : LOG_ENTRIES} voci di log;
\`calls\` per side and workload: at least ${REQUESTS}; a fast workload runs ${ROUNDS} interleaved rounds (SQL, API, bare, SQL, …)
of about ${MIN_SECONDS} s of SQL each, merged, so that the machine's drift weighs on all three alike. Each path is first
warmed up (up to ${WARMUP_CALLS} calls or ${WARMUP_SECONDS} s: V8 optimises hot code only after thousands of calls);
${CONCURRENCY} concurrent connections, keep-alive, loopback.

API = HTTP through the real server (token check, engine, JSON) started as \`npm start\` runs it on PostgreSQL:
${server.workers} process${server.workers > 1 ? "es sharing the port (ERP_WORKERS, default one per CPU)" : ""} apart from this one
(server/bench/bench-server.ts, NODE_ENV=production, logger off), driven by a minimal HTTP/1.1 keep-alive client
(server/bench/load.ts). SQL = the statements the engine runs for the same request (the page — carrying its total
when its keys come first — then the count when needed), rendered once and sent with pg on a pool of ${CONCURRENCY} connections in the bench process,
which also generates the HTTP load — the database's time plus a driver, none of our code. Bare = the least any
Node server can do for the same answer: node:http, no framework, no token, the same pre-rendered statements
through pg, JSON.stringify (server/bench/bare-server.ts, as many processes) — what HTTP itself costs here.
Best SQL = the statements a DBA writes by hand for the same answer (server/bench/best-sql.ts: same rows, columns
and count, checked against the API before measuring), sent like SQL — the operators' pages without a search as
named prepared statements, as the engine sends them (keepPlans) —: the floor the database allows.
Targets (issue 18): every workload's API p50 ≤ 1.5× its best SQL p50; the first page ≥ 80 req/s with p50 ≤ 150 ms;
page 200 and attivo + provincia SQL p50 ≤ 5 ms. For statements well under a millisecond (the log workloads; since run 12 also the operators' pages
without a search, 0.5–0.8 ms alone on one connection) the
developers' guide sets API p50 ≤ 1.35× the bare server's p50: the "API / bare" column ("bare / SQL" is what HTTP
itself costs over the statement; until session 7 that column alone was labelled "bare ratio").

| workload | count | calls | API p50 ms | API p99 ms | API req/s | server CPU ms/req | client CPU ms/req | SQL p50 ms | SQL p99 ms | SQL q/s | client CPU ms/req | p50 ratio | best SQL p50 ms | best SQL q/s | API / best | SQL / best | bare p50 ms | bare CPU ms/req | bare / SQL | API / bare |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table}
| *floor: GET /api/health/ vs \`SELECT 1\`* | — | ${floor.n} | ${fmt(floor.api.p50)} | ${fmt(floor.api.p99)} | ${fmt(floor.api.rps, 0)} | ${fmt(floor.cpu, 2)} | ${fmt(floor.apiClient, 2)} | ${fmt(floor.sql.p50)} | ${fmt(floor.sql.p99)} | ${fmt(floor.sql.rps, 0)} | ${fmt(floor.sqlClient, 2)} | ${fmt(floor.api.p50 / floor.sql.p50, 2)}× | ${fmt(floor.best.p50)} | ${fmt(floor.best.rps, 0)} | ${fmt(floor.api.p50 / floor.best.p50, 2)}× | — | ${fmt(floor.bare.p50)} | ${fmt(floor.bareCpu, 2)} | ${fmt(floor.bare.p50 / floor.sql.p50, 2)}× | ${fmt(floor.api.p50 / floor.bare.p50, 2)}× |

The floor row is the cost of any HTTP request to this server (routing, security headers, JSON, one
statement) next to the same trivial statement sent directly: what a workload whose SQL takes well under a
millisecond cannot go below; the bare column is the same for a server that does nothing else. "server CPU" is the server processes' user + system time per request;
"client CPU" is this process's (the load generator's: HTTP client or pg driver) per request. At 10
connections on a CPU-bound machine, the ratio of p50s is about the ratio of all CPU spent per request
(client + server + PostgreSQL).

xlsx export of ${exportRows} rows (the operator list, born up to ${cut?.d}): **${fmt(exportSeconds, 2)} s** (target < 10 s), ${fmt(bytes / 2 ** 20)} MB file,
server processes' RSS growth **${fmt(rssGrowthMb)} MB** (peak VmRSS of the server's processes while streaming, minus before, after a
one-row export; target < 150 MB); **${fmt(rssColdGrowthMb)} MB** over the server before any export (that includes starting
the export threads, which are kept 60 s after an export: server/lib/list/export/export-threads.ts).
${probeText} (4 connections, one request at a time each, 5 ms apart).

## Reproduce

\`\`\`sh
npm run bench                     # creates, migrates and seeds erp_bench on the local PostgreSQL once (a few minutes), then measures
BENCH_DATABASE_URL=postgres://…/db npm run bench   # any other PostgreSQL (seeded if it has fewer rows)
BENCH_REQUESTS=1000 BENCH_CONCURRENCY=10 npm run bench
BENCH_CPU_PROF=/tmp/prof npm run bench   # also writes a .cpuprofile of the server child (open in Chrome DevTools)
\`\`\`
The seed is \`seedScale()\` in server/seed/scale.ts (INSERT … SELECT generate_series, then VACUUM ANALYZE).
The workloads use the product's own lists: Anagrafiche → Operatori (GET /api/anagrafiche/operatori/, the
bench user is an \`admin\`, so the global search also looks in the fiscal code) and the Logs panel of an
operator (GET /api/log/list/).
`;
  fs.writeFileSync(path.join(__dirname, "RESULTS.md"), `${md}\n${NOTES}`);
  await runPianificazioneBench({
    base,
    headers,
    direct,
    resultsFile: path.join(__dirname, "RESULTS.md"),
    concurrency: CONCURRENCY,
  });
  await runAutoAssegnazioneBench({ resultsFile: path.join(__dirname, "RESULTS.md") });
  await stop();
}

/**
 * The hand-written statements must answer what the API answers: the same rows (ids, in order)
 * and the same count — or the comparison would measure a different question.
 */
async function checkBest(
  pool: import("pg").Pool,
  name: string,
  best: Statement[],
  results: Record<string, unknown>[],
  count: number,
): Promise<void> {
  const answers = [];
  for (const st of best) answers.push(await send(pool, st));
  const page = answers[0] ?? [];
  const bestCount = answers[1]?.[0]?.n ?? page[0]?.__total ?? page.length;
  const ids = (rows: Record<string, unknown>[]) => rows.map((r) => Number(r.id)).join(",");
  if (ids(page) !== ids(results) || Number(bestCount) !== count) {
    throw new Error(`${name}: the best SQL answers ${ids(page)} (${bestCount}), the API ${ids(results)} (${count})`);
  }
}

/** Hand-written notes kept at the end of RESULTS.md. */
const NOTES = fs.existsSync(path.join(__dirname, "NOTES.md"))
  ? fs.readFileSync(path.join(__dirname, "NOTES.md"), "utf8")
  : "";

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
