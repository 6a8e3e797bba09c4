/**
 * Throughput of the hour split and money of src/domain/hours (issue 13.1), in shifts per second —
 * what a report computing in Node could afford on a year of ≥ 1,000,000 shifts — and of its SQL
 * mirror (migration 0600_report_hours.sql) on PostgreSQL, against a query reading the same ranges without it. Not part
 * of `npm run bench`; run alone: `npx tsx server/bench/hours.bench.ts`. Prints, writes nothing.
 *
 *   BENCH_HOURS_SHIFTS    planned shifts split in TypeScript (default 1,000,000, over one year)
 *   BENCH_HOURS_SQL_ROWS  periods split by erp_ore_periodo (default 100,000; 0 = skip the SQL part)
 *   BENCH_PG_ADMIN_URL    PostgreSQL to create the scratch database in (default postgres@127.0.0.1:5432)
 */
process.env.TZ ??= "Europe/Rome";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { shiftPay, shiftRevenue } from "../../src/domain/hours/money";
import { type PlannedShift, plannedIntervals, splitHours, splitIntervals } from "../../src/domain/hours/split";
import { addDays } from "../../src/domain/shift-rules";

const SHIFTS = Number(process.env.BENCH_HOURS_SHIFTS ?? 1_000_000);
const SQL_ROWS = Number(process.env.BENCH_HOURS_SQL_ROWS ?? 100_000);
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROUNDS = 3;

/** The shapes of a guard company's week: day, evening and night shifts, 12-hour shifts, split shifts. */
const SHAPES: Omit<PlannedShift, "giorno">[] = [
  { inizio_f1: "06:00:00", fine_f1: "14:00:00" },
  { inizio_f1: "14:00:00", fine_f1: "22:00:00" },
  { inizio_f1: "22:00:00", fine_f1: "06:00:00" },
  { inizio_f1: "08:00:00", fine_f1: "20:00:00" },
  { inizio_f1: "20:00:00", fine_f1: "08:00:00" },
  { inizio_f1: "08:00:00", fine_f1: "12:00:00", inizio_f2: "14:00:00", fine_f2: "18:00:00" },
  { inizio_f1: "18:30:00", fine_f1: "23:00:00", inizio_f2: "01:00:00", fine_f2: "05:30:00" },
];

function shifts(n: number): PlannedShift[] {
  const days = Array.from({ length: 365 }, (_, i) => addDays("2026-01-01", i));
  return Array.from({ length: n }, (_, i) => ({ giorno: days[i % 365], ...SHAPES[(i * 7919) % SHAPES.length] }));
}

/** Best of ROUNDS, by this process's CPU time (the machine is shared: wall time says more about the neighbours). */
function best(label: string, n: number, run: () => number): number {
  let bestCpu = Number.POSITIVE_INFINITY;
  let bestWall = Number.POSITIVE_INFINITY;
  let check = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    check = run();
    bestWall = Math.min(bestWall, performance.now() - t0);
    const c = process.cpuUsage(c0);
    bestCpu = Math.min(bestCpu, (c.user + c.system) / 1000);
  }
  const rate = (n * 1000) / bestCpu;
  const fmt = (x: number) => Math.round(x).toLocaleString("it-IT");
  console.log(
    `${label}: ${fmt(n)} in ${fmt(bestCpu)} ms CPU (${fmt(bestWall)} ms wall) → ${fmt(rate)}/s, ${((bestCpu * 1000) / n).toFixed(2)} µs each (check ${check})`,
  );
  return rate;
}

