/**
 * The guards' app tokens (/api/app/): a kind of their own, in table app_tokens (migration
 * 0501_console_app.sql), never in auth_tokens. The guard (server/plugins/auth-guard.ts) checks an
 * app route's token here and a back-office route's token in auth_tokens, so neither kind opens the
 * other's routes. Same shape as staff tokens: 256 random bits, kept only as SHA-256, idle and
 * absolute expiry; a token stops working when the operator loses `applicazione`, is deactivated,
 * or HR resets the credentials (all tokens revoked).
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { queryOnePrepared } from "../db/query";
import { hashToken, type TokenPolicy } from "./tokens";

export interface AppUser {
  operatoreId: number;
  fullName: string;
  tokenId: number;
}

const IDLE_REFRESH_MS = 60_000;

export async function issueAppToken(
  tx: Executor,
  operatoreId: number,
  policy: TokenPolicy,
  now: Date,
  ip: string | null,
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expires = new Date(now.getTime() + policy.tokenAbsoluteMinutes * 60_000);
  await tx.execute(sql`INSERT INTO app_tokens (operatore_id, token_hash, created_at, last_used_at, expires_at, ip)
                       VALUES (${operatoreId}, ${hashToken(token)}, ${now}, ${now}, ${expires}, ${ip})`);
  return token;
}

/** The operator behind an app token, or null (unknown, expired, revoked, app no longer enabled). */
export async function verifyAppToken(
  db: Executor,
  token: string,
  policy: TokenPolicy,
  now: Date,
): Promise<AppUser | null> {
  if (!token || token.length > 200) return null;
  const idleSince = new Date(now.getTime() - policy.tokenIdleMinutes * 60_000);
  const row = await queryOnePrepared<{
    token_id: number;
    operatore_id: number;
    full_name: string;
    last_used_at: string;
  }>(
    db,
    sql`SELECT t.id AS token_id, o.id AS operatore_id, trim(o.nome || ' ' || o.cognome) AS full_name, t.last_used_at
          FROM app_tokens t JOIN operatori o ON o.id = t.operatore_id
         WHERE t.token_hash = ${hashToken(token)} AND t.revoked_at IS NULL
           AND t.expires_at > ${now} AND t.last_used_at > ${idleSince}
           AND o.applicazione AND o.attivo AND NOT o.cessato`,
  );
  if (!row) return null;
  if (now.getTime() - new Date(row.last_used_at).getTime() > IDLE_REFRESH_MS) {
    await db.execute(sql`UPDATE app_tokens SET last_used_at = ${now} WHERE id = ${row.token_id}`);
  }
  return { operatoreId: row.operatore_id, fullName: row.full_name, tokenId: Number(row.token_id) };
}

export async function revokeAppTokens(tx: Executor, operatoreId: number, now: Date, tokenId?: number): Promise<void> {
  await tx.execute(sql`UPDATE app_tokens SET revoked_at = ${now}
                        WHERE operatore_id = ${operatoreId} AND revoked_at IS NULL
                          ${tokenId === undefined ? sql`` : sql`AND id = ${tokenId}`}`);
}
