/**
 * A benchmark's own scratch database on the admin connection's PostgreSQL (report.bench.ts,
 * console.bench.ts): dropped and created again, or kept when `reuse` and it exists (BENCH_REUSE=1:
 * building a dataset takes minutes). Answers its URL.
 */
import { Client } from "pg";

export async function scratchDatabase(adminUrl: string, name: string, reuse: boolean): Promise<string> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = (await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount;
    if (!reuse || !exists) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}
