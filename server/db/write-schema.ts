/**
 * `npm run db:schema`: migrates a new, empty database on the local PostgreSQL (PG_ADMIN_URL, by
 * default postgres://postgres@127.0.0.1:5432/postgres), writes server/db/schema.sql from it and
 * drops it. See schema-dump.ts.
 */
import fs from "node:fs";
import { Client } from "pg";
import { openPostgres } from "./client";
import { migrate } from "./migrate";
import { dumpSchema, SCHEMA_FILE } from "./schema-dump";

async function main() {
  const adminUrl = process.env.PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `erp_schema_${process.pid}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), 1);
    await migrate(db);
    await db.close();
    fs.writeFileSync(SCHEMA_FILE, dumpSchema(url.toString()));
    console.log(`Scritto ${SCHEMA_FILE}`);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
