/**
 * The planning benchmark (issue 5 'Performance'), run by `npm run bench` after the list workloads
 * (one call in run.ts), or alone: `npx tsx server/bench/pianificazione.bench.ts` (same BENCH_*
 * variables; it starts its own server). Local only, bounded.
 *
 *   BENCH_CONTRACTS / BENCH_WEEKS   scale of the planning seed (default 600 / 52 → 1,092,000 shifts),
 *                                   generated once by seedScalePianificazione and reused
 *   BENCH_ASSIGN_ROUNDS             assign+unassign rounds per connection (default 30)
 *   BENCH_CONCURRENCY               connections (default 10), each on its own operator and shift
 *   BENCH_NO_CHECKPOINT=1           measure without the CHECKPOINT first (a checkpoint of earlier writes may run)
 *
 * Measures, through HTTP on the real server: the assign call with every check
 * (POST …/turni/{t}/operatori/ add:true, then add:false to undo it, alternately), the month grid
 * of a service (GET …/servizi/{s}/?dal&al); and, directly on a pool, the overlap check's SQL
 * (overlapCheckSql). Appends (replaces) its section of RESULTS.md.
 */
process.env.TZ ??= "Europe/Rome";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { queryOne, queryRows } from "../db/query";
import { overlapCheckSql } from "../modules/pianificazione/assegnazione/bench";
import { seedScalePianificazione } from "../seed/scale-pianificazione";
import { startBenchServer } from "./bench-child";
import { closeHttpConnections, httpJson, load } from "./load";

const CONTRACTS = Number(process.env.BENCH_CONTRACTS ?? 600);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 52);
const ROUNDS = Number(process.env.BENCH_ASSIGN_ROUNDS ?? 30);
const GRID_REQUESTS = Number(process.env.BENCH_GRID_REQUESTS ?? 200);
/** Assign/unassign calls per second over all connections in the paced run (far above a real planning office). */
const RATE = Number(process.env.BENCH_ASSIGN_RATE ?? 50);
/** Assign calls from one connection alone: enough for a p99 that is not just the slowest call. */
const SOLO_CALLS = Number(process.env.BENCH_SOLO_CALLS ?? 300);
const MIN_SHIFTS = 1_000_000;

export interface PianificazioneBenchOptions {
  /** http://127.0.0.1:port of the running server. */
  base: string;
  headers: Record<string, string>;
  /** A pool on the same database, for setup and the direct SQL. */
  direct: Database;
  resultsFile: string;
  concurrency: number;
}

interface Stats {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  n: number;
}

const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "—");

function stats(times: number[], wallMs: number, errors: number): Stats {
  const s = [...times].sort((a, b) => a - b);
  const pct = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : Number.NaN);
  return { p50: pct(50), p99: pct(99), rps: (times.length * 1000) / wallMs, errors, n: times.length };
}

/** The checkpointer's and the backends' writes so far (pg_stat_bgwriter): what the disk was doing during a phase. */
interface Writes {
  checkpoints: number;
  checkpointBuffers: number;
  backendBuffers: number;
}
async function writesSoFar(direct: Database): Promise<Writes> {
  const r = await queryOne<{ c: number; b: number; be: number }>(
    direct.db,
    sql`SELECT (checkpoints_timed + checkpoints_req)::int AS c, buffers_checkpoint::int AS b, buffers_backend::int AS be
        FROM pg_stat_bgwriter`,
  );
  return { checkpoints: Number(r?.c), checkpointBuffers: Number(r?.b), backendBuffers: Number(r?.be) };
}
const writesDuring = (from: Writes, to: Writes) =>
  `${to.checkpoints - from.checkpoints} checkpoint(s) ended, ${to.checkpointBuffers - from.checkpointBuffers} buffers ` +
  `written by the checkpointer, ${to.backendBuffers - from.backendBuffers} by the backends`;

interface Pair {
  url: string;
  operatore: number;
  shift: { giorno: string; inizio_f1: string; fine_f1: string; inizio_f2: string | null; fine_f2: string | null };
}

