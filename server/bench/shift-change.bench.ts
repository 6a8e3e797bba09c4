/**
 * The 08:00 shift change (issue 33): 2,000 guards check in from the field app within 5 minutes,
 * on PostgreSQL with 2 server processes — `POST /api/app/timbrature/` (the check-in with its
 * anomaly detection and audit entry in one transaction) p50 / p99 (target p99 < 50 ms) — and 10 of
 * them send an SOS meanwhile: from the POST leaving the phone to the desk's header wait
 * (`GET /api/comunicazioni/allarmi/aperti/?versione=…`, answered by the NOTIFY of whichever process
 * recorded it) showing it, p99 (target < 2 s). Not part
 * of `npm run bench`; run alone: `npx tsx server/bench/shift-change.bench.ts` (writes
 * server/bench/RESULTS-shift-change.md).
 *
 * Data: 400 sites with a 08:00–16:00 shift today (5 guards each) and a 00:00–08:00 one before it,
 * a month of past check-ins (2 a day per guard) so the tables are not empty. Arrivals: open loop,
 * guard i at 300·√u s (u uniform): more and more phones as 08:00 nears, the peak rate twice the
 * mean (≈ 13/s); each phone its own keep-alive connection pool share (up to 200 sockets).
 *
 *   BENCH_PG_ADMIN_URL   admin connection (default postgres://postgres@127.0.0.1:5432/postgres);
 *                        the scratch database erp_bench_shift is created (again) there
 *   BENCH_GUARDS         guards checking in (default 2000)
 *   BENCH_SECONDS        the window they arrive in (default 300)
 *   ERP_WORKERS          server processes (default 2)
 */
process.env.TZ ??= "Europe/Rome";
process.env.ERP_WORKERS ??= "2";

import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { INFORMATIVA_VERSIONE } from "../../src/domain/informativa-posizione";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne, queryRows } from "../db/query";
import { issueAppToken } from "../lib/app-tokens";
import { issueToken } from "../lib/tokens";
import { appClient } from "./app-client";
import { startBenchServer } from "./bench-child";
import { scratchDatabase } from "./scratch-db";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const GUARDS = Number(process.env.BENCH_GUARDS ?? 2000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 300);
const PER_SITE = 5;
const SITES = Math.ceil(GUARDS / PER_SITE);
const PAST_DAYS = 30;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const fmt = (n: number) => n.toFixed(1);

