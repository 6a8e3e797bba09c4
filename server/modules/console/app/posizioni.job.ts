/**
 * The 'purga-posizioni' job (a row of `jobs`, migration 0775, every hour, once across workers:
 * server/lib/jobs.ts): erases the latitude, longitude and accuracy of the check-ins older than
 * POSITION_RETENTION_DAYS (default 90) and marks when. The check-in itself stays: the worked
 * hours and the pay depend on it. Storage limitation (art. 5(1)(e) GDPR) and the fixed retention
 * the Garante asks of security companies locating their guards (provv. n. 232 of 18 April 2018).
 * Positions of other records (SOS alarms) belong in this job too; the scans of guard tours (issue
 * 34) are here: their position goes, the distance from the point measured at the scan stays.
 */
import { sql } from "drizzle-orm";
import { positionRetentionDays } from "../../../config";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { JobDefinition } from "../../../lib/jobs";

/** Erases the positions recorded before `now` less `giorni` days; returns how many. */
export async function purgaPosizioni(db: Executor, now: Date, giorni: number): Promise<number> {
  const r = await queryOne<{ n: number }>(
    db,
    sql`WITH p AS (
          UPDATE app_timbrature SET lat = NULL, lng = NULL, accuratezza = NULL, posizione_cancellata_il = ${now}
           WHERE lat IS NOT NULL AND data_ora < ${now}::timestamptz - make_interval(days => ${giorni}::int)
          RETURNING 1),
        r AS (
          UPDATE ronde_passaggi SET lat = NULL, lng = NULL, accuratezza = NULL, posizione_cancellata_il = ${now}
           WHERE lat IS NOT NULL AND data_ora < ${now}::timestamptz - make_interval(days => ${giorni}::int)
          RETURNING 1)
        SELECT (SELECT count(*) FROM p)::int + (SELECT count(*) FROM r)::int AS n`,
  );
  return Number(r?.n ?? 0);
}

export const PURGA_POSIZIONI_JOB: JobDefinition = {
  name: "purga-posizioni",
  async run(tx, now) {
    const giorni = positionRetentionDays();
    const n = await purgaPosizioni(tx, now, giorni);
    return `${n} posizioni cancellate (conservazione ${giorni} giorni)`;
  },
};
