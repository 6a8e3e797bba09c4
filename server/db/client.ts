/**
 * Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL with DATABASE_URL.
 * Both are driven through drizzle-orm; migrations are plain SQL applied by ./migrate.ts.
 */
import fs from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { DRIZZLE_TYPES } from "./text-types";

export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = PgTransaction<PgQueryResultHKT, Record<string, never>, any>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export type Unlisten = () => Promise<void>;

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Runs a multi-statement SQL script without parameters (migrations, set-up). */
  exec(sqlText: string): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel. `onState(true)` once listening (again, after a reconnect), `onState(false)`
   * whenever notifications may have been missed. Resolves to a function that stops listening.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<Unlisten>;
  /** The embedded instance, for snapshots (tests) and data-dir dumps. */
  pglite?: PGlite;
  /**
   * PostgreSQL: the address the pool connects to, for work that opens a connection of its own in
   * another thread (an export's thread, server/lib/list/export/run-export.ts).
   */
  url?: string;
  /** PostgreSQL: the pool's connections now (server/lib/metrics.ts). */
  poolStats?: () => { total: number; idle: number; waiting: number };
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
    listen: async (channel, onNotify, onState) => {
      // One connection: a NOTIFY is delivered when the notifying statement's transaction commits.
      const stop = await client.listen(channel, onNotify);
      onState(true);
      return async () => {
        onState(false);
        if (!client.closed) await stop();
      };
    },
  };
}

/** The settings of every session of ours on PostgreSQL (see openPostgres). */
export const SESSION_OPTIONS = "-c jit=off -c max_parallel_workers_per_gather=0 -c random_page_cost=1.1";

/**
 * How every connection of ours that runs statements is made: the pool's, and an export thread's own
 * (server/lib/list/export/batches.ts) — the session settings and type parsers explained in openPostgres.
 */
export function sessionConfig(url: string, applicationName: string) {
  return { connectionString: url, application_name: applicationName, options: SESSION_OPTIONS, types: DRIZZLE_TYPES };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // date and timestamp columns come back as strings; bigint counts as numbers.
  pg.types.setTypeParser(1082, (v: string) => v);
  pg.types.setTypeParser(20, (v: string) => Number(v));
  // JIT off for our sessions: our statements are short or streamed, and on a 100,000-row export the
  // planner's JIT spent seconds compiling (inlining + optimisation) to save less than it cost.
  // No parallel workers either: on a small server ten connections already share two CPUs, and a
  // parallel count of 200,000 operators took 81–134 ms of CPU for a 57–89 ms answer — workers
  // only add their start-up to the same total (server/lib/list/README.md, Count). Set for the
  // session at connection time: no round trip per statement, and whatever the role.
  // random_page_cost 1.1 (the default 4 is for spinning disks): the database is in memory or on
  // SSD, where reading an index page costs what reading a table page does. With 4 the planner
  // counted 200,000 operators with a sequential scan of the 59-column table (5,261 pages, each
  // row decoded up to its 56th column) rather than an index-only scan of a 1,048-page index,
  // 2.7× slower measured.
  // types: dates and intervals as text on every connection, as drizzle reads them (db/text-types.ts),
  // so queryRows sends text and values without a per-call type configuration.
  const pool = new pg.Pool({ ...sessionConfig(url, "vigilanza-erp"), max });
  pool.on("error", () => {
    /* an idle client lost its connection: the pool replaces it */
  });
  // A client in use whose connection is lost (pg_terminate_backend, a failover) fails its query
  // AND emits 'error'; pg-pool listens only while the client is idle, and an 'error' nobody
  // listens to ends the process. The query's rejection reaches the request (503, plugins/errors.ts)
  // and the pool drops the client when it is released (issue 30 item 13).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzle(pool) as unknown as Db;
  return {
    kind: "postgres",
    db,
    url,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    exec: async (sqlText) => {
      await pool.query(sqlText);
    },
    close: () => pool.end(),
    listen: (channel, onNotify, onState) => listenPostgres(pg.Client, url, channel, onNotify, onState),
  };
}

/** LISTEN on a dedicated connection, reconnected with a growing pause (1 s … 30 s) if it drops. */
async function listenPostgres(
  ClientClass: typeof import("pg").Client,
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<Unlisten> {
  let stopped = false;
  let client: import("pg").Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pause = 1000;
  const connect = async (): Promise<void> => {
    const c = new ClientClass({ connectionString: url, application_name: "vigilanza-erp-listen" });
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      onState(false);
      c.end().catch(() => {});
      if (!stopped) {
        timer = setTimeout(() => void connect(), pause);
        timer.unref();
        pause = Math.min(pause * 2, 30_000);
      }
    };
    client = c;
    c.on("error", lost);
    c.on("end", lost);
    c.on("notification", (n) => {
      if (n.channel === channel) onNotify(n.payload ?? "");
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, "")}"`);
    } catch {
      lost(); // the cache stays off until a later attempt succeeds
      return;
    }
    if (stopped) return;
    pause = 1000;
    onState(true);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = undefined;
    onState(false);
    await c?.end().catch(() => {});
  };
}

export async function openDatabase(
  config: { databaseUrl?: string; dataDir: string },
  poolSize?: number,
): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, poolSize);
  return openPglite(path.join(config.dataDir, "pgdata"));
}
