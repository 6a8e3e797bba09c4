/**
 * The Report benchmark (issue 13): each report of /api/report/ over a year of a scale dataset
 * (≥ 1,000,000 shifts), through the real server in its own processes (bench-server.ts, ERP_WORKERS
 * as npm start), against the best hand-written SQL for the same answer (checked equal first) —
 * target API p50 ≤ 1.5× the SQL's and under 1 s — and the dashboard's one request (< 300 ms).
 * Not part of `npm run bench`; run alone, under the bench lock, not niced:
 *
 *   flock /work/wt/bench.lock npx tsx server/bench/report.bench.ts
 *
 *   BENCH_PG_ADMIN_URL   admin connection (default postgres://postgres@127.0.0.1:5432/postgres);
 *                        the scratch database erp_bench_report (or BENCH_DB) is created (again) there
 *   BENCH_TURNI          shifts of the year (default 1,001,000: 550 contracts × 364 days × 5)
 *   BENCH_REUSE=1        keep the dataset of the previous run (building it takes minutes)
 *   BENCH_CALLS          measured calls per side and workload (default 20, in interleaved rounds)
 *   BENCH_ONLY           only the workloads whose name contains this text
 *   BENCH_EXPLAIN=1      print EXPLAIN ANALYZE of the engine's and the best SQL's statements
 *   BENCH_RESULTS=0      print only; do not rewrite server/bench/RESULTS-report.md
 *
 * The dataset, generated inside PostgreSQL: the scale operators and clients (seed/scale.ts), then
 * the planning generator (seed/scale-pianificazione.ts) with every shift of its 52 weeks given an
 * operator (half of the year behind today, half ahead); prices and pay with surcharges for the
 * three qualifications (a few contracts without, a few losing money), a service cost a month, the
 * check-ins of one past assignment in ten (report_ore_turni then holds worked hours for them:
 * migration 0650's triggers, as the app's writes do), expiring documents and courses, pratiche,
 * tickets, anomalies and CMS events. report_ore_turni is filled by the product's own triggers.
 *
 * Measure: one connection (a manager opening a report), interleaved rounds API / SQL so the
 * machine's drift weighs on both alike; a few warm-up calls each first.
 */
process.env.TZ ??= "Europe/Rome";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { loadConfig } from "../config";
import { type Database, openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne } from "../db/query";
import { type List, parseListQuery } from "../lib/list";
import { countQuery, groupCountQuery, groupQuery, pageQuery } from "../lib/list/build-sql";
import { runParsedList } from "../lib/list/run-list";
import { issueToken } from "../lib/tokens";
import { marginalitaList } from "../modules/report/analisi-ricavi/analisi-ricavi.list";
import { rinfrescaImporti, rinfrescaMargini, rinfrescaOreMesi } from "../modules/report/analisi-ricavi/margini.job";
import { compensiList } from "../modules/report/compensi/compensi.list";
import { praticheList } from "../modules/report/pratiche/pratiche.list";
import { ricaviAttivitaList } from "../modules/report/ricavi-attivita/ricavi-attivita.list";
import { risorseAssegnateList } from "../modules/report/risorse-assegnate/risorse-assegnate.list";
import { scadenzeCorsiList, scadenzeDocumentiList } from "../modules/report/scadenze/scadenze.list";
import { seedScale } from "../seed/scale";
import { SCALE_BLOCK, SCALE_SHIFTS_PER_DAY, seedScalePianificazione } from "../seed/scale-pianificazione";
import { startBenchServer } from "./bench-child";
import { closeHttpConnections, httpJson, type LoadResult, load, mergeLoads } from "./load";
import { BEST_REPORT_SQL, type BestAnswer } from "./report-best-sql";
import { scratchDatabase } from "./scratch-db";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DB = process.env.BENCH_DB ?? "erp_bench_report";
const TURNI = Number(process.env.BENCH_TURNI ?? 1_001_000);
const WEEKS = 52;
const CONTRACTS = Math.ceil(TURNI / (WEEKS * 7 * SCALE_SHIFTS_PER_DAY));
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const ROUNDS = 4;
const REUSE = process.env.BENCH_REUSE === "1";
const ONLY = process.env.BENCH_ONLY ?? "";
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const WRITE_RESULTS = process.env.BENCH_RESULTS !== "0" && !ONLY;

const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));

const scratch = () => scratchDatabase(ADMIN_URL, DB, REUSE);

