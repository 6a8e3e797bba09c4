/**
 * Deny by default. Every /api/ route declares `config.permissions`:
 *   - "public": no token needed (login, health, the public application form…);
 *   - a capability list from src/domain/permissions (any single match is enough; ["all"] lets
 *     every authenticated user through);
 *   - "app": the guards' app (/api/app/), open only to an app token (server/lib/app-tokens.ts);
 *   - "app-cms": the CMS counting app (/api/app/cms/), open only to its own token kind
 *     (server/lib/cms-app-tokens.ts: one CMS user, one event, until its counting window closes).
 * The two token kinds live in two tables: a back-office route checks only staff tokens and an app
 * route only app tokens, so an app token never opens the back office and a staff token never
 * opens the app API (both get 401).
 * A route that declares nothing makes the server refuse to start. One hook enforces it:
 * 401 with `WWW-Authenticate: Token` for a missing or bad token, 403 (and an audit entry) for a
 * user without the permission.
 *
 * The decision is taken on the MATCHED route (`request.routeOptions.config`), never on the text of
 * the URL: the router also matches `//api/x`, `/%61pi/x` and absolute-form targets
 * (`GET http://host/api/x`) to the same route, and all of them meet the same check.
 * Only the web routes (the SPA's static files and its redirects) and the OpenAPI pages are public
 * without declaring it; every other route — under /api/ or not — must declare its permissions.
 * A staff route may also declare `config.reauth: true` (issue 37: creating users, changing a
 * password or the second factor, issuing app credentials…): after the permission and the body's
 * validation, one preHandler hook refuses it with 403 {code: "reauth_required"} unless the session
 * proved its user (login, or POST /api/auth/reauth/) within the last REAUTH_MINUTES. Only a route
 * with a capability list may declare it (the server refuses to start otherwise).
 * Verified tokens are cached per process (server/lib/token-cache.ts): `app.authCache` is fed by
 * NOTIFY 'erp_auth' and emptied for a user by `app.authChanged(userId)` after the server's own
 * writes to users and tokens.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { REAUTH_DETAIL, REAUTH_MINUTES, REAUTH_REQUIRED } from "../../src/domain/mfa";
import { hasAny } from "../../src/domain/permissions";
import { queryOne } from "../db/query";
import { recordAccessDenied } from "../lib/access-denied";
import { type AppUser, verifyAppToken } from "../lib/app-tokens";
import { type CmsAppUser, verifyCmsAppToken } from "../lib/cms-app-tokens";
import { forbidden, HttpError, unauthorized } from "../lib/errors";
import { TokenCache } from "../lib/token-cache";
import { type AuthUser, cachedUser, verifyToken } from "../lib/tokens";
import { isWebRoute } from "./security";

export type RoutePermissions = "public" | "app" | "app-cms" | readonly string[];

declare module "fastify" {
  interface FastifyContextConfig {
    permissions?: RoutePermissions;
    /** A fresh re-authentication is needed (staff routes only): 403 `reauth_required` otherwise. */
    reauth?: boolean;
  }
  interface FastifyRequest {
    user: AuthUser | null;
    /** The guard signed in on an app route ("app" permissions). */
    appUser: AppUser | null;
    /** The steward signed in on a counting-app route ("app-cms" permissions). */
    cmsAppUser: CmsAppUser | null;
  }
  interface FastifyInstance {
    authCache: TokenCache;
    /** Call after committing a change to a user or their tokens: their next request re-reads them. */
    authChanged(userId: number): void;
    /**
     * Called with the user id (null: anyone) when a user or their tokens change, in this process or
     * another (NOTIFY 'erp_auth'): long-lived responses (the control room's stream) re-check their
     * user. Returns the unsubscribe.
     */
    onAuthChange(listener: (userId: number | null) => void): () => void;
    /** Whether a staff token is still valid and holds one of `required` (read afresh after a change). */
    staffStillAllowed(token: string, required: readonly string[]): Promise<boolean>;
  }
}

/** Route patterns (not request URLs) public by design: the SPA's files and redirects, the API docs. */
function isPublicByDesign(routeUrl: string): boolean {
  return isWebRoute(routeUrl) || routeUrl.startsWith("/api/docs");
}

export function readToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Token\s+(\S+)$/i.exec(h.trim());
  return m ? m[1] : null;
}

/** The guard of an app route; throws if the guard let nobody in. */
export function currentAppUser(request: FastifyRequest): AppUser {
  if (!request.appUser) throw unauthorized();
  return request.appUser;
}

/** The steward of a counting-app route; throws if the guard let nobody in. */
export function currentCmsAppUser(request: FastifyRequest): CmsAppUser {
  if (!request.cmsAppUser) throw unauthorized();
  return request.cmsAppUser;
}

