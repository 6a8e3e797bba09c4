/**
 * Bearer tokens: 256 random bits, handed out once, kept only as SHA-256. A token expires after
 * `tokenIdleMinutes` without use and `tokenAbsoluteMinutes` after issue; it is revoked on logout,
 * password change and deactivation. A verified token is kept for a few seconds in a TokenCache
 * (./token-cache.ts) that every change of the user or of the token empties, so a permission change
 * still takes effect on the next request.
 */
import crypto from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { queryOnePrepared } from "../db/query";
import { authTokens } from "../db/schema/core";
import type { CachedToken, TokenCache } from "./token-cache";

export interface AuthUser {
  id: number;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  permissions: string[];
  tokenId: number;
}

export interface TokenPolicy {
  tokenIdleMinutes: number;
  tokenAbsoluteMinutes: number;
}

/** SHA-256 of the token, as stored (crypto.hash: one call, no Hash object — it runs on every request). */
export function hashToken(token: string): Buffer {
  return crypto.hash("sha256", token, "buffer");
}

export async function issueToken(
  tx: Executor,
  userId: number,
  policy: TokenPolicy,
  now: Date,
  meta: { ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.insert(authTokens).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    expiresAt: new Date(now.getTime() + policy.tokenAbsoluteMinutes * 60_000),
    ip: meta.ip ?? null,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    // a token is issued right after its user proved who they are: a fresh authentication
    reauthAt: now,
  });
  return token;
}

const IDLE_REFRESH_MS = 60_000;

/**
 * The user of a token the cache verified in the last seconds, when nothing is due (the token is
 * within its expiries and its idle timer was refreshed less than a minute ago): answered without
 * a promise, so an ordinary request's authentication costs no turn of the event loop. Undefined
 * whenever verifyToken has something to do (a miss, an expiry, an idle refresh).
 */
export function cachedUser(token: string, policy: TokenPolicy, now: Date, cache: TokenCache): AuthUser | undefined {
  if (!cache.isEnabled || !token || token.length > 200) return undefined;
  const hit = cache.get(crypto.hash("sha256", token, "base64"));
  return hit && hitState(hit, now.getTime(), policy) === "valid" ? hit.user : undefined;
}

/** A cached token at time `n`: valid, valid but due for an idle refresh, or no longer valid. */
function hitState(hit: CachedToken, n: number, policy: TokenPolicy): "valid" | "refresh" | "stale" {
  if (hit.expiresAt <= n || hit.lastUsedAt <= n - policy.tokenIdleMinutes * 60_000) return "stale";
  return n - hit.lastUsedAt > IDLE_REFRESH_MS ? "refresh" : "valid";
}

/**
 * The active user behind a token, or null. Refreshes the idle timer at most once a minute. With a
 * cache, a token verified in the last seconds costs no database read.
 */
export async function verifyToken(
  db: Executor,
  token: string,
  policy: TokenPolicy,
  now: Date,
  cache?: TokenCache,
): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  // The cache's key is the hash in base64; the buffer is only needed on a miss.
  const key = crypto.hash("sha256", token, "base64");
  const n = now.getTime();
  const idleMs = policy.tokenIdleMinutes * 60_000;
  const hit = cache?.get(key);
  const state = hit && hitState(hit, n, policy);
  if (hit && state !== "stale") {
    if (state === "refresh") {
      await touchToken(db, hit.user.tokenId, now);
      cache?.touch(key, n);
    }
    return hit.user;
  }
  if (hit) cache?.remove(key);
  const readStartedAt = cache?.startRead() ?? 0;
  const hash = Buffer.from(key, "base64");
  const row = await queryOnePrepared<{
    token_id: number;
    last_used_at: Date | string;
    expires_at: Date | string;
    id: number;
    username: string;
    email: string;
    nome: string;
    cognome: string;
    permissions: string[];
  }>(
    db,
    sql`
    SELECT t.id AS token_id, t.last_used_at, t.expires_at, u.id, u.username, u.email, u.nome, u.cognome, u.permissions
    FROM auth_tokens t JOIN users u ON u.id = t.user_id
    WHERE t.token_hash = ${hash} AND t.revoked_at IS NULL
      AND t.expires_at > ${now} AND t.last_used_at > ${new Date(n - idleMs)} AND u.attivo`,
  );
  if (!row) return null;
  let lastUsedAt = new Date(row.last_used_at).getTime();
  if (n - lastUsedAt > IDLE_REFRESH_MS) {
    await touchToken(db, Number(row.token_id), now);
    lastUsedAt = n;
  }
  const user: AuthUser = {
    id: row.id,
    username: row.username,
    email: row.email,
    nome: row.nome,
    cognome: row.cognome,
    permissions: row.permissions ?? [],
    tokenId: Number(row.token_id),
  };
  cache?.put(key, { user, expiresAt: new Date(row.expires_at).getTime(), lastUsedAt }, readStartedAt);
  return user;
}

async function touchToken(db: Executor, tokenId: number, now: Date): Promise<void> {
  await db.update(authTokens).set({ lastUsedAt: now }).where(eq(authTokens.id, tokenId));
}

export async function revokeToken(tx: Executor, tokenId: number, now: Date): Promise<void> {
  await tx
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
}

/** On password change and deactivation; `exceptTokenId` keeps the session that changed its own password. */
export async function revokeAllTokens(tx: Executor, userId: number, now: Date, exceptTokenId?: number): Promise<void> {
  await tx
    .update(authTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authTokens.userId, userId),
        isNull(authTokens.revokedAt),
        exceptTokenId === undefined ? undefined : ne(authTokens.id, exceptTokenId),
      ),
    );
}
