/**
 * Console benchmarks (issue 12): not part of `npm run bench`; run alone:
 * `npx tsx server/bench/console.bench.ts`. Prints, and appends nothing: the figures go in RESULTS.md by hand.
 *
 * 1. The anomalie page over a month of a scale dataset (≥ 100,000 shifts: 400 services × 30 days ×
 *    9 shifts, one guard each, 90% checked in by the app with a spread of delays and distances,
 *    anomalies detected by the real detection, day by day): the list engine's first page of the
 *    month (default order: new first, newest; with its count) against the best hand-written SQL for
 *    the same answer, same process, same pool, interleaved rounds — the p50 ratio (target ≤ 1.5).
 * 2. Check-in latency: `POST /api/app/timbrature/` (with its detection in the transaction) at 50
 *    check-ins/s, open loop, over 10 keep-alive connections, against the server in its own process
 *    (bench-server.ts, ERP_WORKERS as npm start) — p50/p99 (target p99 < 25 ms).
 *
 *   BENCH_PG_ADMIN_URL   admin connection (default postgres://postgres@127.0.0.1:5432/postgres);
 *                        the scratch database erp_bench_console is created (again) there
 *   BENCH_CHECKINS       check-ins sent (default 1000: 20 s at 50/s)
 *   BENCH_DB             the scratch database's name (default erp_bench_console)
 *   BENCH_REUSE=1        keep the dataset of the previous run (building it takes minutes: the
 *                        detection writes an audit entry per anomaly, ~170,000 here)
 */
process.env.TZ ??= "Europe/Rome";

import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne, queryRows } from "../db/query";
import { issueAppToken } from "../lib/app-tokens";
import { parseListQuery } from "../lib/list";
import { runParsedList } from "../lib/list/run-list";
import { anomalieList } from "../modules/console/anomalie/anomalie.list";
import { rilevaAnomalie } from "../modules/console/anomalie/rilevazione";
import { appClient } from "./app-client";
import { startBenchServer } from "./bench-child";
import { scratchDatabase } from "./scratch-db";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CHECKINS = Number(process.env.BENCH_CHECKINS ?? 1000);
const DB = process.env.BENCH_DB ?? "erp_bench_console";
const SERVICES = 400;
const DAYS = 30;
const PER_DAY = 9;
const OPERATORS = 25_000;
const MONTH = "2026-10";

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const fmt = (n: number) => n.toFixed(2);

const REUSE = process.env.BENCH_REUSE === "1";
/** "pagina" or "timbrature": only that measure. */
const ONLY = process.env.BENCH_ONLY ?? "";

const scratch = () => scratchDatabase(ADMIN_URL, DB, REUSE);

async function main() {
  const url = await scratch();
  const database = await openPostgres(url, 12);
  await migrate(database);
  const t0 = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${s}`);
  if (!REUSE) await seed(database, log);
  await database.exec("VACUUM ANALYZE");
  const counts = await queryOne<{ turni: number; anomalie: number }>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM turni) AS turni, (SELECT count(*)::int FROM anomalie) AS anomalie`,
  );
  log(`${counts?.turni} turni, ${counts?.anomalie} anomalie`);
  await measure(database, url);
}

