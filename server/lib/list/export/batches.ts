/**
 * Reads an export query in batches so 100,000 rows never sit in memory. On PostgreSQL this runs in
 * the export's thread (thread.ts): a connection of the thread's own, with the pool's session
 * settings and type parsers, reading a server-side cursor (`FETCH 2000`) in a read-only
 * transaction. On PGlite the main thread reads the pages (pglite-batches.ts) and hands them over.
 * Loaded by the thread: nothing here may pull in the list engine or drizzle.
 */
import pg from "pg";
import { sessionConfig } from "../../../db/client";
import type { RenderedSql } from "../../../db/render-sql";

export const EXPORT_BATCH = 2000;

export type Rows = Record<string, unknown>[];

/** PostgreSQL, in the export's thread: `prepare` (if any), then the cursor's batches. */
export async function* postgresBatches(
  url: string,
  query: RenderedSql,
  prepare: RenderedSql | undefined,
  batch = EXPORT_BATCH,
): AsyncGenerator<Rows> {
  const client = new pg.Client(sessionConfig(url, "vigilanza-erp-export"));
  client.on("error", () => {
    /* a lost connection fails the pending query, which ends the export */
  });
  await client.connect();
  try {
    if (prepare) await client.query(prepare.sql, prepare.params);
    await client.query("BEGIN READ ONLY");
    await client.query(`DECLARE list_export NO SCROLL CURSOR FOR ${query.sql}`, query.params);
    for (;;) {
      const { rows } = await client.query<Record<string, unknown>>(`FETCH ${batch} FROM list_export`);
      yield rows;
      if (rows.length < batch) break;
    }
    await client.query("COMMIT");
  } finally {
    await client.end().catch(() => {});
  }
}
