/**
 * Rate limits kept in the database (table rate_limits, migration 0100_auth.sql), so several
 * replicas behind a load balancer share the same counters. Fixed windows that start at the first
 * hit: one row per (bucket, key), updated with a single atomic upsert.
 *
 *   await reserveRateLimit(app.db, RATE_RULES.loginIp, request.ip, now); // take a hit, or 429 if none left
 *   await releaseRateLimit(app.db, RATE_RULES.loginIp, request.ip);      // give it back (it did not count)
 *   await consumeRateLimit(app.db, RATE_RULES.resetIp, request.ip, now); // count, then 429 if over
 *   await checkRateLimit(…) then hitRateLimit(…)                          // check, then count a failure
 *
 * Where the work a limit protects is slow (a password check), reserve BEFORE the work: a check
 * followed by a count lets parallel requests all pass the check before any of them is counted.
 *
 * The key of a per-IP rule is `request.ip`, which honours X-Forwarded-For only when
 * config.trustProxy is set, so a spoofed header cannot reset the counter.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { queryOne } from "../db/query";
import { tooManyRequests } from "./errors";

export interface RateRule {
  /** The counter's name, stored with each key. */
  bucket: string;
  /** Hits allowed in one window. */
  limit: number;
  windowSeconds: number;
}

const FIFTEEN_MINUTES = 15 * 60;

/**
 * The limits of the public auth endpoints. Login and password change count failures (reserved
 * before the password is verified, given back on success); reset and register count requests.
 */
