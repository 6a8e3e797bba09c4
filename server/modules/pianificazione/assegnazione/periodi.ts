/**
 * The time ranges of assignments (turni_operatori_periodi). Writing them is where the database's
 * exclusion constraint refuses a double booking (SQLSTATE 23P01).
 */
import { sql } from "drizzle-orm";
import { type Interval, shiftIntervals } from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";

export function turnoIntervals(t: {
  giorno: string;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
}): Interval[] {
  return shiftIntervals(t.giorno, t);
}

const iso = (ms: number) => new Date(ms).toISOString();

export function rangeSql(i: Interval) {
  return sql`tstzrange(${iso(i.start)}::timestamptz, ${iso(i.end)}::timestamptz, '[)')`;
}

/** `periodo && r1 OR periodo && r2` for a shift's ranges. */
export function overlapsSql(column: string, intervals: Interval[]) {
  return sql.join(
    intervals.map((i) => sql`${sql.raw(column)} && ${rangeSql(i)}`),
    sql` OR `,
  );
}

export async function insertPeriodi(
  ex: Executor,
  a: { turnoOperatoreId: number; turnoId: number; operatoreId: number },
  intervals: Interval[],
): Promise<void> {
  const rows = intervals.map((i) => sql`(${a.turnoOperatoreId}, ${a.turnoId}, ${a.operatoreId}, ${rangeSql(i)})`);
  await ex.execute(
    sql`INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
        VALUES ${sql.join(rows, sql`, `)}`,
  );
}

export function isExclusionViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    if ((cur as { code?: string }).code === "23P01") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}

export function isUniqueViolation(e: unknown): boolean {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    if ((cur as { code?: string }).code === "23505") return true;
    cur = (cur as { cause?: unknown }).cause;
  }
  return false;
}
