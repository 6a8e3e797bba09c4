/**
 * The counting app's tokens (/api/app/cms/): a kind of their own beside the guards' app tokens
 * (./app-tokens.ts), in table cms_app_tokens (migration 0700_cms.sql), bound to one CMS user and
 * one event and valid until that event's counting window closes. The guard
 * (server/plugins/auth-guard.ts) checks a route declaring `permissions: "app-cms"` here only, so
 * neither a staff token nor a guard's app token opens the counters' API, and this token opens
 * nothing else. 256 random bits, kept only as SHA-256. A token stops working when the user is
 * deactivated, deleted or given a new access code, or when the event is disabled.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { queryOnePrepared } from "../db/query";
import { hashToken } from "./tokens";

export interface CmsAppUser {
  utenteId: number;
  eventoId: number;
  tokenId: number;
}

export async function issueCmsAppToken(
  tx: Executor,
  utenteId: number,
  eventoId: number,
  expires: Date,
  now: Date,
  ip: string | null,
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  await tx.execute(sql`INSERT INTO cms_app_tokens (utente_id, evento_id, token_hash, created_at, expires_at, ip)
                       VALUES (${utenteId}, ${eventoId}, ${hashToken(token)}, ${now}, ${expires}, ${ip})`);
  return token;
}

export async function verifyCmsAppToken(db: Executor, token: string, now: Date): Promise<CmsAppUser | null> {
  if (!token || token.length > 200) return null;
  const row = await queryOnePrepared<{ id: number; utente_id: number; evento_id: number }>(
    db,
    sql`SELECT t.id, t.utente_id, t.evento_id
          FROM cms_app_tokens t
          JOIN cms_utenti u ON u.id = t.utente_id
          JOIN cms_eventi e ON e.id = t.evento_id
         WHERE t.token_hash = ${hashToken(token)} AND t.revoked_at IS NULL AND t.expires_at > ${now}
           AND u.attivo AND e.abilitato`,
  );
  if (!row) return null;
  return { utenteId: Number(row.utente_id), eventoId: Number(row.evento_id), tokenId: Number(row.id) };
}
