/**
 * A shift's coverage, one definition for the dashboard's figures (dashboard.service.ts) and the list
 * they link to (turni-giorno.list.ts): over `turni t` with the lateral `x` below (n assigned, nc not
 * confirmed).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Copertura } from "../../../../src/domain/contracts/report/turni-giorno";

/** Counts of the shift's assignments: x.n (assigned), x.nc (not confirmed). */
export const ASSEGNAZIONI_DEL_TURNO = sql`CROSS JOIN LATERAL (SELECT count(*)::integer AS n,
  count(*) FILTER (WHERE NOT a.confermato)::integer AS nc FROM turni_operatori a WHERE a.turno_id = t.id) x`;

export const COPERTURA: Readonly<Record<Copertura, SQL>> = {
  coperti: sql`(x.n >= t.operatori_richiesti)`,
  scoperti: sql`(x.n < t.operatori_richiesti)`,
  non_confermati: sql`(x.nc > 0)`,
};