/** What the planning generator does not make: money, costs, check-ins, expiries, pratiche, the Console's and the CMS's rows. */
async function seed(database: Database, log: (s: string) => void) {
  const operators = Math.ceil((CONTRACTS * SCALE_BLOCK) / 0.85) + 500;
  await seedScale(database, { operators, clients: 300, logEntries: 0, log: () => {} });
  // Some clients in cities with a patron saint (migration 0603): their day is a holiday.
  await database.exec(
    `UPDATE clienti SET citta = (ARRAY['Milano','Bologna','Roma','Torino','Napoli'])[1 + id % 5] WHERE id % 3 = 0`,
  );
  log(`${operators} operatori, 300 clienti`);
  await seedScalePianificazione(database, {
    contracts: CONTRACTS,
    weeks: WEEKS,
    maxClients: 300,
    assignedPercent: 100,
    assignedDaysAhead: WEEKS * 7,
    log: (l) => log(l),
  });
  await database.exec(`
    WITH q AS (SELECT id FROM posizioni WHERE descrizione IN ('Guardia particolare giurata',
                 'Addetto ai servizi fiduciari', 'Portiere / Addetto alla reception'))
    INSERT INTO contratti_prezzi (contratto_id, posizione_id, prezzo_orario, maggiorazione_notturna, maggiorazione_festiva, maggiorazione_domenicale)
      SELECT c.id, q.id, 18 + c.id % 9, 15, 30, 20 FROM contratti c, q WHERE c.id % 41 <> 0;
    WITH q AS (SELECT id FROM posizioni WHERE descrizione IN ('Guardia particolare giurata',
                 'Addetto ai servizi fiduciari', 'Portiere / Addetto alla reception'))
    INSERT INTO contratti_compensi (contratto_id, posizione_id, compenso_orario, maggiorazione_notturna, maggiorazione_festiva, maggiorazione_domenicale)
      SELECT c.id, q.id, CASE WHEN c.id % 17 = 0 THEN 26 ELSE 9 + c.id % 5 END, 10, 20, 15 FROM contratti c, q WHERE c.id % 43 <> 0;
    INSERT INTO servizi_costi (servizio_id, tipo, importo, data)
      SELECT s.id, 'Noleggio radio', 80 + s.id % 300, m::date FROM servizi s, generate_series(s.dal, s.al, interval '1 month') m;`);
  log("prezzi, compensi, costi del servizio");
  // One past assignment in ten checked in by the app: in a few minutes late, out on time or a little early.
  await database.exec(`
    INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il, lat, lng, accuratezza, sincronizzata_tardi, assegnato)
      SELECT a.operatore_id, gen_random_uuid(), a.turno_id, x.tipo, x.at, x.at, 45.4, 9.1, 10, false, true
        FROM turni_operatori a JOIN turni_operatori_periodi p ON p.turno_operatore_id = a.id
       CROSS JOIN LATERAL (VALUES ('ingresso', lower(p.periodo) + (a.id % 9) * interval '1 minute'),
                                  ('uscita', upper(p.periodo) - (a.id % 5) * interval '1 minute')) x (tipo, at)
       WHERE a.id % 10 = 3 AND upper(p.periodo) < now()
         AND NOT EXISTS (SELECT 1 FROM turni t WHERE t.id = a.turno_id AND t.inizio_f2 IS NOT NULL)`);
  log("timbrature");
  await database.exec(`
    INSERT INTO operatori_documenti (operatore_id, tipo, numero, data_rilascio, data_scadenza)
      SELECT o.id, 'porto_armi', 'PA-' || o.id, current_date - 1500, current_date - 90 + (o.id * 37) % 500 FROM operatori o;
    INSERT INTO operatori_documenti (operatore_id, tipo, numero, data_rilascio, data_scadenza)
      SELECT o.id, 'carta_identita', 'CI-' || o.id, current_date - 3000, current_date - 200 + (o.id * 53) % 3000 FROM operatori o;
    INSERT INTO operatori_corsi (operatore_id, tipo, data_conseguimento, data_scadenza)
      SELECT o.id, t.tipo, current_date - 700, current_date - 120 + (o.id * k) % 900
        FROM operatori o, (VALUES ('blsd', 13), ('antincendio', 29), ('primo_soccorso', 71)) t (tipo, k);
    INSERT INTO operatori_pratiche (operatore_id, tipo, stato, data_apertura, data_chiusura)
      SELECT o.id, (ARRAY['assunzione','rinnovo_decreto','malattia','altro'])[1 + o.id % 4],
             CASE WHEN o.id % 3 = 0 THEN 'chiusa' ELSE 'aperta' END, current_date - o.id % 400,
             CASE WHEN o.id % 3 = 0 THEN current_date - o.id % 400 + 20 END
        FROM operatori o WHERE o.id % 2 = 0;
    INSERT INTO ticket_supporto (operatore_id, data_ora, tipo, oggetto, stato)
      SELECT 1 + g % ${operators}, now() - g * interval '37 minutes', (ARRAY['problema','richiesta','segnalazione'])[1 + g % 3],
             'Ticket ' || g, (ARRAY['aperto','in_lavorazione','chiuso','chiuso'])[1 + g % 4]
        FROM generate_series(1, 20000) g;
    INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, valore, stato)
      SELECT a.turno_id, a.operatore_id, 'ritardo', p.inizio + interval '20 minutes', p.inizio + interval '21 minutes', 20,
             (ARRAY['aperta','in_gestione','chiusa','chiusa','chiusa'])[1 + a.id % 5]
        FROM turni_operatori a
       CROSS JOIN LATERAL (SELECT min(lower(periodo)) AS inizio, max(upper(periodo)) AS fine
                             FROM turni_operatori_periodi WHERE turno_operatore_id = a.id) p
       WHERE a.id % 97 = 5 AND p.fine < now();
    INSERT INTO cms_eventi (titolo, citta, data_inizio, data_fine)
      SELECT 'Evento ' || g, 'Bologna', now() + (g - 100) * interval '1 day' - interval '2 hours', now() + (g - 100) * interval '1 day' + interval '3 hours'
        FROM generate_series(1, 200) g;`);
  log("documenti, corsi, pratiche, ticket, anomalie, eventi");
}

