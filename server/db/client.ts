/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL with DATABASE_URL.
 * Both are driven through drizzle-orm; migrations are plain SQL applied by ./migrate.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, any>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs a multi-statement SQL script without parameters (migrations, set-up). */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /** The embedded instance, for snapshots (tests) and data-dir dumps. */
  pglite?: PGlite;
}

export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gist }, { unaccent }] = await Promise.all([
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/contrib/btree_gist"),
    import("@electric-sql/pglite/contrib/unaccent"),
  ]);
  return { pg_trgm, btree_gist, unaccent };
}

/** Opens embedded PGlite. `loadDataDir` starts it from a dump (tests start from a migrated snapshot). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: await pgliteExtensions(),
    loadDataDir,
  });
  const db = drizzle(client) as unknown as Db;
  return {
    kind: "pglite",
    db,
    pglite: client,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    close: () => client.close(),
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // date and timestamp columns come back as strings; bigint counts as numbers.
  pg.types.setTypeParser(1082, (v: string) => v);
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max, application_name: "vigilanza-erp" });
  pool.on("error", () => {
    /* an idle client lost its connection: the pool replaces it */
  });
  const db = drizzle(pool) as unknown as Db;
  return {
    kind: "postgres",
    db,
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(config: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, "pgdata"));
}
