/**
 * The staff second factor (issue 37; the rules are in ./README.md): TOTP secrets (RFC 6238, 30 s,
 * 6 digits, SHA-1 — what every authenticator app reads from the QR code) encrypted at rest with
 * MFA_KEY (lib/secret-box.ts); ten single-use recovery codes kept as SHA-256; the login challenge
 * between the password and the code; the policy; the re-authentication window.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { type MfaStep, mfaRequiredFor } from "../../../src/domain/mfa";
import type { Executor } from "../../db/client";
import { queryOne } from "../../db/query";
import { conflict } from "../../lib/errors";
import { openSecret, sealSecret, secretBoxKey } from "../../lib/secret-box";

export const TOTP_ISSUER = "Vigilanza ERP";
const PERIOD = 30;
/** A code of the previous or the next 30 seconds is accepted too (clock drift of the phone). */
const WINDOW = 1;
export const RECOVERY_CODES = 10;
/** The challenge between the password and the code: 5 minutes, 5 wrong codes. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_ATTEMPTS = 5;

type KeyConfig = Parameters<typeof secretBoxKey>[0];
const owner = (userId: number) => `user:${userId}`;

function totpOf(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

export interface MfaRow {
  secret_enc: string;
  confirmed_at: Date | string | null;
  last_step: number | string | null;
}

export async function mfaRow(ex: Executor, userId: number): Promise<MfaRow | undefined> {
  return queryOne<MfaRow>(ex, sql`SELECT secret_enc, confirmed_at, last_step FROM user_mfa WHERE user_id = ${userId}`);
}

export async function mfaEnabled(ex: Executor, userId: number): Promise<boolean> {
  return Boolean((await mfaRow(ex, userId))?.confirmed_at);
}

/**
 * Starts (or restarts) an enrolment: a new secret, kept unconfirmed until a code proves the app
 * has it. Refused by the caller when a confirmed secret exists (disable it first).
 */
export async function startEnrolment(
  ex: Executor,
  config: KeyConfig,
  user: { id: number; username: string },
  now: Date,
): Promise<{ secret: string; otpauth_url: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const sealed = sealSecret(secretBoxKey(config), owner(user.id), secret);
  const stored = await queryOne<{ user_id: number }>(
    ex,
    sql`INSERT INTO user_mfa (user_id, secret_enc, created_at) VALUES (${user.id}, ${sealed}, ${now})
        ON CONFLICT (user_id) DO UPDATE SET secret_enc = EXCLUDED.secret_enc, created_at = EXCLUDED.created_at,
          last_step = NULL
        WHERE user_mfa.confirmed_at IS NULL
        RETURNING user_id`,
  );
  // a confirmed secret is never replaced here (disable it first)
  if (!stored) throw conflict("La verifica in due passaggi è già attiva: disattivala prima di associare un'altra app");
  return { secret, otpauth_url: totpOf(secret, user.username).toString() };
}

/**
 * Checks a 6-digit code against the user's secret (confirmed, or the pending one when
 * `pending`) and records its time step, so the same code (or an older one) is refused after.
 */
export async function acceptTotp(
  ex: Executor,
  config: KeyConfig,
  userId: number,
  code: string,
  now: Date,
  pending = false,
): Promise<boolean> {
  const row = await mfaRow(ex, userId);
  if (!row || Boolean(row.confirmed_at) === pending || !/^\d{6}$/.test(code)) return false;
  const secret = openSecret(secretBoxKey(config), owner(userId), row.secret_enc);
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    period: PERIOD,
    timestamp,
    window: WINDOW,
  });
  if (delta === null) return false;
  const step = TOTP.counter({ period: PERIOD, timestamp }) + delta;
  const taken = await queryOne<{ user_id: number }>(
    ex,
    sql`UPDATE user_mfa SET last_step = ${step}
        WHERE user_id = ${userId} AND (last_step IS NULL OR last_step < ${step}) RETURNING user_id`,
  );
  return Boolean(taken);
}

const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");
const hashRecovery = (code: string) => crypto.hash("sha256", normaliseRecovery(code), "buffer");

/** Spends a recovery code (once). */
export async function spendRecoveryCode(ex: Executor, userId: number, code: string, now: Date): Promise<boolean> {
  const n = normaliseRecovery(code);
  if (n.length !== 10) return false;
  const used = await queryOne<{ id: number }>(
    ex,
    sql`UPDATE user_mfa_recovery_codes SET used_at = ${now}
        WHERE id = (SELECT id FROM user_mfa_recovery_codes
                    WHERE user_id = ${userId} AND code_hash = ${hashRecovery(n)} AND used_at IS NULL LIMIT 1)
          AND used_at IS NULL
        RETURNING id`,
  );
  return Boolean(used);
}

/** The second factor of a login or re-authentication: an app code, or a recovery code. */
export async function checkSecondFactor(
  ex: Executor,
  config: KeyConfig,
  userId: number,
  code: string,
  now: Date,
): Promise<"totp" | "recovery" | null> {
  const c = code.trim();
  if (/^\d{6}$/.test(c)) return (await acceptTotp(ex, config, userId, c, now)) ? "totp" : null;
  return (await spendRecoveryCode(ex, userId, c, now)) ? "recovery" : null;
}

const RECOVERY_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I

