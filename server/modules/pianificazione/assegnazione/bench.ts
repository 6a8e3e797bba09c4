/**
 * Benchmark hook (for `npm run bench`): the direct SQL of the overlap check, to be timed beside the
 * assign call (POST …/turni/{idTurno}/operatori/) and the month grid (GET …/servizi/{id}/?dal=&al=).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { overlapsSql, turnoIntervals } from "./periodi";

/** Whether the operator already has a range overlapping the shift (the check the exclusion constraint enforces). */
export async function overlapCheckSql(
  ex: Executor,
  operatoreId: number,
  shift: { giorno: string; inizio_f1: string; fine_f1: string; inizio_f2: string | null; fine_f2: string | null },
): Promise<boolean> {
  const r = await queryOne(
    ex,
    sql`SELECT 1 FROM turni_operatori_periodi p WHERE p.operatore_id = ${operatoreId}
        AND (${overlapsSql("p.periodo", turnoIntervals(shift))}) LIMIT 1`,
  );
  return Boolean(r);
}