interface Workload {
  name: string;
  report: string;
  list: List;
  query: Record<string, string>;
}

async function main() {
  const url = await scratch();
  const database = await openPostgres(url, 4);
  await migrate(database);
  const t0 = Date.now();
  const log = (s: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(0)} s] ${s}`);
  const have = await queryOne<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM turni`);
  const fresh = !REUSE || Number(have?.n) === 0;
  if (fresh) await seed(database, log);
  // Marginalità's summary from what the generator's writes queued (migration 0657): recomputed
  // once here, as the 'report-margini' job would, so no measured request pays for the build.
  log(`riepilogo Marginalità: ${await rinfrescaMargini(database.db)} mesi di contratto ricalcolati`);
  // The assignments' money (migration 0660) likewise: re-priced once here, as the job would.
  log(`importi: ${await rinfrescaImporti(database.db)} assegnazioni riprezzate`);
  // The sums per operator and month (migration 0894) likewise.
  log(`riepilogo per operatore: ${await rinfrescaOreMesi(database.db)} mesi di operatore ricalcolati`);
  // After those (re-pricing the year rewrites every row): the tables as autovacuum keeps them.
  if (fresh) await database.exec("VACUUM ANALYZE");
  const counts = await queryOne<Record<string, number>>(
    database.db,
    sql`SELECT (SELECT count(*)::int FROM turni) AS turni, (SELECT count(*)::int FROM turni_operatori) AS assegnazioni,
               (SELECT count(*)::int FROM report_ore_turni WHERE fonte = 'effettive') AS effettive,
               (SELECT min(dal)::text FROM servizi) AS dal, (SELECT max(al)::text FROM servizi) AS al`,
  );
  const dal = String(counts?.dal);
  const al = String(counts?.al);
  log(
    `${counts?.turni} turni, ${counts?.assegnazioni} assegnazioni (${counts?.effettive} con ore effettive), anno ${dal} – ${al}`,
  );

  await database.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
    VALUES ('bench-report', '!', 'Bench', 'Report', '{superadmin}') ON CONFLICT DO NOTHING`);
  const user = await queryOne<{ id: number }>(database.db, sql`SELECT id FROM users WHERE username = 'bench-report'`);
  const config = { ...loadConfig({}), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  const token = await issueToken(database.db, Number(user?.id), config, new Date());
  const authUser = { id: Number(user?.id), permissions: ["superadmin"] } as never;
  const headers = { authorization: `Token ${token}` };

  const anno = { dal, al };
  const oggi = new Date().toLocaleDateString("sv-SE");
  const entro = new Date(Date.now() + 365 * 86_400_000).toLocaleDateString("sv-SE");
  const all: Workload[] = [
    { name: "risorse-assegnate: prima pagina", report: "risorse-assegnate", list: risorseAssegnateList, query: anno },
    {
      name: "risorse-assegnate: ore per operatore",
      report: "risorse-assegnate",
      list: risorseAssegnateList,
      query: { ...anno, group_by: "operatore" },
    },
    { name: "compensi: prima pagina", report: "compensi", list: compensiList, query: anno },
    {
      name: "compensi: per operatore",
      report: "compensi",
      list: compensiList,
      query: { ...anno, group_by: "operatore" },
    },
    { name: "ricavi-attivita: prima pagina", report: "ricavi-attivita", list: ricaviAttivitaList, query: anno },
    {
      name: "ricavi-attivita: per cliente",
      report: "ricavi-attivita",
      list: ricaviAttivitaList,
      query: { ...anno, group_by: "cliente" },
    },
    { name: "Marginalità: prima pagina", report: "analisi-ricavi", list: marginalitaList, query: anno },
    {
      name: "Marginalità: andamento per mese",
      report: "analisi-ricavi",
      list: marginalitaList,
      query: { ...anno, group_by: "mese", page_size: "1000", order_field: "mese", order_asc: "true" },
    },
    {
      name: "scadenze-corsi: entro un anno",
      report: "scadenze-corsi",
      list: scadenzeCorsiList,
      query: { entro, order_field: "data_scadenza", order_asc: "true" },
    },
    {
      name: "scadenze-documenti: entro un anno",
      report: "scadenze-documenti",
      list: scadenzeDocumentiList,
      query: { entro, order_field: "data_scadenza", order_asc: "true" },
    },
    { name: "pratiche: prima pagina", report: "pratiche", list: praticheList, query: {} },
  ];
  const workloads = all.filter((w) => !ONLY || w.name.includes(ONLY));

  const server = await startBenchServer({ databaseUrl: url, concurrency: 1 });
  log(`server in its own process (${server.workers} processi) at ${server.base}`);
  const pool = (database.db as unknown as { $client: import("pg").Pool }).$client;
  const dialect = new PgDialect();
  const rows: { w: Workload; api: LoadResult; best: LoadResult; righe: number }[] = [];
  try {
    for (const w of workloads) {
      const q = parseListQuery(w.list, w.query, { user: authUser, params: {} });
      const ctx = { user: authUser, params: {}, query: w.query, filters: q.filters };
      const apiUrl = `${server.base}/api/report/${w.report}/?${new URLSearchParams(w.query)}`;
      const callApi = async () => (await httpJson("GET", apiUrl, headers)) as { results: unknown[]; count: number };
      const best = BEST_REPORT_SQL[w.name];
      if (!best && !EXPLAIN) throw new Error(`${w.name}: no hand-written SQL in server/bench/report-best-sql.ts`);
      const statements = best ? best({ ...w.query, oggi }) : [];
      // One after the other, as the engine sends them (and as run.ts measures its best SQL).
      const callBest = async (): Promise<BestAnswer> => {
        const answers = [];
        for (const st of statements) answers.push(await pool.query(st.sql, st.params));
        const rows = answers[0].rows;
        return { results: rows, count: Number(answers[1]?.rows[0]?.n ?? rows.length) };
      };
      if (EXPLAIN) {
        const engine = q.groupBy
          ? [groupQuery(w.list, q, ctx, q.pageSize, 0), groupCountQuery(w.list, q, ctx)]
          : [pageQuery(w.list, q, ctx, q.pageSize, 0), countQuery(w.list, q, ctx)];
        for (const [label, st] of [
          ...engine.map((s) => ["motore", dialect.sqlToQuery(s)] as const),
          ...statements.map((s) => ["migliore", s] as const),
        ]) {
          const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS OFF) ${"sql" in st ? st.sql : ""}`, st.params);
          console.log(
            `--- ${w.name} (${label})\n${"sql" in st ? st.sql : ""}\n${plan.rows.map((r) => r["QUERY PLAN"]).join("\n")}`,
          );
        }
      }
      if (!best) continue;
      sameAnswer(w.name, await callApi(), await callBest());
      const probe = await runParsedList(database.db, w.list, q, ctx);
      const api: LoadResult[] = [];
      const sqlSide: LoadResult[] = [];
      await load(2, 1, async () => void (await callApi()));
      await load(2, 1, async () => void (await callBest()));
      const perRound = Math.max(1, Math.ceil(CALLS / ROUNDS));
      for (let r = 0; r < ROUNDS; r++) {
        sqlSide.push(await load(perRound, 1, async () => void (await callBest())));
        api.push(await load(perRound, 1, async () => void (await callApi())));
      }
      const row = { w, api: mergeLoads(api), best: mergeLoads(sqlSide), righe: probe.count };
      rows.push(row);
      log(
        `${w.name} (${row.righe} righe): API p50 ${ms(row.api.p50)} ms, SQL p50 ${ms(row.best.p50)} ms, rapporto ${(row.api.p50 / row.best.p50).toFixed(2)}`,
      );
    }
    const dashboard = await dashboardLoad(server.base, headers);
    log(`dashboard: p50 ${ms(dashboard.p50)} ms, p99 ${ms(dashboard.p99)} ms`);
    if (WRITE_RESULTS) writeResults(rows, dashboard, counts ?? {}, server.workers);
  } finally {
    closeHttpConnections();
    await server.stop();
    await database.close();
  }
}

