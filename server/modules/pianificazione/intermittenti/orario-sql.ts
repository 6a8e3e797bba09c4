/** The times of a shift `t` as the lists show them. (Their `dal`/`al` period: server/lib/list/periodo.ts.) */
import { sql } from "drizzle-orm";

/** 'HH:MM–HH:MM' or 'HH:MM–HH:MM e HH:MM–HH:MM' of a shift `t`. */
export const ORARIO_SQL = sql`left(t.inizio_f1::text, 5) || '–' || left(t.fine_f1::text, 5) ||
  CASE WHEN t.inizio_f2 IS NULL THEN '' ELSE ' e ' || left(t.inizio_f2::text, 5) || '–' || left(t.fine_f2::text, 5) END`;