async function seed(database: Awaited<ReturnType<typeof openPostgres>>, log: (s: string) => void) {
  await database.exec(`
    INSERT INTO operatori (codice, nome, cognome, applicazione)
      SELECT 'BC' || lpad(g::text, 7, '0'), 'Nome' || g, 'Cognome' || g, true FROM generate_series(1, ${OPERATORS}) g;
    INSERT INTO clienti (ragione_sociale, citta, prov) SELECT 'Cliente ' || g, 'Milano', 'MI' FROM generate_series(1, ${SERVICES}) g;
    INSERT INTO contratti (titolo, cliente_id, anomalie_minuti) SELECT 'Contratto ' || id, id, 10 + id % 11 FROM clienti;
    INSERT INTO servizi (contratto_id, dal, al, descrizione, lat, lng)
      SELECT id, date '${MONTH}-01', date '${MONTH}-01' + ${DAYS - 1}, 'Servizio ' || id, 45.3 + (id % 50) * 0.01, 9.0 + (id % 40) * 0.01
        FROM contratti;
    INSERT INTO giorni (servizio_id, giorno) SELECT s.id, date '${MONTH}-01' + d FROM servizi s, generate_series(0, ${DAYS - 1}) d;
    INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
      SELECT g.id, time '05:00' + k * interval '1 hour 30 minutes', time '07:00' + k * interval '1 hour 30 minutes',
             (SELECT min(id) FROM posizioni)
        FROM giorni g, generate_series(0, ${PER_DAY - 1}) k;`);
  log("piano: servizi, giorni, turni");
  // One guard per shift: within a day every shift has its own guard (no overlapping periods).
  await database.exec(`
    CREATE UNLOGGED TABLE piano AS
      SELECT t.id AS turno_id, g.giorno, t.inizio_f1, t.fine_f1,
             1 + ((row_number() OVER (PARTITION BY g.giorno ORDER BY t.id) - 1 + (g.giorno - date '${MONTH}-01') * 3600) % ${OPERATORS})::int AS operatore_id
        FROM turni t JOIN giorni g ON g.id = t.giorno_id;
    INSERT INTO turni_operatori (turno_id, operatore_id, confermato) SELECT turno_id, operatore_id, true FROM piano;
    INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
      SELECT o.id, p.turno_id, p.operatore_id,
             tstzrange((p.giorno + p.inizio_f1) AT TIME ZONE 'Europe/Rome', (p.giorno + p.fine_f1) AT TIME ZONE 'Europe/Rome')
        FROM piano p JOIN turni_operatori o ON o.turno_id = p.turno_id AND o.operatore_id = p.operatore_id;`);
  log("assegnazioni");
  await database.exec(`
    INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il, lat, lng, accuratezza, sincronizzata_tardi, assegnato)
      SELECT p.operatore_id, gen_random_uuid(), p.turno_id, x.tipo, x.at, x.at,
             s.lat + CASE WHEN p.turno_id % 37 = 0 THEN 0.012 ELSE 0.0002 END, s.lng, 10, false, true
        FROM piano p
        JOIN turni t ON t.id = p.turno_id JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        CROSS JOIN LATERAL (VALUES
          ('ingresso', (p.giorno + p.inizio_f1) AT TIME ZONE 'Europe/Rome' + ((p.turno_id * 7) % 40 - 10) * interval '1 minute'),
          ('uscita', (p.giorno + p.fine_f1) AT TIME ZONE 'Europe/Rome' + ((p.turno_id * 11) % 50 - 40) * interval '1 minute')) x (tipo, at)
       WHERE p.turno_id % 10 <> 0 AND (x.tipo = 'ingresso' OR p.turno_id % 13 <> 0);`);
  log("timbrature");
  let anomalie = 0;
  const detection: number[] = [];
  for (let d = 1; d <= DAYS + 1; d++) {
    const now = new Date(`${MONTH}-01T23:30:00+02:00`);
    now.setDate(now.getDate() + d - 1);
    const s = performance.now();
    anomalie += (await rilevaAnomalie(database.db, now, "finestra")).length;
    detection.push(performance.now() - s);
  }
  await database.exec(`UPDATE anomalie SET letta_il = data_ora + interval '1 hour', stato = CASE WHEN id % 3 = 0 THEN 'chiusa' ELSE stato END
                        WHERE id % 10 <> 0`);
  detection.sort((a, b) => a - b);
  log(`${anomalie} anomalie rilevate; un giorno del mese (3,600 assegnazioni) p50 ${fmt(pct(detection, 50))} ms`);
}

async function measure(database: Awaited<ReturnType<typeof openPostgres>>, url: string) {
  if (ONLY !== "timbrature") await pagina(database);
  if (ONLY !== "pagina") await timbrature(database, url);
  await database.close();
}