/** The dashboard's one request, as a superadmin sees it (every figure): p50 over CALLS × 2 calls. */
async function dashboardLoad(base: string, headers: Record<string, string>): Promise<LoadResult> {
  const call = async () => void (await httpJson("GET", `${base}/api/report/dashboard/`, headers));
  await load(3, 1, call);
  return load(CALLS * 2, 1, call);
}

/** Values as JSON carries them: numbers to the cent, dates and text as text. */
function norm(v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Math.round(v * 100) / 100;
  if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 100) / 100;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return v;
}

/** The hand-written SQL must answer what the API answers — every field of every row, and the count. */
function sameAnswer(name: string, api: { results: unknown[]; count: number }, best: BestAnswer) {
  const a = api.results as Record<string, unknown>[];
  const b = best.results;
  const diff: string[] = [];
  if (api.count !== best.count) diff.push(`count ${api.count} ≠ ${best.count}`);
  if (a.length !== b.length) diff.push(`righe ${a.length} ≠ ${b.length}`);
  for (let i = 0; i < Math.min(a.length, b.length) && diff.length < 5; i++)
    for (const k of Object.keys(a[i]))
      if (JSON.stringify(norm(a[i][k])) !== JSON.stringify(norm(b[i][k])))
        diff.push(`riga ${i} ${k}: API ${JSON.stringify(a[i][k])}, SQL ${JSON.stringify(b[i][k])}`);
  if (diff.length) throw new Error(`${name}: the best SQL does not answer what the API answers: ${diff.join("; ")}`);
}

