/** SQL the expiry and pratiche reports share: today in Rome and the Italian label of a stored code. */
import { type SQL, sql } from "drizzle-orm";

export const OGGI = sql`(now() AT TIME ZONE 'Europe/Rome')::date`;

/** `CASE column WHEN code THEN label … ELSE column END` from a code list of src/domain (bound values). */
export function etichetta(column: SQL, voci: readonly { code: string; label: string }[]): SQL {
  return sql`CASE ${column} ${sql.join(
    voci.map((v) => sql`WHEN ${v.code} THEN ${v.label}::text`),
    sql` `,
  )} ELSE ${column} END`;
}
