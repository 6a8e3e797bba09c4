/**
 * The guard tours benchmark (issue 34): a company month — 2,000 sites, 40,000 rounds (20 nights,
 * one round a night per site, ten points each), ~400,000 scans (one round in ten misses a point, one
 * in twenty is not walked) — in a scratch PostgreSQL database, in this process:
 *   - judging a night: `giudicaRonde` over its 48-hour window (target < 5 s);
 *   - Report → Ronde, first page, newest first and one client's month: the list engine
 *     (`runParsedList`, what the route runs) against the best hand-written SQL for the same rows;
 *   - a night's PDF for one site: reading its rounds and drawing the PDF.
 * Not part of `npm run bench`; run alone:  npx tsx server/bench/ronde.bench.ts
 *   BENCH_PG_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres), BENCH_DB
 *   (default erp_bench_ronde), BENCH_REUSE=1 keeps the dataset, BENCH_CALLS (default 20).
 */
process.env.TZ ??= "Europe/Rome";

import { sql } from "drizzle-orm";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne, queryRows } from "../db/query";
import { parseListQuery } from "../lib/list";
import { runParsedList } from "../lib/list/run-list";
import type { AuthUser } from "../lib/tokens";
import { giudicaRonde } from "../modules/pianificazione/ronde/giudizio";
import { leggiRonde } from "../modules/pianificazione/ronde/ronde.service";
import { nottePdf } from "../modules/report/ronde/notte-pdf";
import { rondeReportList } from "../modules/report/ronde/ronde.list";
import { scratchDatabase } from "./scratch-db";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REUSE = process.env.BENCH_REUSE === "1";
const CALLS = Number(process.env.BENCH_CALLS ?? 20);
const SITI = 2000;
const NOTTI = 20;
const PUNTI = 10;
/** The first night of the month; the judged night is the last one. */
const DAL = "2026-03-02";
const ADMIN: AuthUser = {
  id: 1,
  username: "bench",
  email: "",
  nome: "",
  cognome: "",
  permissions: ["admin"],
  tokenId: 0,
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const r = await fn();
  return [performance.now() - t, r];
}