function writeResults(
  rows: { w: Workload; api: LoadResult; best: LoadResult; righe: number }[],
  dashboard: LoadResult,
  counts: Record<string, unknown>,
  workers: number,
) {
  const lines = [
    "# Report benchmark (issue 13)",
    "",
    `Generated by \`server/bench/report.bench.ts\` on ${new Date().toISOString()} — ${os.cpus().length} CPU, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} at the end; server ${workers} processi (ERP_WORKERS as npm start), one connection.`,
    "",
    `Dataset: ${counts.turni} shifts, ${counts.assegnazioni} assignments (${counts.effettive} with worked hours from check-ins), year ${counts.dal} – ${counts.al}.`,
    "",
    "| report (over the year) | rows | API p50 | API p99 | best SQL p50 | ratio p50 | target (≤ 1.5×, < 1 s) |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ...rows.map((r) => {
      const ratio = r.api.p50 / r.best.p50;
      const ok = ratio <= 1.5 && r.api.p50 < 1000;
      return `| ${r.w.name} | ${r.righe} | ${ms(r.api.p50)} ms | ${ms(r.api.p99)} ms | ${ms(r.best.p50)} ms | ${ratio.toFixed(2)} | ${ok ? "met" : "**not met**"} |`;
    }),
    "",
    `Dashboard (GET /api/report/dashboard/, superadmin: every figure): p50 ${ms(dashboard.p50)} ms, p99 ${ms(dashboard.p99)} ms — target < 300 ms: ${dashboard.p50 < 300 ? "met" : "**not met**"}.`,
    "",
  ];
  const file = path.join(__dirname, "RESULTS-report.md");
  const notesMarker = "## Notes";
  const old = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const notes = old.includes(notesMarker) ? old.slice(old.indexOf(notesMarker)) : "";
  fs.writeFileSync(file, `${lines.join("\n")}\n${notes}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
