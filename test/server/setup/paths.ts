import path from "node:path";

export const ROOT = path.join(__dirname, "..", "..", "..");
export const TMP = path.join(ROOT, ".tmp");
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * One jest run = one run id (the jest parent's pid, set by global-setup and inherited by the
 * workers), so several runs on one machine never touch each other's databases or snapshots.
 */
export function runId(): string {
  return process.env.ERP_TEST_RUN ?? String(process.pid);
}

export const pgTemplate = () => `erp_tpl_${runId()}`;
export const pgliteSnapshot = () => path.join(TMP, `pglite-migrated-${runId()}.tar.gz`);

/**
 * The run's PostgreSQL roles (server/db/roles.ts), created by global-setup: migrations run as the
 * owner, the server of every suite connects as the application role.
 */
export const pgOwnerRole = () => `erp_r_${runId()}_owner`;
export const pgAppRole = () => `erp_r_${runId()}_app`;
export const PG_TEST_ROLE = /^erp_r_(\d+)_(owner|app)$/;
/** Their password (ignored by a server that trusts local connections). */
export const PG_TEST_ROLE_PASSWORD = "erp-test-role";

/** `database` on the test server, as the admin (a superuser) or as `role`. */
export function pgUrl(database: string, role?: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${database}`;
  if (role) {
    u.username = role;
    u.password = PG_TEST_ROLE_PASSWORD;
  }
  return u.toString();
}

/** Which databases the server suites run against: TEST_DB=pglite,postgres (default both). */
export function testDbKinds(): ("pglite" | "postgres")[] {
  const v = (process.env.TEST_DB ?? "pglite,postgres").split(",").map((s) => s.trim());
  return v.filter((k): k is "pglite" | "postgres" => k === "pglite" || k === "postgres");
}

export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