/** `concurrency` future uncovered guard shifts on different contracts, each with its own free, qualified operator. */
async function benchPairs(direct: Database, concurrency: number): Promise<Pair[]> {
  const shifts = await queryRows<{
    contratto_id: number;
    servizio_id: number;
    giorno_id: number;
    turno_id: number;
    giorno: string;
    inizio_f1: string;
    fine_f1: string;
    inizio_f2: string | null;
    fine_f2: string | null;
    posizione_id: number;
  }>(
    direct.db,
    sql`SELECT DISTINCT ON (s.contratto_id) s.contratto_id, s.id AS servizio_id, g.id AS giorno_id, t.id AS turno_id,
               to_char(g.giorno, 'YYYY-MM-DD') AS giorno, t.inizio_f1::text, t.fine_f1::text, t.inizio_f2::text,
               t.fine_f2::text, t.posizione_id
        FROM contratti c JOIN servizi s ON s.contratto_id = c.id JOIN giorni g ON g.servizio_id = s.id
        JOIN turni t ON t.giorno_id = g.id JOIN posizioni p ON p.id = t.posizione_id
        WHERE c.numero_contratto LIKE 'SC-%' AND c.attivo AND p.descrizione = 'Guardia particolare giurata'
          AND g.giorno = current_date + 10 AND t.inizio_f1 = time '06:00'
          AND NOT EXISTS (SELECT 1 FROM turni_operatori a WHERE a.turno_id = t.id)
        ORDER BY s.contratto_id LIMIT ${concurrency}`,
  );
  if (shifts.length < concurrency) throw new Error(`Turni liberi per il bench: ${shifts.length}/${concurrency}`);
  // Operators with no assignment at all, made eligible for the guard shift (qualification, decree).
  const ops = await queryRows<{ id: number }>(
    direct.db,
    sql`SELECT o.id FROM operatori o WHERE o.attivo AND NOT o.cessato AND NOT o.black_list
          AND NOT EXISTS (SELECT 1 FROM turni_operatori a WHERE a.operatore_id = o.id)
        ORDER BY o.id DESC LIMIT ${concurrency}`,
  );
  for (const [i, o] of ops.entries()) {
    await direct.db.execute(
      sql`INSERT INTO operatori_posizioni (operatore_id, posizione_id) VALUES (${o.id}, ${shifts[i].posizione_id})
          ON CONFLICT DO NOTHING`,
    );
    await direct.db.execute(
      sql`INSERT INTO operatori_documenti (operatore_id, tipo, numero, data_rilascio)
          SELECT ${o.id}, 'decreto_gpg', 'BENCH', current_date - 500
          WHERE NOT EXISTS (SELECT 1 FROM operatori_documenti WHERE operatore_id = ${o.id} AND tipo = 'decreto_gpg')`,
    );
  }
  return shifts.map((t, i) => ({
    url: `/api/pianificazione/contratti/${t.contratto_id}/servizi/${t.servizio_id}/giorni/${t.giorno_id}/turni/${t.turno_id}/operatori/`,
    operatore: ops[i].id,
    shift: t,
  }));
}

