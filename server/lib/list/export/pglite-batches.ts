/**
 * An export's rows on PGlite: the embedded database is one in-process connection that only the
 * server's main thread reaches, and a long transaction would block it for everyone, so the main
 * thread reads LIMIT/OFFSET pages over the list's stable order and hands them to the export's
 * thread one at a time (the last page may be empty).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { queryRows } from "../../../db/query";
import { EXPORT_BATCH, type Rows } from "./batches";

export async function* pgliteBatches(db: Db, query: SQL, batch = EXPORT_BATCH): AsyncGenerator<Rows> {
  for (let offset = 0; ; offset += batch) {
    const rows = await queryRows<Record<string, unknown>>(db, sql`${query} LIMIT ${batch} OFFSET ${offset}`);
    yield rows;
    if (rows.length < batch) break;
  }
}
