import fs from "node:fs";
import { Client } from "pg";
import { PG_ADMIN_URL, pgAppRole, pgliteSnapshot, pgOwnerRole, pgTemplate, testDbKinds } from "./paths";

export default async function globalTeardown() {
  fs.rmSync(pgliteSnapshot(), { force: true });
  if (!testDbKinds().includes("postgres")) return;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`ALTER DATABASE "${pgTemplate()}" WITH IS_TEMPLATE false`).catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS "${pgTemplate()}" WITH (FORCE)`).catch(() => {});
  // Left in place if a database of the run survives (an interrupted file): the next run drops them.
  for (const role of [pgAppRole(), pgOwnerRole()]) await admin.query(`DROP ROLE IF EXISTS "${role}"`).catch(() => {});
  await admin.end();
}
