/**
 * A fresh, migrated database for one test file: PGlite from the snapshot, or a PostgreSQL copy of
 * the template. On PostgreSQL the server's queries run as the run's application role (neither owner
 * nor superuser, server/db/roles.ts), so every server suite proves its grants are enough; `exec`
 * (set-up scripts: a test's own tables) runs as the owner, as a migration would.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import { Client } from "pg";
import { type Database, openPglite, openPostgres } from "../../../server/db/client";
import { databaseGrants } from "../../../server/db/roles";
import { PG_ADMIN_URL, pgAppRole, pgliteSnapshot, pgOwnerRole, pgTemplate, pgUrl, runId } from "../setup/paths";

export type DbKind = "pglite" | "postgres";

export interface TestDatabase extends Database {
  /** PostgreSQL: the same database as the admin, a superuser (for tests that tamper as one). */
  superuserUrl?: string;
  /** PostgreSQL: the same database as the server's application role (a second pool: another worker). */
  appUrl?: string;
}

export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === "pglite") {
    const blob = new Blob([fs.readFileSync(pgliteSnapshot())]);
    return openPglite(undefined, blob);
  }
  const name = `erp_t_${runId()}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate()}"`);
  // A copy does not inherit the template's grants on the database itself: set them as
  // `db setup-roles` does (no temporary tables for the application role).
  for (const stmt of databaseGrants(name, pgOwnerRole(), pgAppRole())) await admin.query(stmt);
  await admin.end();
  const db = await openPostgres(pgUrl(name, pgAppRole()), 25);
  let owner: Promise<Database> | undefined;
  return {
    ...db,
    superuserUrl: pgUrl(name),
    appUrl: pgUrl(name, pgAppRole()),
    exec: async (sqlText) => {
      owner ??= openPostgres(pgUrl(name, pgOwnerRole()), 1);
      await (await owner).exec(sqlText);
    },
    close: async () => {
      await db.close();
      await (await owner)?.close();
      const a = new Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}
