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

/** A statement's name, derived from its text: the same on every pooled connection. */
export function statementName(text: string): string {
  return `erp_${crypto.createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
}

/**
 * The name `names` holds for `text`, or a new one when `due(text)` says so and fewer than `max` are
 * held; undefined otherwise (the statement then runs unnamed, planned each time).
 */
function nameOf(names: Map<string, string>, text: string, max: number, due: (text: string) => boolean) {
  let name = names.get(text);
  if (!name && names.size < max && due(text)) {
    name = statementName(text);
    names.set(text, name);
  }
  return name;
}

const always = () => true;

/** Runs a statement on pg under `name` (parsed and planned once per connection) or unnamed. */
async function runNamed<T>(client: PgQueryable, name: string | undefined, q: { sql: string; params: unknown[] }) {
  if (!name) return (await client.query(q.sql, q.params)).rows as T[];
  return (await client.query({ name, text: q.sql, values: q.params })).rows as T[];
}

/**
 * queryRows for a hot statement of fixed shape (the token check, a shift's scope, the eligibility
 * query): on PostgreSQL it runs as a named prepared statement, so each pooled connection parses and
 * plans it once — planning was most of an assignment's database time (server/bench/NOTES.md).
 * The name is derived from the text; only statements whose text comes from a bounded set of shapes
 * belong here (a list's statements, whose text varies with the request, go through
 * queryRowsKeptPlan). PGlite runs it as usual.
 */
export async function queryRowsPrepared<T>(ex: Executor, query: SQL): Promise<T[]> {
  const client = pgClient(ex);
  if (!client) return queryRows<T>(ex, query);
  const q = renderSql(query);
  // Past MAX_NAMES the shapes are not bounded: an unnamed statement, planned each time.
  return runNamed<T>(client, nameOf(statementNames, q.sql, MAX_NAMES, always), q);
}

export async function queryOnePrepared<T>(ex: Executor, query: SQL): Promise<T | undefined> {
  return (await queryRowsPrepared<T>(ex, query))[0];
}

/** Texts of list statements seen once (at most 1,000, ~1.5 MB: emptied when full), and those named since. */
const seenOnce = new Set<string>();
const SEEN_ONCE_MAX = 1_000;
const keptPlans = new Map<string, string>();
/**
 * At most this many list statements are named per server process. Each costs every pooled
 * connection that runs it ~150–200 kB of PostgreSQL memory (the operators' page: its query tree,
 * its plan): 32 × 10 connections ≈ 60 MB per process at worst.
 */
export const MAX_KEPT_PLANS = 32;

/** Whether `text` was seen before (and is forgotten there); otherwise it is remembered. */
function seenBefore(text: string): boolean {
  if (seenOnce.delete(text)) return true;
  if (seenOnce.size >= SEEN_ONCE_MAX) seenOnce.clear();
  seenOnce.add(text);
  return false;
}

/**
 * queryRows for a list's page or count (a list declared with `keepPlans`): the text varies with the
 * request, so a statement is named — and each pooled connection keeps its plan — only the second
 * time its text is seen, up to MAX_KEPT_PLANS per process, first come: what repeats (a screen's
 * first page, a page everybody opens, the dashboard's figures) is planned once per connection, the
 * rest as usual. Bound values stay parameters; PostgreSQL chooses between its custom and generic
 * plans (see `keepPlans` in server/lib/list/types.ts). PGlite runs it as usual.
 */
export async function queryRowsKeptPlan<T>(ex: Executor, query: SQL): Promise<T[]> {
  const client = pgClient(ex);
  if (!client) return queryRows<T>(ex, query);
  const q = renderSql(query);
  return runNamed<T>(client, nameOf(keptPlans, q.sql, MAX_KEPT_PLANS, seenBefore), q);
}