async function sqlPart(): Promise<void> {
  const name = `erp_bench_hours_${process.pid}`;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const c = new Client({ connectionString: url.toString() });
  try {
    await c.connect();
    await c.query("SET jit = off");
    await c.query(fs.readFileSync(path.join(__dirname, "../db/migrations/0600_report_hours.sql"), "utf8"));
    // the periods of SHAPES' first ranges over a year, as turni_operatori_periodi holds them
    await c.query(
      `CREATE TABLE periodi AS
       SELECT tstzrange((d + s.inizio) AT TIME ZONE 'Europe/Rome',
                        (d + s.inizio + s.durata) AT TIME ZONE 'Europe/Rome') AS periodo
       FROM generate_series(1, $1::integer) g
       CROSS JOIN LATERAL (SELECT date '2026-01-01' + (g % 365) AS d) dd
       CROSS JOIN LATERAL (SELECT (ARRAY[time '06:00', '14:00', '22:00', '08:00', '20:00'])[g % 5 + 1] AS inizio,
                                  (ARRAY[interval '8 h', '8 h', '8 h', '12 h', '12 h'])[g % 5 + 1] AS durata) s`,
      [SQL_ROWS],
    );
    await c.query("VACUUM ANALYZE periodi");
    const time = async (label: string, q: string) => {
      let bestMs = Number.POSITIVE_INFINITY;
      for (let r = 0; r < ROUNDS; r++) {
        const t0 = performance.now();
        await c.query(q);
        bestMs = Math.min(bestMs, performance.now() - t0);
      }
      const rate = (SQL_ROWS * 1000) / bestMs;
      console.log(`${label}: ${bestMs.toFixed(0)} ms → ${Math.round(rate).toLocaleString("it-IT")} periodi/s`);
      return bestMs;
    };
    const base = await time(
      "SQL, reading the periods (sum of their lengths)",
      "SELECT sum(extract(epoch FROM upper(periodo) - lower(periodo))) FROM periodi",
    );
    const split = await time(
      "SQL, erp_ore_periodo on every period (patron 7/12)",
      `SELECT sum(h.feriale_diurno), sum(h.feriale_notturno), sum(h.domenica_diurno), sum(h.domenica_notturno),
              sum(h.festivo_diurno), sum(h.festivo_notturno), sum(h.festivo_domenica_diurno),
              sum(h.festivo_domenica_notturno)
       FROM periodi p CROSS JOIN LATERAL erp_ore_periodo(p.periodo, 12, 7) h`,
    );
    const money = await time(
      "SQL, erp_ore_periodo + erp_importo_ore on every period",
      `SELECT sum(erp_importo_ore(ARRAY[h.feriale_diurno, h.feriale_notturno, h.domenica_diurno, h.domenica_notturno,
                                       h.festivo_diurno, h.festivo_notturno, h.festivo_domenica_diurno,
                                       h.festivo_domenica_notturno], 21.50, 15, 50, 30))
       FROM periodi p CROSS JOIN LATERAL erp_ore_periodo(p.periodo, 12, 7) h`,
    );
    console.log(
      `SQL ratios to reading the periods: split ${(split / base).toFixed(1)}×, split + money ${(money / base).toFixed(1)}×`,
    );
  } finally {
    await c.end().catch(() => {});
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  console.log(
    `Node ${process.version}, ${os.cpus().length} CPU (${os.cpus()[0]?.model ?? "?"}), load ${os.loadavg()[0].toFixed(2)}`,
  );
  const list = shifts(SHIFTS);
  const prezzo = {
    prezzo_orario: "21.50",
    maggiorazione_notturna: "15.00",
    maggiorazione_festiva: "50.00",
    maggiorazione_domenicale: "30.00",
  };
  const compenso = { compenso_orario: "9.80" };
  const patrono = { mese: 12, giorno: 7 };
  best("TS splitHours, planned (a year: repeated day × times, cached)", list.length, () => {
    let s = 0;
    for (const t of list) s += splitHours(t, { patrono }).totale;
    return s;
  });
  const some = list.slice(0, Math.min(list.length, 200_000));
  best(
    "TS split of planned shifts, every one converted (no cache: plannedIntervals + splitIntervals)",
    some.length,
    () => {
      let s = 0;
      for (const t of some) s += splitIntervals(plannedIntervals(t), "pianificate", { patrono }).totale;
      return s;
    },
  );
  const worked = some.map((t, i) => {
    const iv = plannedIntervals(t)[0];
    return { dal: iv.start - (i % 600) * 1000 - 123, al: iv.end + (i % 900) * 1000 + 456 };
  });
  best("TS splitHours, worked check-in/out (one period each, in day order)", worked.length, () => {
    let s = 0;
    for (const w of worked) s += splitHours(w, { patrono }).totale;
    return s;
  });
  const splits = list.map((t) => splitHours(t, { patrono }));
  best("TS shiftRevenue + shiftPay of a split", splits.length, () => {
    let cents = 0;
    for (const h of splits) cents += shiftRevenue(h, prezzo).centesimi! + shiftPay(h, compenso).centesimi!;
    return cents;
  });
  best("TS splitHours + shiftRevenue + shiftPay, planned", list.length, () => {
    let cents = 0;
    for (const t of list) {
      const h = splitHours(t, { patrono });
      cents += shiftRevenue(h, prezzo).centesimi! + shiftPay(h, compenso).centesimi!;
    }
    return cents;
  });
  if (SQL_ROWS > 0) await sqlPart();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
