/**
 * The SQL mirror of the hour split and money (server/db/migrations/0600_report_hours.sql) gives the same figures as
 * the TypeScript (src/domain/hours/*.ts), on PGlite and PostgreSQL: Easter, holidays, the 8 bands of
 * planned shifts (named cases and pseudo-random ones, split shifts summed per shift), worked
 * periods with milliseconds, and money under both surcharge policies.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../../../server/db/client";
import { queryRows } from "../../../server/db/query";
import { easterSunday, type GiornoMese, isHoliday } from "../../../src/domain/hours/holidays";
import { type PoliticaMaggiorazioni, shiftRevenue } from "../../../src/domain/hours/money";
import {
  FASCE,
  type Fascia,
  type HoursSplit,
  type PlannedShift,
  plannedIntervals,
  splitHours,
  splitIntervals,
} from "../../../src/domain/hours/split";
import { addDays, type Interval, romeToInstant } from "../../../src/domain/shift-rules";
import { randomShift, rng } from "../../src/domain/hours/random-shifts";
import { openTestDatabase } from "../helpers/db";
import { testDbKinds } from "../setup/paths";

const SQL_FILE = path.join(__dirname, "../../../server/db/migrations/0600_report_hours.sql");

const NAMED: PlannedShift[] = [
  { giorno: "2025-01-15", inizio_f1: "08:00", fine_f1: "16:00" },
  { giorno: "2025-01-14", inizio_f1: "20:00", fine_f1: "04:00" },
  { giorno: "2025-01-18", inizio_f1: "22:00", fine_f1: "06:00" },
  { giorno: "2025-01-19", inizio_f1: "22:00", fine_f1: "06:00" },
  { giorno: "2025-04-21", inizio_f1: "05:00", fine_f1: "13:00" },
  { giorno: "2026-04-05", inizio_f1: "14:00", fine_f1: "22:00" },
  { giorno: "2026-12-06", inizio_f1: "22:00", fine_f1: "06:00" },
  { giorno: "2025-12-24", inizio_f1: "18:00", fine_f1: "02:00" },
  { giorno: "2026-03-28", inizio_f1: "22:00", fine_f1: "06:00" },
  { giorno: "2026-03-29", inizio_f1: "00:00", fine_f1: "00:00" },
  { giorno: "2026-10-24", inizio_f1: "22:00", fine_f1: "06:00" },
  { giorno: "2026-10-25", inizio_f1: "00:00", fine_f1: "00:00" },
  { giorno: "2025-01-17", inizio_f1: "08:00", fine_f1: "12:00", inizio_f2: "20:00", fine_f2: "02:00" },
  { giorno: "2025-01-18", inizio_f1: "20:00", fine_f1: "23:00", inizio_f2: "01:00", fine_f2: "05:00" },
];

const MILANO: GiornoMese = { mese: 12, giorno: 7 };

interface Case {
  intervals: Interval[];
  patrono: GiornoMese | null;
}

type BandRow = Record<Fascia, number> & { i: number };

/** The bands of every case by SQL: erp_ore_periodo per period, summed per case. */
async function sqlBands(database: Database, cases: Case[]): Promise<Record<Fascia, number>[]> {
  const periods = cases.flatMap((c, i) =>
    c.intervals.map((iv) => ({
      i,
      s: new Date(iv.start).toISOString(),
      e: new Date(iv.end).toISOString(),
      pm: c.patrono?.mese ?? null,
      pd: c.patrono?.giorno ?? null,
    })),
  );
  const rows = await queryRows<BandRow>(
    database.db,
    sql`SELECT x.i, ${sql.raw(FASCE.map((f) => `sum(h.${f})::integer AS ${f}`).join(", "))}
        FROM jsonb_to_recordset(${JSON.stringify(periods)}::jsonb) AS x(i integer, s timestamptz, e timestamptz, pm integer, pd integer)
        CROSS JOIN LATERAL erp_ore_periodo(tstzrange(x.s, x.e), x.pm, x.pd) h
        GROUP BY x.i ORDER BY x.i`,
  );
  expect(rows.map((r) => r.i)).toEqual(cases.map((_, i) => i));
  return rows.map((r) => Object.fromEntries(FASCE.map((f) => [f, Number(r[f])])) as Record<Fascia, number>);
}

