import path from "node:path";

export const ROOT = path.join(__dirname, "..", "..", "..");
export const TMP = path.join(ROOT, ".tmp");
export const PGLITE_SNAPSHOT = path.join(TMP, "pglite-migrated.tar.gz");
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const PG_TEMPLATE = "erp_test_template";

export function pgUrl(database: string): string {
  const u = new URL(PG_ADMIN_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Which databases the server suites run against: TEST_DB=pglite,postgres (default both). */
export function testDbKinds(): ("pglite" | "postgres")[] {
  const v = (process.env.TEST_DB ?? "pglite,postgres").split(",").map((s) => s.trim());
  return v.filter((k): k is "pglite" | "postgres" => k === "pglite" || k === "postgres");
}
