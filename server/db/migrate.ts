/**
 * Applies server/db/migrations/*.sql in name order, each once, each atomically.
 * Files are numbered per module (0001 core, 0100 auth, 0200 log, 0300 anagrafiche,
 * 0400 pianificazione, 0500 console, 0600 report, 0700 cms) so modules add migrations
 * without colliding. The same files run on PGlite and PostgreSQL 15.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { queryRows } from "./query";

export const MIGRATIONS_DIR = path.join(__dirname, "migrations");

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), "utf8") }));
}

function quote(s: string): string {
  return `'${s.replace(/'/g, "''")}'`;
}

/** Returns the names of the migrations it applied. */
export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  // Created only when missing: a role without CREATE on the schema (the application's) can still
  // check that nothing is pending.
  const table = await queryRows<{ t: string | null }>(
    database.db,
    sql`SELECT to_regclass('erp_migrations')::text AS t`,
  );
  if (!table[0]?.t) {
    await database.exec(
      "CREATE TABLE IF NOT EXISTS erp_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
  }
  const done = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM erp_migrations`);
  const applied = new Set(done.map((r) => r.name));
  const ran: string[] = [];
  for (const m of listMigrations(dir)) {
    if (applied.has(m.name)) continue;
    // One simple-protocol query with several statements runs as one implicit transaction on both
    // PostgreSQL and PGlite: a failing migration leaves nothing behind, its name included.
    await database.exec(`${m.sql}\n;INSERT INTO erp_migrations (name) VALUES (${quote(m.name)});`);
    ran.push(m.name);
  }
  return ran;
}
