/**
 * Once per jest run: migrate a PGlite database and save it as a snapshot, and build a migrated
 * template database on the local PostgreSQL. Each test file starts its databases from these.
 * On PostgreSQL the run has its own owner and application roles, set up by the code of
 * `npm run erp -- db setup-roles` on the empty template; the migrations run as the owner.
 */
import fs from "node:fs";
import { Client } from "pg";
import { openPglite, openPostgres } from "../../../server/db/client";
import { migrate } from "../../../server/db/migrate";
import { setupRoles } from "../../../server/db/roles";
import {
  PG_ADMIN_URL,
  PG_TEST_ROLE,
  PG_TEST_ROLE_PASSWORD,
  pgAppRole,
  pgliteSnapshot,
  pgOwnerRole,
  pgTemplate,
  pgUrl,
  pidAlive,
  TMP,
  testDbKinds,
} from "./paths";

export default async function globalSetup() {
  process.env.TZ = "Europe/Rome";
  process.env.ERP_TEST_RUN = String(process.pid);
  fs.mkdirSync(TMP, { recursive: true });
  const kinds = testDbKinds();
  if (kinds.includes("pglite")) {
    const db = await openPglite(undefined);
    await migrate(db);
    const dump = await db.pglite!.dumpDataDir("gzip");
    fs.writeFileSync(pgliteSnapshot(), Buffer.from(await dump.arrayBuffer()));
    await db.close();
  }
  if (kinds.includes("postgres")) {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    // Leftovers of interrupted runs whose process is gone.
    const old = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname ~ '^erp_(t|tpl)_[0-9]+'",
    );
    for (const { datname } of old.rows) {
      const pid = Number(/^erp_(?:t|tpl)_(\d+)/.exec(datname)?.[1]);
      if (pidAlive(pid)) continue;
      await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`).catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
    const roles = await admin.query<{ rolname: string }>("SELECT rolname FROM pg_roles WHERE rolname ~ '^erp_r_'");
    for (const { rolname } of roles.rows) {
      const pid = Number(PG_TEST_ROLE.exec(rolname)?.[1]);
      if (pid && !pidAlive(pid)) await admin.query(`DROP ROLE IF EXISTS "${rolname}"`).catch(() => {});
    }
    await admin.query(`CREATE DATABASE "${pgTemplate()}" TEMPLATE template0 ENCODING 'UTF8'`);
    const su = await openPostgres(pgUrl(pgTemplate()), 1);
    await setupRoles(su, {
      owner: pgOwnerRole(),
      app: pgAppRole(),
      ownerPassword: PG_TEST_ROLE_PASSWORD,
      appPassword: PG_TEST_ROLE_PASSWORD,
    });
    await su.close();
    const db = await openPostgres(pgUrl(pgTemplate(), pgOwnerRole()), 1);
    await migrate(db);
    await db.close();
    await admin.query(`ALTER DATABASE "${pgTemplate()}" WITH IS_TEMPLATE true`);
    await admin.end();
  }
}
