import crypto from "node:crypto";
import { is, type SQL } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres/session";
import pg from "pg";
import type { Executor } from "./client";
import { renderSql } from "./render-sql";

/** The pg pool (or a transaction's client) behind a drizzle executor on PostgreSQL; undefined on PGlite. */
function pgClient(ex: Executor): { query: (config: object) => Promise<{ rows: unknown[] }> } | undefined {
  const session = (ex as unknown as { session?: unknown }).session;
  if (!is(session, NodePgSession)) return undefined;
  return (session as unknown as { client: ReturnType<typeof pgClient> }).client;
}

/**
 * The type parsing drizzle applies to a raw query on node-postgres — date, time and interval types
 * as the database's text — built once instead of once per query.
 */
const TEXT_TYPE_IDS = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231,
  1115,
  1185,
  1187,
  1182,
]);
const asText = (v: string) => v;
const DRIZZLE_TYPES = {
  getTypeParser: (typeId: number, format?: "text" | "binary") =>
    TEXT_TYPE_IDS.has(typeId) ? asText : pg.types.getTypeParser(typeId, format),
};

/**
 * Runs a raw `sql` query and returns its rows (the same shape on PGlite and PostgreSQL). On
 * PostgreSQL the statement goes straight to pg, rendered by renderSql, with drizzle's own type
 * parsing: drizzle's execute builds a prepared-query object, two configurations and their closures
 * for every call, and its renderer costs three times ours — a measurable part of a small list
 * request (server/bench/NOTES.md).
 */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const client = pgClient(ex);
  if (client) {
    const q = renderSql(query);
    return (await client.query({ text: q.sql, values: q.params, types: DRIZZLE_TYPES })).rows as T[];
  }
  const res = (await ex.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** The first row, or undefined. */
export async function queryOne<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRows<T>(ex, query))[0];
}

const statementNames = new Map<string, string>();
const MAX_NAMES = 500;

/**
 * queryRows for a hot statement of fixed shape (the token check, a shift's scope, the eligibility
 * query): on PostgreSQL it runs as a named prepared statement, so each pooled connection parses and
 * plans it once — planning was most of an assignment's database time (server/bench/NOTES.md).
 * The name is derived from the text; only statements whose text comes from a bounded set of shapes
 * belong here (never a list query, whose text varies with the filters). PGlite runs it as usual.
 */
export async function queryRowsPrepared<T>(ex: Executor, query: SQL): Promise<T[]> {
  const client = pgClient(ex);
  if (!client) return queryRows<T>(ex, query);
  const q = renderSql(query);
  let name = statementNames.get(q.sql);
  // Past MAX_NAMES the shapes are not bounded: an unnamed statement, planned each time.
  if (!name && statementNames.size < MAX_NAMES) {
    name = `erp_${crypto.createHash("sha1").update(q.sql).digest("hex").slice(0, 24)}`;
    statementNames.set(q.sql, name);
  }
  return (await client.query({ name, text: q.sql, values: q.params, types: DRIZZLE_TYPES })).rows as T[];
}

export async function queryOnePrepared<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRowsPrepared<T>(ex, query))[0];
}
