import { Client } from "pg";
import { PG_ADMIN_URL, PG_TEMPLATE, testDbKinds } from "./paths";

export default async function globalTeardown() {
  if (!testDbKinds().includes("postgres")) return;
  const admin = new Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`ALTER DATABASE "${PG_TEMPLATE}" WITH IS_TEMPLATE false`).catch(() => {});
  await admin.query(`DROP DATABASE IF EXISTS "${PG_TEMPLATE}" WITH (FORCE)`).catch(() => {});
  await admin.end();
}
