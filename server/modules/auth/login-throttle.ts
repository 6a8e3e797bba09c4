/**
 * What keeps password guessing out of POST /api/auth/login/ without handing anyone a button that
 * locks an account (the threat model is in ./README.md). Every attempt RESERVES, before the
 * password is verified, a hit in each of:
 *   - the address: 20 failures / 15 min (RATE_RULES.loginIp);
 *   - the (address, account) pair: 5 failures / 15 min (RATE_RULES.loginAccountIp);
 *   - the account's back-off (lib/login-backoff.ts), only for an address the account never logged
 *     in from: after 5 failures one try 1 s after the previous, then 2 s, 4 s, … at most 15 minutes
 *     apart (keyed by the name tried, existing or not).
 * A reservation is one atomic statement, so parallel requests cannot all slip past a check before
 * any of them is counted. A failure keeps its reservations; a success gives them back (the pair
 * is cleared) and records the address as known (table login_known_addresses).
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  backoffKey,
  clearBackoff,
  type Reservation,
  releaseBackoff,
  reserveBackoff,
  reserveInOrder,
} from "../../lib/login-backoff";
import { clearRateLimit, RATE_RULES, rateKey, releaseRateLimit, reserveRateLimit } from "../../lib/rate-limit";

/** An address stays known this long after its last successful login. */
export const KNOWN_ADDRESS_DAYS = 90;

/** The key of the (address, account) counter: the address first, so a long name cannot push it out. */
export const accountIpKey = (ip: string, username: string) => `${ip} ${rateKey(username)}`;

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
  const steps: Reservation[] = [
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
    const key = backoffKey("staff", a.username);
    steps.push({ take: () => reserveBackoff(ex, key, now), giveBack: () => releaseBackoff(ex, key) });
  }
  await reserveInOrder(steps);
}

/** After a correct password: the reservations did not count, and the address is now known. */
export async function loginSucceeded(ex: Executor, a: LoginAttempt & { userId: number }, now: Date): Promise<void> {
  await passwordSucceeded(ex, a);
  await rememberAddress(ex, a.userId, a.ip, now);
}

/**
 * A correct password with a second factor still due: the reservations are given back, but the
 * address becomes known only once the code is right too (issue 37).
 */
export async function passwordSucceeded(ex: Executor, a: LoginAttempt): Promise<void> {
  await releaseRateLimit(ex, RATE_RULES.loginIp, a.ip);
  await clearRateLimit(ex, RATE_RULES.loginAccountIp, accountIpKey(a.ip, a.username));
  if (!a.knownAddress) await releaseBackoff(ex, backoffKey("staff", a.username));
}

/**
 * The code step (login/code/, login/enrol/confirm/) counts like the password: 20 failures / 15 min
 * per address, and its own per-account back-off (`mfa:<name>`, every address: whoever is here
 * already has the password). Reserved before the code is checked; `codeSucceeded` gives it back.
 */
export async function reserveCodeAttempt(ex: Executor, username: string, ip: string, now: Date): Promise<void> {
  const key = backoffKey("mfa", username);
  await reserveInOrder([
    {
      take: () => reserveRateLimit(ex, RATE_RULES.loginIp, ip, now),
      giveBack: () => releaseRateLimit(ex, RATE_RULES.loginIp, ip),
    },
    { take: () => reserveBackoff(ex, key, now), giveBack: () => releaseBackoff(ex, key) },
  ]);
}

export async function codeSucceeded(ex: Executor, username: string, ip: string): Promise<void> {
  await releaseRateLimit(ex, RATE_RULES.loginIp, ip);
  await releaseBackoff(ex, backoffKey("mfa", username));
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
  await clearBackoff(ex, backoffKey("staff", user.username));
  await clearRateLimit(ex, RATE_RULES.loginAccountIp, accountIpKey(ip, user.username));
  await rememberAddress(ex, user.id, ip, now);
}