/** Replaces the user's recovery codes with ten new ones, answered once (`XXXXX-XXXXX`). */
export async function newRecoveryCodes(ex: Executor, userId: number): Promise<string[]> {
  await ex.execute(sql`DELETE FROM user_mfa_recovery_codes WHERE user_id = ${userId}`);
  const codes: string[] = [];
  for (let i = 0; i < RECOVERY_CODES; i++) {
    const bytes = crypto.randomBytes(10);
    const raw = [...bytes].map((b) => RECOVERY_ALPHABET[b % 32]).join("");
    codes.push(`${raw.slice(0, 5)}-${raw.slice(5)}`);
    await ex.execute(
      sql`INSERT INTO user_mfa_recovery_codes (user_id, code_hash) VALUES (${userId}, ${hashRecovery(raw)})`,
    );
  }
  return codes;
}

/** Confirms a pending enrolment with a code from the app: the secret becomes the user's factor. */
export async function confirmEnrolment(
  ex: Executor,
  config: KeyConfig,
  userId: number,
  code: string,
  now: Date,
): Promise<string[] | null> {
  if (!(await acceptTotp(ex, config, userId, code, now, true))) return null;
  await ex.execute(sql`UPDATE user_mfa SET confirmed_at = ${now} WHERE user_id = ${userId}`);
  return newRecoveryCodes(ex, userId);
}

/** Removes the user's second factor and recovery codes (disable, `user reset-2fa`). */
export async function removeMfa(ex: Executor, userId: number): Promise<boolean> {
  await ex.execute(sql`DELETE FROM user_mfa_recovery_codes WHERE user_id = ${userId}`);
  const gone = await queryOne<{ user_id: number }>(
    ex,
    sql`DELETE FROM user_mfa WHERE user_id = ${userId} RETURNING user_id`,
  );
  return Boolean(gone);
}

export async function recoveryCodesLeft(ex: Executor, userId: number): Promise<number> {
  const r = await queryOne<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM user_mfa_recovery_codes WHERE user_id = ${userId} AND used_at IS NULL`,
  );
  return Number(r?.n ?? 0);
}

// ── The policy ────────────────────────────────────────────────────────────────────────────────

export interface AuthSettingsRow {
  mfa_required: boolean;
  mfa_required_permissions: string[];
  sso_required: boolean;
  sso_break_glass_username: string;
}

export async function authSettings(ex: Executor): Promise<AuthSettingsRow> {
  const row = await queryOne<AuthSettingsRow>(
    ex,
    sql`SELECT mfa_required, mfa_required_permissions, sso_required, sso_break_glass_username FROM auth_settings WHERE id = 1`,
  );
  return (
    row ?? { mfa_required: false, mfa_required_permissions: [], sso_required: false, sso_break_glass_username: "" }
  );
}

/** Whether the policy makes the second factor compulsory for a user with these permissions. */
export async function mfaRequired(ex: Executor, permissions: readonly string[]): Promise<boolean> {
  return mfaRequiredFor(await authSettings(ex), permissions);
}

// ── The login challenge ───────────────────────────────────────────────────────────────────────

const hashChallenge = (c: string) => crypto.hash("sha256", c, "buffer");

export async function createChallenge(
  ex: Executor,
  userId: number,
  kind: MfaStep,
  now: Date,
  meta: { ip?: string; userAgent?: string },
): Promise<string> {
  const challenge = crypto.randomBytes(32).toString("base64url");
  await ex.execute(
    sql`INSERT INTO login_challenges (user_id, challenge_hash, kind, created_at, expires_at, ip, user_agent)
        VALUES (${userId}, ${hashChallenge(challenge)}, ${kind}, ${now},
                ${new Date(now.getTime() + CHALLENGE_MINUTES * 60_000)}, ${meta.ip ?? null},
                ${meta.userAgent?.slice(0, 300) ?? null})`,
  );
  await ex.execute(sql`DELETE FROM login_challenges WHERE expires_at < ${new Date(now.getTime() - 86_400_000)}`);
  return challenge;
}

export interface ChallengeRow {
  id: number;
  user_id: number;
  kind: MfaStep;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  permissions: string[];
}

/** The live challenge (not used, not expired, not burned, its user still active), or undefined. */
export async function findChallenge(ex: Executor, challenge: string, now: Date): Promise<ChallengeRow | undefined> {
  return queryOne<ChallengeRow>(
    ex,
    sql`SELECT c.id, c.user_id, c.kind, u.username, u.email, u.nome, u.cognome, u.permissions
        FROM login_challenges c JOIN users u ON u.id = c.user_id
        WHERE c.challenge_hash = ${hashChallenge(challenge)} AND c.used_at IS NULL AND c.expires_at > ${now}
          AND c.attempts < ${CHALLENGE_ATTEMPTS} AND u.attivo`,
  );
}

/** A wrong code: one attempt fewer (the fifth burns the challenge). */
export async function challengeFailed(ex: Executor, id: number): Promise<void> {
  await ex.execute(sql`UPDATE login_challenges SET attempts = attempts + 1 WHERE id = ${id}`);
}

/** Marks the challenge used; false when a parallel request used it first. */
export async function spendChallenge(ex: Executor, id: number, now: Date): Promise<boolean> {
  const r = await queryOne<{ id: number }>(
    ex,
    sql`UPDATE login_challenges SET used_at = ${now} WHERE id = ${id} AND used_at IS NULL RETURNING id`,
  );
  return Boolean(r);
}

// Re-authentication: a route declares `config.reauth: true` and the guard checks the window
// (plugins/auth-guard.ts, requireRecentAuth); POST reauth/ (mfa.routes.ts) opens it.