/** The signed-in user of a route that declared permissions; throws if the guard let nobody in. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export const reauthRequired = () => new HttpError(403, REAUTH_DETAIL, undefined, undefined, { code: REAUTH_REQUIRED });

/**
 * Throws 403 {code: "reauth_required"} unless the session proved its user (login, or POST
 * reauth/) within the last REAUTH_MINUTES. Routes declare `config.reauth: true` and the guard
 * calls it; call it yourself only when another check must answer first.
 */
export async function requireRecentAuth(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const user = currentUser(request);
  const since = new Date(app.clock().getTime() - REAUTH_MINUTES * 60_000);
  const row = await queryOne<{ ok: boolean }>(
    app.db,
    sql`SELECT (reauth_at IS NOT NULL AND reauth_at > ${since}) AS ok FROM auth_tokens WHERE id = ${user.tokenId}`,
  );
  if (!row?.ok) throw reauthRequired();
}

export const authGuardPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest("user", null);
  app.decorateRequest("appUser", null);
  app.decorateRequest("cmsAppUser", null);
  const cache = new TokenCache();
  app.decorate("authCache", cache);
  const listeners = new Set<(userId: number | null) => void>();
  const tell = (userId: number | null) => {
    for (const l of [...listeners]) l(userId);
  };
  app.decorate("onAuthChange", (listener: (userId: number | null) => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  });
  app.decorate("authChanged", (userId: number) => {
    cache.invalidateUser(userId);
    tell(userId);
  });
  app.decorate("staffStillAllowed", async (token: string, required: readonly string[]) => {
    const user = await verifyToken(app.db, token, app.config, app.clock(), cache);
    return !!user && hasAny(user.permissions, required);
  });
  const unlisten = await app.database.listen(
    "erp_auth",
    (payload) => {
      const id = Number(payload);
      if (Number.isInteger(id)) cache.invalidateUser(id);
      else cache.invalidateAll();
      tell(Number.isInteger(id) ? id : null);
    },
    (listening) => cache.setEnabled(listening),
  );
  app.addHook("onClose", async () => unlisten());

  app.addHook("onRoute", (route) => {
    if (isPublicByDesign(route.url)) {
      route.config = { ...(route.config ?? {}), permissions: "public" } as typeof route.config;
      return;
    }
    const config = route.config as { permissions?: RoutePermissions; reauth?: boolean } | undefined;
    const p = config?.permissions;
    if (p !== "public" && p !== "app" && p !== "app-cms" && !(Array.isArray(p) && p.length > 0)) {
      throw new Error(`La rotta ${route.method} ${route.url} non dichiara i permessi richiesti`);
    }
    if (config?.reauth && !Array.isArray(p)) {
      throw new Error(`La rotta ${route.method} ${route.url} chiede la riautenticazione senza un utente del personale`);
    }
  });

  // After the permission (onRequest) and the body's validation, as the handler's first line was.
  app.addHook("preHandler", (request, _reply, done) => {
    if (request.routeOptions.config?.reauth !== true) return done();
    requireRecentAuth(app, request).then(() => done(), done);
  });

  /** The staff route's check once the cache had no ready answer: the database, then the permission. */
  const staffGuard = async (request: FastifyRequest, token: string, required: readonly string[]) => {
    const user = await verifyToken(app.db, token, app.config, app.clock(), cache);
    if (!user) throw unauthorized("Sessione scaduta o non valida. Effettua di nuovo l'accesso");
    request.user = user;
    if (!hasAny(user.permissions, required)) {
      await recordAccessDenied(app.db, {
        userId: user.id,
        method: request.method,
        route: request.routeOptions.url ?? "",
        ip: request.ip,
        now: app.clock(),
      });
      throw forbidden();
    }
  };

  const appGuard = async (request: FastifyRequest, token: string, required: "app" | "app-cms") => {
    if (required === "app") {
      const appUser = await verifyAppToken(app.db, token, app.config, app.clock());
      if (!appUser) throw unauthorized("Sessione scaduta o non valida. Effettua di nuovo l'accesso");
      request.appUser = appUser;
      return;
    }
    const cmsAppUser = await verifyCmsAppToken(app.db, token, app.clock());
    if (!cmsAppUser) throw unauthorized("Sessione scaduta o non valida. Effettua di nuovo l'accesso");
    request.cmsAppUser = cmsAppUser;
  };

  // A callback hook, not an async one: a staff request whose token the cache verified in the last
  // seconds, with the permission, goes on at once, without a promise or a turn of the event loop.
  app.addHook("onRequest", (request, _reply, done) => {
    // Every registered route declares its permissions (onRoute above); only the not-found handler
    // has none, and it serves nothing but a 404.
    const required = request.routeOptions.config?.permissions;
    if (required === undefined || required === "public") return done();
    const token = readToken(request);
    if (!token) return done(unauthorized());
    if (required === "app" || required === "app-cms") {
      appGuard(request, token, required).then(() => done(), done);
      return;
    }
    const user = cachedUser(token, app.config, app.clock(), cache);
    if (user && hasAny(user.permissions, required)) {
      request.user = user;
      return done();
    }
    staffGuard(request, token, required).then(() => done(), done);
  });
});