export const RATE_RULES = {
  /** Key: `<ip> <username>` (loginAccountIpKey): one address guessing one account's password. */
  loginAccountIp: { bucket: "login-account-ip", limit: 5, windowSeconds: FIFTEEN_MINUTES },
  loginIp: { bucket: "login-ip", limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Key: the user id: wrong current passwords on POST /api/auth/change-password/. */
  passwordChangeUser: { bucket: "password-change-user", limit: 5, windowSeconds: FIFTEEN_MINUTES },
  /** Key: the user id: wrong passwords or codes on POST /api/auth/reauth/ (issue 37). */
  reauthUser: { bucket: "reauth-user", limit: 5, windowSeconds: FIFTEEN_MINUTES },
  resetAccount: { bucket: "reset-account", limit: 5, windowSeconds: FIFTEEN_MINUTES },
  resetIp: { bucket: "reset-ip", limit: 20, windowSeconds: FIFTEEN_MINUTES },
  resetCodeIp: { bucket: "reset-code-ip", limit: 20, windowSeconds: FIFTEEN_MINUTES },
  registerAccount: { bucket: "register-account", limit: 5, windowSeconds: FIFTEEN_MINUTES },
  registerIp: { bucket: "register-ip", limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** The guards' app (/api/app/): sign-in failures, and every write of one operator. */
  appLoginAccountIp: { bucket: "app-login-account-ip", limit: 5, windowSeconds: FIFTEEN_MINUTES },
  appLoginIp: { bucket: "app-login-ip", limit: 20, windowSeconds: FIFTEEN_MINUTES },
  appWrite: { bucket: "app-write", limit: 60, windowSeconds: 60 },
  /** Key: the operator id: photo uploads, refused or not — each costs image work (issue 30 item 7). */
  appFoto: { bucket: "app-foto", limit: 20, windowSeconds: 60 * 60 },
  /** The CMS counting app (/api/app/cms/): wrong access codes per address, and counts per device. */
  cmsAppLoginIp: { bucket: "cms-app-login-ip", limit: 20, windowSeconds: FIFTEEN_MINUTES },
  /** Key: `<evento> <device_id>`; a device posts every few seconds, a batch after being offline. */
  cmsDevice: { bucket: "cms-device", limit: 3000, windowSeconds: 60 },
  /**
   * Key: `<evento> <cms_utenti.id>`: the same limit for everything a steward's tokens post on an
   * event, whatever device ids they carry (issue 30 item 2: a limit keyed on the device alone is
   * multiplied by the devices one steward may bring, MAX_DISPOSITIVI_ADDETTO).
   */
  cmsAddetto: { bucket: "cms-addetto", limit: 3000, windowSeconds: 60 },
} as const satisfies Record<string, RateRule>;

/** Keys are case-insensitive (usernames) and bounded in length. */
export function rateKey(value: string): string {
  return value.trim().toLowerCase().slice(0, 200);
}

export interface Counter {
  window_start: Date | string;
  hits: number;
}

function retryAfter(rule: RateRule, c: Counter, now: Date): number {
  const end = new Date(c.window_start).getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((end - now.getTime()) / 1000));
}

/** Throws 429 (with Retry-After) when the key has already used up its window. Counts nothing. */
export async function checkRateLimit(ex: Executor, rule: RateRule, key: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  const c = await queryOne<Counter>(
    ex,
    sql`SELECT window_start, hits FROM rate_limits
        WHERE bucket = ${rule.bucket} AND key = ${rateKey(key)} AND window_start > ${since}`,
  );
  if (c && c.hits >= rule.limit) throw tooManyRequests(retryAfter(rule, c, now));
}

/**
 * The upsert that counts one hit on each key (a window older than the rule starts again at 1),
 * RETURNING key, window_start, hits — a statement of its own (hitRateLimit) or a CTE of a larger
 * write that must count in the same round trip (the counters' API, cms-app.service.ts).
 */
export function hitRateLimitSql(rule: RateRule, keys: string[], now: Date) {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  return sql`INSERT INTO rate_limits AS r (bucket, key, window_start, hits)
        SELECT ${rule.bucket}, k, ${now}::timestamptz, 1
          FROM unnest(${sql`ARRAY[${sql.join(
            keys.map((k) => sql`${rateKey(k)}::text`),
            sql`, `,
          )}]`}) AS k
        ON CONFLICT (bucket, key) DO UPDATE SET
          window_start = CASE WHEN r.window_start <= ${since} THEN EXCLUDED.window_start ELSE r.window_start END,
          hits = CASE WHEN r.window_start <= ${since} THEN 1 ELSE r.hits + 1 END
        RETURNING key, window_start, hits`;
}

/** Now and then (1 call in 100) drops the counters whose window ended long ago. */
export async function maybePruneRateLimits(ex: Executor, now: Date): Promise<void> {
  if (Math.random() < 0.01) await pruneRateLimits(ex, now);
}

/** The 429 for a counter over its rule's limit (Retry-After: the end of its window). */
export function rateLimitExceeded(rule: RateRule, c: Counter, now: Date) {
  return tooManyRequests(retryAfter(rule, c, now));
}

/** Counts one hit and returns the counter (a window older than the rule starts again at 1). */
export async function hitRateLimit(
  ex: Executor,
  rule: RateRule,
  key: string,
  now: Date,
): Promise<{ hits: number; retryAfterSeconds: number }> {
  const c = (await queryOne<Counter>(ex, hitRateLimitSql(rule, [key], now))) as Counter;
  await maybePruneRateLimits(ex, now);
  return { hits: c.hits, retryAfterSeconds: retryAfter(rule, c, now) };
}

/**
 * Takes one hit if the key has one left in its window, in ONE atomic statement (concurrent requests
 * queue on the row); throws 429 (with Retry-After) otherwise, counting nothing.
 */
export async function reserveRateLimit(ex: Executor, rule: RateRule, key: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  const k = rateKey(key);
  const taken = await queryOne<Counter>(
    ex,
    sql`INSERT INTO rate_limits AS r (bucket, key, window_start, hits)
        VALUES (${rule.bucket}, ${k}, ${now}, 1)
        ON CONFLICT (bucket, key) DO UPDATE SET
          window_start = CASE WHEN r.window_start <= ${since} THEN EXCLUDED.window_start ELSE r.window_start END,
          hits = CASE WHEN r.window_start <= ${since} THEN 1 ELSE r.hits + 1 END
        WHERE r.window_start <= ${since} OR r.hits < ${rule.limit}
        RETURNING window_start, hits`,
  );
  if (taken) {
    await maybePruneRateLimits(ex, now);
    return;
  }
  const c = await queryOne<Counter>(
    ex,
    sql`SELECT window_start, hits FROM rate_limits WHERE bucket = ${rule.bucket} AND key = ${k}`,
  );
  throw tooManyRequests(retryAfter(rule, c ?? { window_start: now, hits: rule.limit }, now));
}

/** Gives back a hit taken by reserveRateLimit (the attempt succeeded, or was refused later on). */
export async function releaseRateLimit(ex: Executor, rule: RateRule, key: string): Promise<void> {
  await ex.execute(
    sql`UPDATE rate_limits SET hits = hits - 1 WHERE bucket = ${rule.bucket} AND key = ${rateKey(key)} AND hits > 0`,
  );
}

/** Counts one hit and throws 429 when it goes over the limit (for rules that count every request). */
export async function consumeRateLimit(ex: Executor, rule: RateRule, key: string, now: Date): Promise<void> {
  const { hits, retryAfterSeconds } = await hitRateLimit(ex, rule, key, now);
  if (hits > rule.limit) throw tooManyRequests(retryAfterSeconds);
}

/** Forgets a key's counter (after a successful login, that address's failures on the account start again). */
export async function clearRateLimit(ex: Executor, rule: RateRule, key: string): Promise<void> {
  await ex.execute(sql`DELETE FROM rate_limits WHERE bucket = ${rule.bucket} AND key = ${rateKey(key)}`);
}

/** Drops counters whose window ended more than a day ago. */
export async function pruneRateLimits(ex: Executor, now: Date): Promise<void> {
  await ex.execute(sql`DELETE FROM rate_limits WHERE window_start < ${new Date(now.getTime() - 86_400_000)}`);
}