export async function runPianificazioneBench(o: PianificazioneBenchOptions): Promise<void> {
  const { base, headers, direct, concurrency } = o;
  const nTurni = Number((await queryOne<{ n: number }>(direct.db, sql`SELECT count(*)::int AS n FROM turni`))?.n);
  if (nTurni < MIN_SHIFTS) {
    console.log(`Pianificazione: seed di ${CONTRACTS} contratti × ${WEEKS} settimane (una volta sola)…`);
    await seedScalePianificazione(direct, { contracts: CONTRACTS, weeks: WEEKS });
    await direct.exec("VACUUM ANALYZE");
  }
  const counts = (await queryOne<{ turni: number; assegnazioni: number; periodi: number; clienti: number }>(
    direct.db,
    sql`SELECT (SELECT count(*) FROM turni)::int AS turni, (SELECT count(*) FROM turni_operatori)::int AS assegnazioni,
               (SELECT count(*) FROM turni_operatori_periodi)::int AS periodi,
               (SELECT count(DISTINCT cliente_id) FROM contratti)::int AS clienti`,
  ))!;

  // 1. assign / unassign, each connection on its own (operator, shift).
  const pairs = await benchPairs(direct, concurrency);
  // The disk first finishes what came before — the seed, a previous workload's bulk writes: a
  // checkpoint spread over minutes (checkpoint_completion_target) shares the disk with every commit's
  // WAL flush, and measured in one it made the paced p99 ~100 ms instead of ~15 (session 7). The
  // checkpointer's and the backends' writes during each phase are reported with the figures.
  if (!process.env.BENCH_NO_CHECKPOINT) await direct.exec("CHECKPOINT");
  const post = async (p: Pair, add: boolean) => {
    await httpJson("POST", `${base}${p.url}`, headers, { data: { operatore: { id: p.operatore }, add } });
  };
  for (const p of pairs) {
    await post(p, true); // warm-up
    await post(p, false);
  }
  const assignTimes: number[] = [];
  const unassignTimes: number[] = [];
  let errors = 0;
  const w0 = await writesSoFar(direct);
  const t0 = performance.now();
  await Promise.all(
    pairs.map(async (p) => {
      for (let r = 0; r < ROUNDS; r++) {
        for (const [add, times] of [
          [true, assignTimes],
          [false, unassignTimes],
        ] as const) {
          const s = performance.now();
          try {
            await post(p, add);
          } catch {
            errors += 1;
          }
          times.push(performance.now() - s);
        }
      }
    }),
  );
  const wall = performance.now() - t0;
  const assign = stats(assignTimes, wall, errors);
  const unassign = stats(unassignTimes, wall, 0);
  // The same call from a single connection: the cost of one call without queueing behind the others.
  const soloTimes: number[] = [];
  let soloErrors = 0;
  const t1 = performance.now();
  for (let r = 0; r < SOLO_CALLS; r++) {
    const s = performance.now();
    try {
      await post(pairs[0], true);
    } catch {
      soloErrors += 1;
    }
    soloTimes.push(performance.now() - s);
    await post(pairs[0], false);
  }
  const solo = stats(soloTimes, performance.now() - t1, soloErrors);

  // The same calls paced: RATE calls per second spread over the connections, each call timed from the
  // moment it was due (a late start counts against it), so the figure is the latency a planner sees
  // while the office is busy rather than the queue of a saturated closed loop.
  const w1 = await writesSoFar(direct);
  /** Every paced call: ms from the run's start to when it was due, and its latency. */
  const pacedCalls: { at: number; ms: number; add: boolean }[] = [];
  let pacedErrors = 0;
  const every = (1000 * pairs.length) / RATE;
  const t2 = performance.now();
  await Promise.all(
    pairs.map(async (p, i) => {
      let due = t2 + (every * i) / pairs.length;
      for (let r = 0; r < ROUNDS * 2; r++) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
        const add = r % 2 === 0;
        try {
          await post(p, add);
        } catch {
          pacedErrors += 1;
        }
        pacedCalls.push({ at: due - t2, ms: performance.now() - due, add });
        due += every;
      }
    }),
  );
  const pacedWall = performance.now() - t2;
  const w2 = await writesSoFar(direct);
  const slowest = [...pacedCalls]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((c) => `${fmt(c.ms)} ms (${c.add ? "assign" : "unassign"} at +${fmt(c.at / 1000, 2)} s)`)
    .join(", ");
  const latencies = (add: boolean) => pacedCalls.filter((c) => c.add === add).map((c) => c.ms);
  const paced = stats(latencies(true), pacedWall, pacedErrors);
  const pacedUn = stats(latencies(false), pacedWall, 0);

  // 2. the overlap check's SQL alone, for the same operators and shifts (one of them assigned first).
  let k = 0;
  const overlap = await load(ROUNDS * concurrency, concurrency, async () => {
    const p = pairs[k++ % pairs.length];
    await overlapCheckSql(direct.db, p.operatore, p.shift);
  });
  const busy = await queryOne<{ operatore_id: number; giorno: string; inizio_f1: string; fine_f1: string }>(
    direct.db,
    sql`SELECT a.operatore_id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, t.inizio_f1::text, t.fine_f1::text
        FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
        WHERE g.giorno = current_date - 30 LIMIT 1`,
  );
  const overlapHit = busy
    ? await load(ROUNDS * concurrency, concurrency, async () => {
        if (!(await overlapCheckSql(direct.db, busy.operatore_id, { ...busy, inizio_f2: null, fine_f2: null })))
          throw new Error("sovrapposizione attesa");
      })
    : undefined;

  // 3. one month of a service's grid, on random services.
  const services = await queryRows<{ contratto_id: number; id: number }>(
    direct.db,
    sql`SELECT s.contratto_id, s.id FROM servizi s JOIN contratti c ON c.id = s.contratto_id
        WHERE c.numero_contratto LIKE 'SC-%' ORDER BY s.id LIMIT 200`,
  );
  const month = await queryOne<{ dal: string; al: string }>(
    direct.db,
    sql`SELECT to_char(date_trunc('month', current_date), 'YYYY-MM-DD') AS dal,
               to_char(date_trunc('month', current_date) + interval '1 month' - interval '1 day', 'YYYY-MM-DD') AS al`,
  );
  let g = 0;
  let gridDays = 0;
  const gridCall = async () => {
    const s = services[(g++ * 37) % services.length];
    const res = (await httpJson(
      "GET",
      `${base}/api/pianificazione/contratti/${s.contratto_id}/servizi/${s.id}/?dal=${month?.dal}&al=${month?.al}`,
      headers,
    )) as { giorni: unknown[] };
    gridDays = res.giorni.length;
  };
  await load(20, concurrency, gridCall);
  const grid = await load(GRID_REQUESTS, concurrency, gridCall);

  const line = (name: string, r: { p50: number; p99: number; rps: number; errors: number }, n: number | string) =>
    `| ${name} | ${n} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${fmt(r.rps, 0)} | ${r.errors} |`;
  const md = `
## Pianificazione benchmark

Measured ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, same machine and database:
${counts.turni} turni (${counts.clienti} clienti), ${counts.assegnazioni} assegnazioni with ${counts.periodi} time ranges
in the exclusion-constrained table; ${concurrency} connections, each assigning and unassigning its own
operator on its own shift, keep-alive, loopback. "Paced": ${RATE} calls/s over the ${concurrency} connections,
each call timed from when it was due. "Saturated": the ${concurrency} connections call back to back (${ROUNDS}
rounds each), which measures throughput — at saturation the latency is the queue, p50 ≈ connections ÷ req/s.

| workload | calls | p50 ms | p99 ms | req/s | errors |
| --- | ---: | ---: | ---: | ---: | ---: |
${line(`assign, paced ${RATE} calls/s (POST …/operatori/ add:true, every check)`, paced, paced.n)}
${line(`unassign, paced (add:false)`, pacedUn, pacedUn.n)}
${line("assign, one connection alone", solo, solo.n)}
${line(`assign, saturated (${concurrency} connections back to back)`, assign, assign.n)}
${line("unassign, saturated", unassign, unassign.n)}
${line("overlap check SQL only (overlapCheckSql), free operator", overlap, ROUNDS * concurrency)}
${overlapHit ? line("overlap check SQL only, operator already on the shift", overlapHit, ROUNDS * concurrency) : ""}
${line(`grid of one month (GET …/servizi/{id}/?dal&al, ${gridDays} days × 5 shifts)`, grid, GRID_REQUESTS)}

Target: assign p99 < 25 ms — paced at ${RATE} calls/s over ${concurrency} connections: p99 ${fmt(paced.p99)} ms,
**${paced.p99 < 25 ? "met" : "not met"}**; one connection alone: p99 ${fmt(solo.p99)} ms, **${solo.p99 < 25 ? "met" : "not met"}**;
saturated: p99 ${fmt(assign.p99)} ms at ${fmt(assign.rps, 0)} assign + ${fmt(unassign.rps, 0)} unassign calls/s (the capacity of
this machine: ${os.cpus().length} CPUs shared by PostgreSQL, the server and the load generator; load average ${os.loadavg()[0].toFixed(1)} at the end).
The slowest paced calls: ${slowest}. Disk writes (pg_stat_bgwriter; the run starts with a CHECKPOINT so that
the seed's or a previous workload's write-back is not measured): saturated and alone, ${writesDuring(w0, w1)};
paced, ${writesDuring(w1, w2)}.
The assign call makes three round trips: the shift's scope (the path check, the shift, its qualification's rule
profile and head count), the eligibility query for the operator (qualification, licences valid on the day,
unavailability, weekly availability, refused list, overlapping range via the GiST index, its ranges in ±8
days for the rest and 48-hour checks) — both prepared statements, planned once per connection — then one
statement that writes the assignment, its ranges (where the exclusion constraint has the last word) and the
audit entry. Seed: \`seedScalePianificazione\` (server/seed/scale-pianificazione.ts);
reproduce with \`npm run bench\` or \`npx tsx server/bench/pianificazione.bench.ts\`.
`;
  const SECTION = "\n## Pianificazione benchmark";
  const current = fs.existsSync(o.resultsFile) ? fs.readFileSync(o.resultsFile, "utf8") : "";
  const cut = current.indexOf(SECTION);
  fs.writeFileSync(o.resultsFile, `${(cut >= 0 ? current.slice(0, cut) : current).trimEnd()}\n${md}`);
  console.log(md);
}

/** Standalone: its own server on BENCH_DATABASE_URL (default erp_bench on the local PostgreSQL). */
async function standalone() {
  const { loadConfig } = await import("../config");
  const { openPostgres } = await import("../db/client");
  const { migrate } = await import("../db/migrate");
  const { issueToken } = await import("../lib/tokens");
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/erp_bench";
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 10);
  const direct = await openPostgres(url, concurrency);
  await migrate(direct);
  await direct.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
    VALUES ('bench', '!', 'Bench', 'Mark', '{admin}') ON CONFLICT DO NOTHING`);
  const user = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE lower(username) = 'bench'`);
  const config = { ...loadConfig({}), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  const token = await issueToken(direct.db, Number(user?.id), config, new Date());
  const server = await startBenchServer({ databaseUrl: url, concurrency });
  try {
    await runPianificazioneBench({
      base: server.base,
      headers: { authorization: `Token ${token}` },
      direct,
      resultsFile: path.join(__dirname, "RESULTS.md"),
      concurrency,
    });
  } finally {
    await server.stop();
    await direct.close();
    closeHttpConnections();
  }
}

if (require.main === module) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
