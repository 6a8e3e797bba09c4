import type { SQL } from "drizzle-orm";
import type { Executor } from "./client";

/** Runs a raw `sql` query and returns its rows (the same shape on PGlite and PostgreSQL). */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const res = (await ex.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The first row, or undefined. */
export async function queryOne<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(ex, query))[0];
}
