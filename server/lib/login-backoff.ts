/**
 * The growing delay per account name that keeps password guessing spread over many addresses slow
 * (table login_backoff, migration 0102), shared by every sign-in: the staff login
 * (modules/auth/login-throttle.ts), the guards' app and the counting app. After BACKOFF.freeFailures
 * failures, one try 1 s after the previous, then 2 s, 4 s, … at most 15 minutes apart; forgotten a
 * day after the last try. A key is a name tried, existing or not, so the delay tells nothing about
 * which accounts exist; each sign-in has its own key space (`backoffKey`).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { queryOne } from "../db/query";
import { tooManyRequests } from "./errors";
import { rateKey } from "./rate-limit";

export const BACKOFF = {
  /** Failures before the delay starts. */
  freeFailures: 5,
  maxDelaySeconds: 15 * 60,
  /** The account's failures are forgotten this long after the last try. */
  forgetAfterSeconds: 24 * 60 * 60,
} as const;

/** Which sign-in a key belongs to: staff names keep the bare name (the rows before this file). */
export type BackoffScope = "staff" | "app" | "cms" | "mfa";

export function backoffKey(scope: BackoffScope, name: string): string {
  return scope === "staff" ? rateKey(name) : `${scope}:${rateKey(name)}`;
}

/** Seconds a try waits after the previous one, given the failures so far (SQL). */
const delaySeconds = (failures: SQL) =>
  sql`LEAST(${BACKOFF.maxDelaySeconds}::float8,
            CASE WHEN ${failures} >= ${BACKOFF.freeFailures}
                 THEN power(2::float8, ${failures} - ${BACKOFF.freeFailures}) ELSE 0 END)`;

/** Takes one try of the key's back-off (one atomic statement), or throws 429 with the seconds left. */
export async function reserveBackoff(ex: Executor, key: string, now: Date): Promise<void> {
  const forget = new Date(now.getTime() - BACKOFF.forgetAfterSeconds * 1000);
  const taken = await queryOne<{ failures: number }>(
    ex,
    sql`INSERT INTO login_backoff AS b (key, failures, last_attempt_at) VALUES (${key}, 1, ${now})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN b.last_attempt_at <= ${forget} THEN 1 ELSE b.failures + 1 END,
          last_attempt_at = EXCLUDED.last_attempt_at
        WHERE b.last_attempt_at <= ${forget}
           OR b.failures < ${BACKOFF.freeFailures}
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

/** Gives back a try that did not count (a correct password). */
export async function releaseBackoff(ex: Executor, key: string): Promise<void> {
  await ex.execute(sql`UPDATE login_backoff SET failures = failures - 1 WHERE key = ${key} AND failures > 0`);
}

/** Forgets the key's failures (a password reset: the guesses were against the old password). */
export async function clearBackoff(ex: Executor, key: string): Promise<void> {
  await ex.execute(sql`DELETE FROM login_backoff WHERE key = ${key}`);
}

/** One reservation of a sign-in: a hit taken before the password is verified, and how to give it back. */
export interface Reservation {
  take: () => Promise<void>;
  giveBack: () => Promise<void>;
}

/** Takes each reservation in order; when one refuses (429), gives back those taken and rethrows. */
export async function reserveInOrder(steps: readonly Reservation[]): Promise<void> {
  const taken: Reservation["giveBack"][] = [];
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
