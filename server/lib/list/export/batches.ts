/**
 * Reads an export query in batches so 100,000 rows never sit in memory: on PostgreSQL a
 * server-side cursor in a read-only transaction; on PGlite (one in-process connection that a long
 * transaction would block for everyone) LIMIT/OFFSET pages over the list's stable order.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { queryRows } from "../../../db/query";

export const EXPORT_BATCH = 2000;

export async function forEachBatch(
  database: Database,
  query: SQL,
  onBatch: (rows: Record<string, unknown>[]) => Promise<void>,
  batch = EXPORT_BATCH,
): Promise<void> {
  if (database.kind === "postgres") {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`SET TRANSACTION READ ONLY`);
      await tx.execute(sql`DECLARE list_export NO SCROLL CURSOR FOR ${query}`);
      for (;;) {
        const rows = await queryRows<Record<string, unknown>>(tx, sql.raw(`FETCH ${batch} FROM list_export`));
        if (rows.length > 0) await onBatch(rows);
        if (rows.length < batch) break;
      }
      await tx.execute(sql`CLOSE list_export`);
    });
    return;
  }
  for (let offset = 0; ; offset += batch) {
    const rows = await queryRows<Record<string, unknown>>(database.db, sql`${query} LIMIT ${batch} OFFSET ${offset}`);
    if (rows.length > 0) await onBatch(rows);
    if (rows.length < batch) break;
  }
}
