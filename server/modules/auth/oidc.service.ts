/**
 * Single sign-on with OpenID Connect (issue 37): the authorization code flow with PKCE and a nonce
 * through `openid-client`, against the provider of OIDC_ISSUER. Staff users are matched by the
 * e-mail of the ID token to an existing active user — never created (a provider account gets no
 * permissions by itself). The provider's metadata is discovered once per process.
 *
 * The redirect URI is the SPA's login page (PUBLIC_URL/app/login): the page posts the answer's
 * query string to POST /api/auth/oidc/finish/, so the code never reaches a server log as a URL and
 * the token is answered in a body, never put in a URL.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import * as oidc from "openid-client";
import type { AppConfig } from "../../config";
import type { Executor } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";

export const OIDC_LOGIN_MINUTES = 10;
export const redirectUri = (config: AppConfig) => `${config.publicUrl}/app/login`;

const discovered = new Map<string, Promise<oidc.Configuration>>();

/** Plain http only to a provider on this machine (tests, a local provider); https otherwise. */
function isLoopback(url: URL): boolean {
  return ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

export function oidcConfiguration(config: AppConfig): Promise<oidc.Configuration> {
  const o = config.oidc;
  if (!o) throw new Error("OIDC non configurato");
  const key = `${o.issuer} ${o.clientId}`;
  let c = discovered.get(key);
  if (!c) {
    const issuer = new URL(o.issuer);
    c = oidc.discovery(
      issuer,
      o.clientId,
      o.clientSecret,
      undefined,
      issuer.protocol === "http:" && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    c.catch(() => discovered.delete(key)); // a provider down at the first try is asked again later
    discovered.set(key, c);
  }
  return c;
}

const hashState = (s: string) => crypto.hash("sha256", s, "buffer");

/** Starts a login: the provider's authorization URL (state, nonce and PKCE kept in oidc_logins). */
export async function startOidcLogin(ex: Executor, config: AppConfig, now: Date, ip: string): Promise<string> {
  const c = await oidcConfiguration(config);
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  await ex.execute(
    sql`INSERT INTO oidc_logins (state_hash, code_verifier, nonce, created_at, expires_at, ip)
        VALUES (${hashState(state)}, ${verifier}, ${nonce}, ${now},
                ${new Date(now.getTime() + OIDC_LOGIN_MINUTES * 60_000)}, ${ip})`,
  );
  await ex.execute(sql`DELETE FROM oidc_logins WHERE expires_at < ${new Date(now.getTime() - 86_400_000)}`);
  return oidc
    .buildAuthorizationUrl(c, {
      redirect_uri: redirectUri(config),
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    })
    .toString();
}

export class OidcLoginError extends Error {}

/**
 * Completes a login from the query string the provider sent back to the login page: the code is
 * exchanged (PKCE verifier, state, nonce checked by openid-client) and the ID token's e-mail
 * returned. The started login is spent first, so an answer is used once.
 */
export async function finishOidcLogin(
  ex: Executor,
  config: AppConfig,
  params: string,
  now: Date,
): Promise<{ email: string; subject: string }> {
  const query = new URLSearchParams(params.replace(/^\?/, ""));
  const error = query.get("error");
  if (error) throw new OidcLoginError(`il fornitore ha risposto ${error.slice(0, 100)}`);
  const state = query.get("state");
  if (!state) throw new OidcLoginError("risposta senza state");
  const row = await queryOne<{ code_verifier: string; nonce: string }>(
    ex,
    sql`UPDATE oidc_logins SET used_at = ${now}
        WHERE state_hash = ${hashState(state)} AND used_at IS NULL AND expires_at > ${now}
        RETURNING code_verifier, nonce`,
  );
  if (!row) throw new OidcLoginError("accesso avviato scaduto o già usato");
  const c = await oidcConfiguration(config);
  const url = new URL(redirectUri(config));
  url.search = query.toString();
  let claims: { sub?: unknown; email?: unknown; email_verified?: unknown } | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(c, url, {
      pkceCodeVerifier: row.code_verifier,
      expectedState: state,
      expectedNonce: row.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Many providers put the e-mail only in the UserInfo answer (OIDC Core §5.4): ask there,
    // for the same subject as the ID token (openid-client checks it).
    if (claims && typeof claims.email !== "string") {
      claims = await oidc.fetchUserInfo(c, tokens.access_token, String(claims.sub));
    }
  } catch (e) {
    throw new OidcLoginError(`scambio del codice rifiutato (${(e as Error).message.slice(0, 150)})`);
  }
  const email = typeof claims?.email === "string" ? claims.email.trim() : "";
  if (!email) throw new OidcLoginError("il token non contiene un indirizzo e-mail");
  if (claims?.email_verified === false) throw new OidcLoginError(`e-mail ${email} non verificata dal fornitore`);
  return { email, subject: String(claims?.sub ?? "") };
}

/** The one active staff user with this e-mail; none (or more than one) is a refusal. */
export async function staffUserByEmail(ex: Executor, email: string) {
  const rows = await queryRows<{
    id: number;
    username: string;
    email: string;
    nome: string;
    cognome: string;
    permissions: string[];
  }>(
    ex,
    sql`SELECT id, username, email, nome, cognome, permissions FROM users
        WHERE lower(email) = lower(${email}) AND attivo AND NOT in_attesa`,
  );
  return rows.length === 1 ? rows[0] : null;
}