for (const kind of testDbKinds()) {
  describe(`hours.sql mirrors src/domain/hours [${kind}]`, () => {
    let database: Database;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      await database.exec(fs.readFileSync(SQL_FILE, "utf8"));
    });

    afterAll(async () => {
      await database?.close();
    });

    it("erp_pasqua is easterSunday, 1900–2200", async () => {
      const rows = await queryRows<{ y: number; d: string }>(
        database.db,
        sql`SELECT y, erp_pasqua(y)::text AS d FROM generate_series(1900, 2200) y ORDER BY y`,
      );
      expect(rows.map((r) => r.d)).toEqual(rows.map((r) => easterSunday(r.y)));
      expect(rows).toHaveLength(301);
    });

    it("erp_festivo is isHoliday on every day of 2024–2027, with and without the patron", async () => {
      const rows = await queryRows<{ d: string; nazionale: boolean; milano: boolean }>(
        database.db,
        sql`SELECT d::date::text AS d, erp_festivo(d::date) AS nazionale, erp_festivo(d::date, 12, 7) AS milano
            FROM generate_series('2024-01-01'::date, '2027-12-31'::date, interval '1 day') d ORDER BY d`,
      );
      expect(rows).toHaveLength(1461);
      expect(rows.filter((r) => r.nazionale).map((r) => r.d)).toEqual(
        rows.filter((r) => isHoliday(r.d)).map((r) => r.d),
      );
      expect(rows.filter((r) => r.milano).map((r) => r.d)).toEqual(
        rows.filter((r) => isHoliday(r.d, MILANO)).map((r) => r.d),
      );
      expect(rows.find((r) => r.d === "2026-10-04")?.nazionale).toBe(true);
      expect(rows.find((r) => r.d === "2025-10-04")?.nazionale).toBe(false);
    });

    it("erp_ore_periodo gives the bands of splitHours: named shifts (DST nights, holidays, split shifts)", async () => {
      const cases = NAMED.flatMap((s) => [
        { intervals: plannedIntervals(s), patrono: null },
        { intervals: plannedIntervals(s), patrono: MILANO },
      ]);
      const bySql = await sqlBands(database, cases);
      cases.forEach((c, i) => {
        expect(bySql[i]).toEqual(splitIntervals(c.intervals, "pianificate", { patrono: c.patrono }).fasce);
      });
      // spot checks that the SQL reads the clock changes itself
      expect(bySql[NAMED.findIndex((s) => s.giorno === "2026-03-28") * 2]).toMatchObject({
        feriale_notturno: 7200,
        domenica_notturno: 18000,
      });
      expect(bySql[NAMED.findIndex((s) => s.giorno === "2026-10-24") * 2]).toMatchObject({
        feriale_notturno: 7200,
        domenica_notturno: 25200,
      });
    });

    it("erp_ore_periodo gives the bands of splitHours: 400 pseudo-random planned shifts", async () => {
      const r = rng(13_1);
      const cases = Array.from({ length: 400 }, () => ({
        intervals: plannedIntervals(randomShift(r)),
        patrono: r() < 0.3 ? MILANO : null,
      }));
      const bySql = await sqlBands(database, cases);
      cases.forEach((c, i) => {
        expect(bySql[i]).toEqual(splitIntervals(c.intervals, "pianificate", { patrono: c.patrono }).fasce);
      });
    });

    it("erp_ore_periodo reads worked instants to the whole second like splitHours", async () => {
      const r = rng(42);
      const worked = Array.from({ length: 100 }, () => {
        const start =
          romeToInstant(addDays("2026-01-01", Math.floor(r() * 365)), "00:00") + Math.floor(r() * 86_400_000);
        return { dal: start, al: start + 1000 + Math.floor(r() * 14 * 3_600_000) };
      });
      const cases = worked.map((w) => ({ intervals: [{ start: w.dal, end: w.al }], patrono: null }));
      const bySql = await sqlBands(database, cases);
      worked.forEach((w, i) => {
        expect(bySql[i]).toEqual(splitHours(w).fasce);
      });
    });

    it("erp_importo_ore gives the cents of shiftRevenue under both policies; a NULL price is NULL", async () => {
      const r = rng(7);
      const pct = () => (r() < 0.3 ? 0 : Math.floor(r() * 10_000) / 100);
      const cases = Array.from({ length: 200 }, () => {
        const split: HoursSplit = splitHours(randomShift(r), { patrono: r() < 0.3 ? MILANO : null });
        const prezzo = {
          prezzo_orario: (Math.floor(r() * 5_000) / 100).toFixed(2),
          maggiorazione_notturna: pct(),
          maggiorazione_festiva: pct(),
          maggiorazione_domenicale: pct(),
        };
        const politica: PoliticaMaggiorazioni = r() < 0.5 ? "massima" : "cumulativa";
        return { split, prezzo, politica };
      });
      const input = cases.map((c, i) => ({
        i,
        secondi: FASCE.map((f) => c.split.fasce[f]),
        ...c.prezzo,
        politica: c.politica,
      }));
      const rows = await queryRows<{ i: number; importo: string | null }>(
        database.db,
        sql`SELECT x.i, erp_importo_ore(ARRAY(SELECT jsonb_array_elements_text(x.secondi)::integer), x.prezzo_orario,
                                        x.maggiorazione_notturna, x.maggiorazione_festiva,
                                        x.maggiorazione_domenicale, x.politica)::text AS importo
            FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
              AS x(i integer, secondi jsonb, prezzo_orario numeric, maggiorazione_notturna numeric,
                   maggiorazione_festiva numeric, maggiorazione_domenicale numeric, politica text)
            ORDER BY x.i`,
      );
      expect(rows.map((row) => row.importo)).toEqual(
        cases.map((c) => (shiftRevenue(c.split, c.prezzo, { politica: c.politica }).centesimi! / 100).toFixed(2)),
      );
      const [none] = await queryRows<{ v: string | null }>(
        database.db,
        sql`SELECT erp_importo_ore(ARRAY[3600, 0, 0, 0, 0, 0, 0, 0], NULL, 10, 10, 10)::text AS v`,
      );
      expect(none.v).toBeNull();
      // half up, once per shift: 0.5 h at 18.25 €/h = 9.125
      const [half] = await queryRows<{ v: string }>(
        database.db,
        sql`SELECT erp_importo_ore(ARRAY[1800, 0, 0, 0, 0, 0, 0, 0], 18.25)::text AS v`,
      );
      expect(half.v).toBe("9.13");
      // a NULL surcharge counts as 0, like a missing one in TS: 1 h on a Sunday holiday night, +5 %
      const easterNight = splitHours({ giorno: "2026-04-05", inizio_f1: "23:00", fine_f1: "00:00" });
      expect(easterNight.fasce.festivo_domenica_notturno).toBe(3600);
      const [nulls] = await queryRows<{ a: string; b: string }>(
        database.db,
        sql`SELECT erp_importo_ore(ARRAY[0, 0, 0, 0, 0, 0, 0, 3600], 10, NULL, 5, NULL, 'cumulativa')::text AS a,
                   erp_importo_ore(ARRAY[0, 0, 0, 0, 0, 0, 0, 3600], 10, NULL, 5, NULL)::text AS b`,
      );
      const ts = shiftRevenue(easterNight, {
        prezzo_orario: 10,
        maggiorazione_notturna: null,
        maggiorazione_festiva: 5,
      });
      expect([nulls.a, nulls.b]).toEqual([ts.importo!.toFixed(2), ts.importo!.toFixed(2)]);
      expect(nulls.a).toBe("10.50");
    });
  });
}