async function pagina(database: Awaited<ReturnType<typeof openPostgres>>) {
  // 1. The anomalie page of the month: the engine vs the best SQL.
  const query = { periodo_dal: `${MONTH}-01`, periodo_al: `${MONTH}-${DAYS}`, page: "1", page_size: "25" };
  const user = { id: 1, permissions: ["superadmin"] } as never;
  const engine = async () => {
    const q = parseListQuery(anomalieList, query, { user, params: {} });
    const r = await runParsedList(database.db, anomalieList, q, { user, params: {}, query, filters: q.filters });
    return r.count;
  };
  const dal = new Date(`${MONTH}-01T00:00:00+02:00`);
  const al = new Date(`${MONTH}-${DAYS}T00:00:00+01:00`);
  al.setDate(al.getDate() + 1);
  const best = async () => {
    const [rows, count] = await Promise.all([
      queryRows(
        database.db,
        sql`SELECT a.id, (a.letta_il IS NULL AND a.stato = 'aperta') AS nuova, a.data_ora, a.tipo, a.valore,
                   trim(o.nome || ' ' || o.cognome) AS operatore, a.operatore_id, cl.ragione_sociale AS cliente,
                   coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio, g.giorno, a.stato,
                   coalesce(trim(u.nome || ' ' || u.cognome), '') AS gestita_da, a.note
              FROM (SELECT * FROM anomalie a WHERE a.data_ora >= ${dal} AND a.data_ora < ${al}
                     ORDER BY (a.letta_il IS NULL AND a.stato = 'aperta') DESC, a.data_ora DESC, a.id DESC LIMIT 25) a
              JOIN operatori o ON o.id = a.operatore_id JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
              JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
              LEFT JOIN users u ON u.id = a.gestita_da
             ORDER BY nuova DESC, a.data_ora DESC, a.id DESC`,
      ),
      queryOne<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM anomalie WHERE data_ora >= ${dal} AND data_ora < ${al}`,
      ),
    ]);
    return rows.length + (count?.n ?? 0);
  };
  const times: Record<"engine" | "best", number[]> = { engine: [], best: [] };
  for (let i = 0; i < 50; i++) {
    await engine();
    await best();
  }
  for (let round = 0; round < 5; round++)
    for (const [name, fn] of [
      ["engine", engine],
      ["best", best],
    ] as const)
      for (let i = 0; i < 100; i++) {
        const s = performance.now();
        await fn();
        times[name].push(performance.now() - s);
      }
  for (const k of ["engine", "best"] as const) times[k].sort((a, b) => a - b);
  const ratio = pct(times.engine, 50) / pct(times.best, 50);
  console.log(
    `Pagina anomalie (mese, ${await engine()} righe): motore p50 ${fmt(pct(times.engine, 50))} ms p99 ${fmt(pct(times.engine, 99))} ms; ` +
      `SQL migliore p50 ${fmt(pct(times.best, 50))} ms p99 ${fmt(pct(times.best, 99))} ms; rapporto p50 ${fmt(ratio)} (obiettivo ≤ 1.5)`,
  );
}

async function timbrature(database: Awaited<ReturnType<typeof openPostgres>>, url: string) {
  // 2. Check-ins at 50/s over 10 connections, against the server in its own process.
  const config = loadConfig({});
  const nowRun = new Date();
  const targets = await queryRows<{ operatore_id: number; turno_id: number }>(
    database.db,
    sql`SELECT DISTINCT ON (operatore_id) operatore_id, turno_id FROM piano ORDER BY operatore_id, turno_id LIMIT ${Math.ceil((CHECKINS + 200) / 5)}`,
  );
  const tokens = new Map<number, string>();
  for (const t of targets)
    tokens.set(t.operatore_id, await issueAppToken(database.db, t.operatore_id, config, nowRun, null));
  const server = await startBenchServer({ databaseUrl: url, concurrency: 10 });
  const phones = appClient(server.base, 10);
  const post = (token: string, body: unknown) => phones.post("/api/app/timbrature/", token, body);
  const body = (i: number) => {
    const t = targets[i % targets.length];
    return [
      tokens.get(t.operatore_id) as string,
      {
        data: {
          id: crypto.randomUUID(),
          turno_id: t.turno_id,
          tipo: i % 2 === 0 ? "ingresso" : "uscita",
          data_ora: new Date().toISOString(),
          lat: 45.3,
          lng: 9.0,
          accuratezza: 10,
        },
      },
    ] as const;
  };
  // Warm-up on every connection of both sides (each server connection plans its prepared statements once).
  await Promise.all(
    Array.from({ length: 20 }, async (_, lane) => {
      for (let i = 0; i < 10; i++) await post(...body(lane * 10 + i));
    }),
  );
  const lat: number[] = [];
  let errors = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CHECKINS }, async (_, i) => {
      const due = start + i * 20; // 50 per second, open loop
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      const s = performance.now();
      const status = await post(...body(i + 200));
      if (status !== 201) errors += 1;
      lat.push(performance.now() - s);
    }),
  );
  lat.sort((a, b) => a - b);
  console.log(
    `Timbrature a 50/s su 10 connessioni (${server.workers} processi server): ${CHECKINS} inviate, ${errors} errori; ` +
      `p50 ${fmt(pct(lat, 50))} ms, p99 ${fmt(pct(lat, 99))} ms (obiettivo p99 < 25 ms)`,
  );
  phones.destroy();
  await server.stop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