async function main() {
  const url = await scratchDatabase(ADMIN_URL, "erp_bench_shift", false);
  const database = await openPostgres(url, 8);
  await migrate(database);
  const t0 = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${s}`);
  const oggi = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Rome" }).format(new Date());
  await database.exec(`
    INSERT INTO operatori (codice, nome, cognome, applicazione)
      SELECT 'SC' || lpad(g::text, 6, '0'), 'Nome' || g, 'Cognome' || g, true FROM generate_series(1, ${GUARDS * 2}) g;
    INSERT INTO clienti (ragione_sociale, citta, prov) SELECT 'Cliente ' || g, 'Milano', 'MI' FROM generate_series(1, ${SITES}) g;
    INSERT INTO contratti (titolo, cliente_id) SELECT 'Contratto ' || id, id FROM clienti;
    INSERT INTO servizi (contratto_id, dal, al, descrizione, lat, lng)
      SELECT id, date '${oggi}' - ${PAST_DAYS}, date '${oggi}', 'Servizio ' || id, 45.3 + (id % 50) * 0.01, 9.0 + (id % 40) * 0.01
        FROM contratti;
    INSERT INTO giorni (servizio_id, giorno) SELECT s.id, date '${oggi}' - d FROM servizi s, generate_series(0, ${PAST_DAYS}) d;
    INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
      SELECT g.id, x.i, x.f, (SELECT min(id) FROM posizioni)
        FROM giorni g, (VALUES (time '00:00', time '08:00'), (time '08:00', time '16:00')) x (i, f);
    -- Guards 1..GUARDS on the 08:00 shifts, GUARDS+1..2·GUARDS on the night ones, PER_SITE each.
    CREATE UNLOGGED TABLE piano AS
      SELECT t.id AS turno_id, g.giorno, t.inizio_f1, t.fine_f1,
             (CASE WHEN t.inizio_f1 = time '08:00' THEN 0 ELSE ${GUARDS} END + (s.id - 1) * ${PER_SITE} + k)::int AS operatore_id
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id,
             generate_series(1, ${PER_SITE}) k
       WHERE (s.id - 1) * ${PER_SITE} + k <= ${GUARDS};
    INSERT INTO turni_operatori (turno_id, operatore_id, confermato) SELECT turno_id, operatore_id, true FROM piano;
    INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
      SELECT o.id, p.turno_id, p.operatore_id,
             tstzrange((p.giorno + p.inizio_f1) AT TIME ZONE 'Europe/Rome',
                       (p.giorno + p.fine_f1 + CASE WHEN p.fine_f1 <= p.inizio_f1 THEN interval '1 day' ELSE interval '0' END) AT TIME ZONE 'Europe/Rome')
        FROM piano p JOIN turni_operatori o ON o.turno_id = p.turno_id AND o.operatore_id = p.operatore_id;
    INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il, lat, lng, accuratezza, sincronizzata_tardi, assegnato)
      SELECT p.operatore_id, gen_random_uuid(), p.turno_id, x.tipo, x.at, x.at, 45.3, 9.0, 10, false, true
        FROM piano p CROSS JOIN LATERAL (VALUES
          ('ingresso', (p.giorno + p.inizio_f1) AT TIME ZONE 'Europe/Rome' - interval '3 minutes'),
          ('uscita', (p.giorno + p.fine_f1) AT TIME ZONE 'Europe/Rome' + interval '2 minutes')) x (tipo, at)
       WHERE p.giorno < date '${oggi}';`);
  await database.exec("VACUUM ANALYZE");
  const counts = await queryOne<{ turni: number; timbrature: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM turni) AS turni, (SELECT count(*)::int FROM app_timbrature) AS timbrature`,
  );
  log(`${counts?.turni} turni, ${counts?.timbrature} timbrature passate`);

  const targets = await queryRows<{ operatore_id: number; turno_id: number }>(
    database.db,
    sql`SELECT operatore_id, turno_id FROM piano
         WHERE giorno = ${oggi}::date AND inizio_f1 = time '08:00' ORDER BY operatore_id`,
  );
  // The guards have read the notice on positions (without it the server keeps no position).
  await database.exec(`INSERT INTO app_informativa_conferme (operatore_id, versione, confermata_il)
    SELECT DISTINCT operatore_id, ${INFORMATIVA_VERSIONE}, now() FROM piano`);
  await database.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
    VALUES ('bench-centrale', '!', 'Centrale', 'Operativa', '{erp_allarmi}')`);
  const centrale = await queryOne<{ id: number }>(
    database.db,
    sql`SELECT id FROM users WHERE username = 'bench-centrale'`,
  );
  const config = loadConfig({});
  const now = new Date();
  const deskToken = await issueToken(database.db, Number(centrale?.id), config, now);
  const tokens: string[] = [];
  for (const t of targets) tokens.push(await issueAppToken(database.db, t.operatore_id, config, now, null));
  log(`${targets.length} guardie con il token dell'app`);

  const server = await startBenchServer({ databaseUrl: url, concurrency: 200 });
  const phones = appClient(server.base, 200);
  const checkIn = (i: number) =>
    phones.post("/api/app/timbrature/", tokens[i], {
      data: {
        id: crypto.randomUUID(),
        turno_id: targets[i].turno_id,
        tipo: "ingresso",
        data_ora: new Date().toISOString(),
        lat: 45.3,
        lng: 9.0,
        accuratezza: 12,
      },
    });
  // Warm-up: 40 phones open the app (GET of their shifts), so each server connection has planned
  // its statements once before 07:55.
  await Promise.all(tokens.slice(0, 40).map((t) => phones.get("/api/app/turni/", t)));

  // The desk's header: the long wait on the open alarms, asked again as soon as it answers.
  const seen = new Map<number, number>();
  const abort = new AbortController();
  const desk = (async () => {
    let versione = "";
    while (!abort.signal.aborted) {
      const res = await fetch(
        `${server.base}/api/comunicazioni/allarmi/aperti/?versione=${encodeURIComponent(versione)}`,
        {
          headers: { authorization: `Token ${deskToken}` },
          signal: abort.signal,
        },
      ).catch(() => null);
      if (!res) break;
      const body = (await res.json()) as { versione: string; results: { operatore: { id: number } }[] };
      const t = performance.now();
      for (const a of body.results) if (!seen.has(a.operatore.id)) seen.set(a.operatore.id, t);
      versione = body.versione;
    }
  })();
  const SOS = 10;
  const sosSent = new Map<number, number>();
  const sosStatuses: number[] = [];

  const arrivals = targets.map(() => SECONDS * 1000 * Math.sqrt(Math.random())).sort((a, b) => a - b);
  const lat: number[] = [];
  const lastMinute: number[] = [];
  const statuses = new Map<number, number>();
  const cpu0 = server.cpuMs();
  const start = performance.now();
  // Meanwhile, 10 SOS at random moments of the window, from 10 guards spread over the sites.
  const sosDone = Promise.all(
    Array.from({ length: SOS }, async (_, k) => {
      const i = Math.floor(((k + 0.5) * targets.length) / SOS);
      await new Promise((r) => setTimeout(r, Math.random() * SECONDS * 1000 * 0.9));
      sosSent.set(targets[i].operatore_id, performance.now());
      sosStatuses.push(
        await phones.post("/api/app/allarmi/", tokens[i], {
          data: {
            id: crypto.randomUUID(),
            data_ora: new Date().toISOString(),
            lat: 45.3,
            lng: 9.0,
            accuratezza: 15,
            silenzioso: false,
            turno_id: targets[i].turno_id,
          },
        }),
      );
    }),
  );
  await Promise.all(
    arrivals.map(async (due, i) => {
      await new Promise((r) => setTimeout(r, Math.max(0, start + due - performance.now())));
      const s = performance.now();
      const status = await checkIn(i);
      const ms = performance.now() - s;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      lat.push(ms);
      if (due >= (SECONDS - 60) * 1000) lastMinute.push(ms);
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  await sosDone;
  const deadline = Date.now() + 10_000;
  while ([...sosSent.keys()].some((o) => !seen.has(o)) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  abort.abort();
  await desk;
  const sosMs = [...sosSent].map(([o, t]) => (seen.get(o) ?? Number.POSITIVE_INFINITY) - t).sort((a, b) => a - b);
  const cpu = (server.cpuMs() - cpu0) / 1000;
  lat.sort((a, b) => a - b);
  lastMinute.sort((a, b) => a - b);
  const recorded = await queryOne<{ n: number; anomalie: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM app_timbrature WHERE ricevuta_il >= ${now}) AS n,
               (SELECT count(*)::int FROM anomalie) AS anomalie`,
  );
  const errors = [...statuses].filter(([s]) => s !== 201).reduce((n, [, c]) => n + c, 0);
  const md = [
    "## Shift change benchmark (08:00: the guards check in from the field app)",
    "",
    `Generated by \`npx tsx server/bench/shift-change.bench.ts\` on ${new Date().toISOString().slice(0, 16)}Z — ` +
      `${os.cpus().length} CPU, PostgreSQL, ${server.workers} server processes.`,
    "",
    "| what | value |",
    "| --- | --- |",
    `| data | ${SITES} sites, ${counts?.turni} shifts (a night and a day shift a site a day, ${PAST_DAYS + 1} days), ${counts?.timbrature} past check-ins |`,
    `| check-ins (open loop) | ${GUARDS} guards within ${SECONDS} s, arrivals at ${SECONDS}·√u s (mean ${fmt(GUARDS / SECONDS)}/s, peak ≈ ${fmt((2 * GUARDS) / SECONDS)}/s at 08:00); done in ${fmt(elapsed)} s |`,
    `| recorded by the server | ${recorded?.n} check-ins; ${errors} errors (${[...statuses].map(([s, c]) => `${c}× ${s}`).join(", ")}) |`,
    `| check-in latency p50 / p99 / max | ${fmt(pct(lat, 50))} / ${fmt(pct(lat, 99))} / ${fmt(lat[lat.length - 1])} ms |`,
    `| the last minute before 08:00 (the peak): p50 / p99 | ${fmt(pct(lastMinute, 50))} / ${fmt(pct(lastMinute, 99))} ms (${lastMinute.length} check-ins) |`,
    `| SOS during the load | ${SOS} (${sosStatuses.filter((x) => x === 201).length}× 201); seen by the desk's header: ${sosMs.filter(Number.isFinite).length} |`,
    `| SOS tap-to-header p50 / p99 / max | ${fmt(pct(sosMs, 50))} / ${fmt(pct(sosMs, 99))} / ${fmt(sosMs[sosMs.length - 1] ?? 0)} ms |`,
    `| server CPU during the load | ${fmt(cpu)} s for ${fmt(elapsed)} s |`,
    `| machine load average (1 min) at the end | ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPU |`,
    "",
    "Targets (issue 33): check-in p99 < 50 ms; SOS tap-to-header p99 < 2 s. Each check-in is one",
    "transaction with the shift's anomaly detection and its audit entry (the audit chain's head is",
    "locked until COMMIT: check-ins of the whole company queue on it). The SOS is timed from its POST",
    "leaving the phone to the answer of the desk's header wait that lists it (PostgreSQL NOTIFY",
    "'erp_allarmi' from whichever process recorded it).",
  ].join("\n");
  fs.writeFileSync(path.join(__dirname, "RESULTS-shift-change.md"), `${md}\n`);
  console.log(md);
  phones.destroy();
  await server.stop();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
