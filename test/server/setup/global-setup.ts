/**
 * Once per jest run: migrate a PGlite database and save it as a snapshot, and build a migrated
 * template database on the local PostgreSQL. Each test file starts its databases from these.
 */
import fs from "node:fs";
import { Client } from "pg";
import { openPglite, openPostgres } from "../../../server/db/client";
import { migrate } from "../../../server/db/migrate";
import { PG_ADMIN_URL, PG_TEMPLATE, PGLITE_SNAPSHOT, pgUrl, TMP, testDbKinds } from "./paths";

export default async function globalSetup() {
  process.env.TZ = "Europe/Rome";
  fs.mkdirSync(TMP, { recursive: true });
  const kinds = testDbKinds();
  if (kinds.includes("pglite")) {
    const db = await openPglite(undefined);
    await migrate(db);
    const dump = await db.pglite!.dumpDataDir("gzip");
    fs.writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }
  if (kinds.includes("postgres")) {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    // Leftovers of an interrupted run.
    const old = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'erp_t\\_%' OR datname = $1",
      [PG_TEMPLATE],
    );
    for (const { datname } of old.rows) {
      await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${PG_TEMPLATE}" TEMPLATE template0 ENCODING 'UTF8'`);
    const db = await openPostgres(pgUrl(PG_TEMPLATE), 1);
    await migrate(db);
    await db.close();
    await admin.query(`ALTER DATABASE "${PG_TEMPLATE}" WITH IS_TEMPLATE true`);
    await admin.end();
  }
}
