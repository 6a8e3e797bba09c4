/**
 * How our PostgreSQL connections parse the types they read (the pool's `types`, db/client.ts):
 * date, time and interval types as the database's text, as drizzle reads them on node-postgres
 * (its own queries pass the same parsers), so that a raw statement and a drizzle query answer alike;
 * bigint as a number. A connection opened elsewhere with these types (an export's thread) reads
 * rows as the pool does.
 */
import pg from "pg";

const TEXT_TYPE_IDS = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (v: string) => v;
const INT8 = pg.types.builtins.INT8;
/** bigint (counts, sums of integers) as a number, as openPostgres sets pg's global parser. */
const asNumber = (v: string) => Number(v);
export const DRIZZLE_TYPES = {
  getTypeParser: (typeId: number, format?: "text" | "binary") =>
    TEXT_TYPE_IDS.has(typeId) ? asText : typeId === INT8 ? asNumber : pg.types.getTypeParser(typeId, format),
};