async function main() {
  const url = await scratchDatabase(ADMIN_URL, process.env.BENCH_DB ?? "erp_bench_ronde", REUSE);
  const database = await openPostgres(url, 4);
  const db = database.db;
  const built = await queryOne<{ n: number }>(
    db,
    sql`SELECT to_regclass('ronde') IS NOT NULL AND (SELECT count(*) FROM ronde) > 0 AS n`,
  ).catch(() => undefined);
  if (!REUSE || !built?.n) {
    await migrate(database);
    const t0 = performance.now();
    await db.execute(
      sql.raw(`
      INSERT INTO clienti (ragione_sociale, citta, prov) SELECT 'Cliente ' || g, 'Milano', 'MI' FROM generate_series(1, ${SITI / 10}) g;
      INSERT INTO operatori (nome, cognome, applicazione) SELECT 'Guardia', 'N' || g, true FROM generate_series(1, ${SITI}) g;
      INSERT INTO contratti (titolo, cliente_id) SELECT 'Contratto ' || c.id, c.id FROM clienti c;
      INSERT INTO servizi (contratto_id, dal, al, descrizione, lat, lng)
        SELECT c.id, '${DAL}'::date, '${DAL}'::date + ${NOTTI}, 'Sito ' || c.id || '-' || k, 45.46 + k / 1000.0, 9.19
          FROM contratti c, generate_series(1, 10) k;
      INSERT INTO giorni (servizio_id, giorno) SELECT s.id, '${DAL}'::date + d FROM servizi s, generate_series(0, ${NOTTI - 1}) d;
      INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id) SELECT g.id, '22:00', '06:00', (SELECT min(id) FROM posizioni) FROM giorni g;
      INSERT INTO ronde_punti (servizio_id, nome, lat, lng, codice)
        SELECT s.id, 'Punto ' || k, s.lat, s.lng, 'RP-' || lpad(upper(to_hex(s.id * 100 + k)), 10, '0') FROM servizi s, generate_series(1, ${PUNTI}) k;
      INSERT INTO ronde_piani (servizio_id, nome, punti, ogni_minuti, dalle, alle)
        SELECT s.id, 'Giro', (SELECT jsonb_agg(p.id ORDER BY p.id) FROM ronde_punti p WHERE p.servizio_id = s.id), 120, '23:00', '01:00'
          FROM servizi s;
      INSERT INTO ronde (piano_id, servizio_id, cliente_id, turno_id, previsto_il, fine_finestra, tolleranza_minuti, ordinata, punti)
        SELECT rp.id, rp.servizio_id, (SELECT c.cliente_id FROM servizi s JOIN contratti c ON c.id = s.contratto_id WHERE s.id = rp.servizio_id), t.id, (g.giorno + time '23:00') AT TIME ZONE 'Europe/Rome',
               (g.giorno + time '23:00') AT TIME ZONE 'Europe/Rome' + interval '2 hours', 15, false, rp.punti
          FROM ronde_piani rp JOIN giorni g ON g.servizio_id = rp.servizio_id JOIN turni t ON t.giorno_id = g.id;
      INSERT INTO ronde_passaggi (operatore_id, client_id, punto_id, ronda_id, metodo, codice, data_ora, ricevuto_il, lat, lng, accuratezza, distanza_m)
        SELECT 1 + r.servizio_id % ${SITI}, gen_random_uuid(), (e.x)::int, r.id, 'qr', 'x',
               r.previsto_il + make_interval(mins => 2 + e.n::int * 3), r.previsto_il + make_interval(mins => 3 + e.n::int * 3),
               45.46, 9.19, 8, 5
          FROM ronde r CROSS JOIN LATERAL jsonb_array_elements(r.punti) WITH ORDINALITY AS e(x, n)
         WHERE r.id % 20 <> 0 AND NOT (r.id % 10 = 3 AND e.n = 5);
      ANALYZE;`),
    );
    const n = await queryOne<{ r: number; p: number }>(
      db,
      sql`SELECT (SELECT count(*) FROM ronde)::int AS r, (SELECT count(*) FROM ronde_passaggi)::int AS p`,
    );
    console.log(`dataset: ${n?.r} ronde, ${n?.p} passaggi in ${Math.round((performance.now() - t0) / 1000)} s`);
  }
  const ultima = new Date(`${DAL}T12:00:00+01:00`);
  ultima.setUTCDate(ultima.getUTCDate() + NOTTI);
  // Judging a night (the schedule's 48-hour window), as the job does, in one transaction.
  const giudizi: number[] = [];
  let esito = { giudicate: 0, anomalie: 0 };
  for (let i = 0; i < 3; i++) {
    await db.execute(
      sql`UPDATE ronde SET stato = 'prevista', giudicata_il = NULL WHERE previsto_il > ${ultima}::timestamptz - interval '48 hours'`,
    );
    await db.execute(sql`DELETE FROM anomalie WHERE ronda_id IS NOT NULL`);
    const [ms, r] = await time(() => db.transaction((tx) => giudicaRonde(tx, ultima, "finestra")));
    giudizi.push(ms);
    esito = r;
  }
  console.log(
    `giudizio di una notte (finestra 48 h): ${esito.giudicate} ronde giudicate, ${esito.anomalie} anomalie — p50 ${Math.round(median(giudizi))} ms (obiettivo < 5000 ms)`,
  );

  // Report → Ronde, first page: the engine against the best SQL.
  const cliente = await queryOne<{ id: number }>(db, sql`SELECT min(id) AS id FROM clienti`);
  /** The same answer by hand: the page's 25 keys from the index, their columns, the total. */
  const bestSql = (where: ReturnType<typeof sql>) => sql`
    WITH k AS (SELECT r.id FROM ronde r WHERE ${where} ORDER BY r.previsto_il DESC, r.id DESC LIMIT 25)
    SELECT r.id, r.previsto_il, cl.ragione_sociale AS cliente, cl.id AS cliente_id, coalesce(nullif(s.descrizione, ''), c.titolo) AS servizio,
           r.servizio_id, rp.nome AS piano, r.stato, trim(o.nome || ' ' || o.cognome) AS operatore, r.iniziata_il, r.finita_il,
           jsonb_array_length(r.punti) AS punti,
           (SELECT count(DISTINCT p.punto_id) FROM ronde_passaggi p WHERE p.ronda_id = r.id) AS punti_fatti,
           (SELECT string_agg(pt.nome, ', ') FROM jsonb_array_elements(r.punti_mancanti) e(v) JOIN ronde_punti pt ON pt.id = (e.v)::int) AS mancanti,
           (SELECT count(*) FROM ronde_passaggi p WHERE p.ronda_id = r.id AND p.segnalato) AS segnalati, r.fuori_ordine,
           (SELECT count(*) FROM ronde r WHERE ${where}) AS totale
      FROM k JOIN ronde r ON r.id = k.id JOIN ronde_piani rp ON rp.id = r.piano_id JOIN servizi s ON s.id = r.servizio_id
      JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id LEFT JOIN operatori o ON o.id = r.operatore_id
     ORDER BY r.previsto_il DESC, r.id DESC`;
  const workloads: { name: string; query: Record<string, string>; best: ReturnType<typeof sql> }[] = [
    { name: "prima pagina, più recenti", query: { page_size: "25" }, best: bestSql(sql`true`) },
    {
      name: "un cliente, il mese",
      query: { page_size: "25", cliente_id: String(cliente?.id), periodo_dal: DAL },
      best: bestSql(
        sql`r.cliente_id = ${cliente?.id} AND r.previsto_il >= (${DAL}::date)::timestamp AT TIME ZONE 'Europe/Rome'`,
      ),
    },
  ];
  for (const w of workloads) {
    const q = parseListQuery(rondeReportList, w.query, { user: ADMIN, params: {} });
    const ctx = { user: ADMIN, params: {}, query: w.query, filters: q.filters };
    const api: number[] = [];
    const best: number[] = [];
    for (let i = 0; i < CALLS + 3; i++) {
      const [a] = await time(() => runParsedList(db, rondeReportList, q, ctx));
      const [b] = await time(() => queryRows(db, w.best));
      if (i >= 3) {
        api.push(a);
        best.push(b);
      }
    }
    console.log(
      `report ronde — ${w.name}: motore p50 ${median(api).toFixed(1)} ms, SQL migliore ${median(best).toFixed(1)} ms, rapporto ${(median(api) / median(best)).toFixed(2)}×`,
    );
  }

  // A night's PDF for one site.
  const sito = await queryOne<{ id: number }>(db, sql`SELECT min(id) AS id FROM servizi`);
  const giorno = new Date(ultima.getTime() - 86_400_000).toISOString().slice(0, 10);
  const pdf: number[] = [];
  for (let i = 0; i < 10; i++) {
    const [ms] = await time(async () => {
      const ronde = await leggiRonde(
        db,
        sql`r.servizio_id = ${sito?.id} AND r.previsto_il >= (${giorno}::date + time '12:00') AT TIME ZONE 'Europe/Rome'
            AND r.previsto_il < (${giorno}::date + 1 + time '12:00') AT TIME ZONE 'Europe/Rome'`,
      );
      return nottePdf({ cliente: "Cliente", servizio: "Sito", indirizzo: "", giorno }, ronde);
    });
    pdf.push(ms);
  }
  console.log(`PDF di una notte per un sito: p50 ${median(pdf).toFixed(1)} ms`);
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
