/**
 * What keeps password guessing out of POST /api/auth/login/ without handing anyone a button that
 * locks an account (the threat model is in ./README.md). Every attempt RESERVES, before the
 * password is verified, a hit in each of:
 *   - the address: 20 failures / 15 min (RATE_RULES.loginIp);
 *   - the (address, account) pair: 5 failures / 15 min (RATE_RULES.loginAccountIp);
 *   - the account's back-off, only for an address the account never logged in from: after
 *     BACKOFF.freeFailures failures, one try 1 s after the previous, then 2 s, 4 s, … at most
 *     15 minutes apart (table login_backoff, keyed by the name tried, existing or not).
 * A reservation is one atomic statement, so parallel requests cannot all slip past a check before
 * any of them is counted. A failure keeps its reservations; a success gives them back (the pair
 * is cleared) and records the address as known (table login_known_addresses).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { queryOne } from "../../db/query";
import { tooManyRequests } from "../../lib/errors";
import { clearRateLimit, RATE_RULES, rateKey, releaseRateLimit, reserveRateLimit } from "../../lib/rate-limit";

export const BACKOFF = {
  /** Failures from unknown addresses before the delay starts. */
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  /** The account's failures are forgotten this long after the last try. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** An address stays known this long after its last successful login. */
export const KNOWN_ADDRESS_DAYS = 90;

/** The key of the (address, account) counter: the address first, so a long name cannot push it out. */
export const accountIpKey = (ip: string, username: string) => `${ip} ${rateKey(username)}`;

/** Seconds an unknown address waits after the previous try, given the failures so far (SQL). */
const delaySeconds = (failures: SQL) =>
  sql`LEAST(${BACKOFF.maxDelaySeconds}::float8,
            CASE WHEN ${failures} >= ${BACKOFF.freeFailures}
                 THEN power(2::float8, ${failures} - ${BACKOFF.freeFailures}) ELSE 0 END)`;

/** Takes one try of the account's back-off, or throws 429 with the seconds left. */
async function reserveBackoff(ex: Executor, username: string, now: Date): Promise<void> {
  const key = rateKey(username);
  const forget = new Date(now.getTime() - BACKOFF.forgetAfterSeconds * 1000);
  const taken = await queryOne<{ failures: number }>(
    ex,
    sql`INSERT INTO login_backoff AS b (key, failures, last_attempt_at) VALUES (${key}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN b.last_attempt_at <= ${forget} THEN 1 ELSE b.failures + 1 END,
          last_attempt_at = EXCLUDED.last_attempt_at
        WHERE b.last_attempt_at <= ${forget}
           OR b.last_attempt_at + make_interval(secs => ${delaySeconds(sql`b.failures`)}) <= EXCLUDED.last_attempt_at
        RETURNING failures`,
  );
  if (taken) {
    if (Math.random() < 0.01) await ex.execute(sql`DELETE FROM login_backoff WHERE last_attempt_at <= ${forget}`);
    return;
  }
  const wait = await queryOne<{ seconds: number }>(
    ex,
    sql`SELECT extract(epoch FROM b.last_attempt_at + make_interval(secs => ${delaySeconds(sql`b.failures`)})
                                 - ${now}::timestamptz)::float8 AS seconds
        FROM login_backoff b WHERE b.key = ${key}`,
  );
  throw tooManyRequests(Math.ceil(wait?.seconds ?? 1));
}

async function releaseBackoff(ex: Executor, username: string): Promise<void> {
  await ex.execute(
    sql`UPDATE login_backoff SET failures = failures - 1 WHERE key = ${rateKey(username)} AND failures > 0`,
  );
}

export interface LoginAttempt {
  username: string;
  ip: string;
  /** The account logged in from this address before: no back-off. */
  knownAddress: boolean;
}

/**
 * Reserves the attempt's hits (see the file comment), or throws 429 having given back whatever it
 * took. Call before verifying the password.
 */
export async function reserveLoginAttempt(ex: Executor, a: LoginAttempt, now: Date): Promise<void> {
  const steps: { take: () => Promise<void>; giveBack: () => Promise<void> }[] = [
    {
      take: () => reserveRateLimit(ex, RATE_RULES.loginIp, a.ip, now),
      giveBack: () => releaseRateLimit(ex, RATE_RULES.loginIp, a.ip),
    },
    {
      take: () => reserveRateLimit(ex, RATE_RULES.loginAccountIp, accountIpKey(a.ip, a.username), now),
      giveBack: () => releaseRateLimit(ex, RATE_RULES.loginAccountIp, accountIpKey(a.ip, a.username)),
    },
  ];
  if (!a.knownAddress) {
    steps.push({ take: () => reserveBackoff(ex, a.username, now), giveBack: () => releaseBackoff(ex, a.username) });
  }
  const taken: (() => Promise<void>)[] = [];
  try {
    for (const step of steps) {
      await step.take();
      taken.push(step.giveBack);
    }
  } catch (e) {
    for (const giveBack of taken) await giveBack();
    throw e;
  }
}

/** After a correct password: the reservations did not count, and the address is now known. */
export async function loginSucceeded(ex: Executor, a: LoginAttempt & { userId: number }, now: Date): Promise<void> {
  await releaseRateLimit(ex, RATE_RULES.loginIp, a.ip);
  await clearRateLimit(ex, RATE_RULES.loginAccountIp, accountIpKey(a.ip, a.username));
  if (!a.knownAddress) await releaseBackoff(ex, a.username);
  await rememberAddress(ex, a.userId, a.ip, now);
}

/**
 * Records an address the user proved to be theirs (a login, or a password reset through the mailed
 * link and code) and forgets the user's addresses unused for KNOWN_ADDRESS_DAYS.
 */
export async function rememberAddress(ex: Executor, userId: number, ip: string, now: Date): Promise<void> {
  await ex.execute(
    sql`INSERT INTO login_known_addresses (user_id, ip, first_seen_at, last_seen_at)
        VALUES (${userId}, ${ip}, ${now}, ${now})
        ON CONFLICT (user_id, ip) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
  );
  await ex.execute(
    sql`DELETE FROM login_known_addresses WHERE user_id = ${userId} AND last_seen_at < ${knownSince(now)}`,
  );
}

/** The oldest last login that still makes an address known. */
export function knownSince(now: Date): Date {
  return new Date(now.getTime() - KNOWN_ADDRESS_DAYS * 86_400_000);
}

/**
 * After a password reset by mail: the guesses made so far were against the old password, so the
 * account's back-off and this address's failures start again, and the address becomes known.
 */
export async function forgetLoginFailures(
  ex: Executor,
  user: { id: number; username: string },
  ip: string,
  now: Date,
): Promise<void> {
  await ex.execute(sql`DELETE FROM login_backoff WHERE key = ${rateKey(user.username)}`);
  await clearRateLimit(ex, RATE_RULES.loginAccountIp, accountIpKey(ip, user.username));
  await rememberAddress(ex, user.id, ip, now);
}
