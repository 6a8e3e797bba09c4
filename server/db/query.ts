import crypto from "node:crypto";
import { is, type SQL } from "drizzle-orm";
import { NodePgSession } from "drizzle-orm/node-postgres/session";
import type { Executor } from "./client";
import { renderSql } from "./render-sql";

interface PgQueryable {
  query(config: object): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The pg pool (or a transaction's client) behind a drizzle executor on PostgreSQL; undefined on PGlite. */
function pgClient(ex: Executor): PgQueryable | undefined {
  const session = (ex as unknown as { session?: unknown }).session;
  if (!is(session, NodePgSession)) return undefined;
  return (session as unknown as { client: ReturnType<typeof pgClient> }).client;
}

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
    // Text and values, not a config object (pg copies that property by property, ~6 µs a call):
    // the pool's connections parse types as db/text-types.ts says (db/client.ts).
    return (await client.query(q.sql, q.params)).rows as T[];
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
  return (await client.query({ name, text: q.sql, values: q.params })).rows as T[];
}

export async function queryOnePrepared<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRowsPrepared<T>(ex, query))[0];
}
