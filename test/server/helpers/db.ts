/** A fresh, migrated database for one test file: PGlite from the snapshot, or a PostgreSQL copy of the template. */
import crypto from "node:crypto";
import fs from "node:fs";
import { Client } from "pg";
import { type Database, openPglite, openPostgres } from "../../../server/db/client";
import { PG_ADMIN_URL, pgliteSnapshot, pgTemplate, pgUrl, runId } from "../setup/paths";

export type DbKind = "pglite" | "postgres";

export async function openTestDatabase(kind: DbKind): Promise<Database> {
  if (kind === "pglite") {
    const blob = new Blob([fs.readFileSync(pgliteSnapshot())]);
    return openPglite(undefined, blob);
  }
  const name = `erp_t_${runId()}_${process.pid}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate()}"`);
  await admin.end();
  const db = await openPostgres(pgUrl(name), 25);
  return {
    ...db,
    close: async () => {
      await db.close();
      const a = new Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}
