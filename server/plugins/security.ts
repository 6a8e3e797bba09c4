/**
 * Security headers on every answer (CSP, nosniff, frame-ancestors 'none', Referrer-Policy, the
 * cross-origin isolation headers) and `Cache-Control: no-store` on every API answer. No
 * upgrade-insecure-requests: a plain-HTTP LAN install must keep working. style-src needs
 * 'unsafe-inline' for Chakra's runtime styles and Swagger UI.
 *
 * The headers are the ones @fastify/helmet produced with this policy, written once as constants
 * and set by one synchronous hook: helmet rebuilt them on every request, a third of the server's
 * cost for a small answer (server/bench/NOTES.md). A route may still set its own Cache-Control.
 *
 * Which set applies is decided on the matched route, not on the URL text (`//api/x` reaches the
 * same route as `/api/x`): only the web routes (the SPA's files under /app/ and the redirects to
 * it) may be cached; every other answer — the API, its documentation, a 404 — is `no-store`.
 * With an https PUBLIC_URL, Strict-Transport-Security too (never on a plain-HTTP LAN install, where
 * it would lock browsers out).
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join(";");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "content-security-policy": CSP,
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "same-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
});

const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...SECURITY_HEADERS,
  "cache-control": "no-store",
  pragma: "no-cache",
});

/** The SPA's routes: its static files (`/app/*`) and the redirects `/` and `/app`. */
export function isWebRoute(routeUrl: string | undefined): boolean {
  return routeUrl !== undefined && (routeUrl === "/" || routeUrl === "/app" || routeUrl.startsWith("/app/"));
}

/** Browsers remember for a year to reach us only over HTTPS — sent only when PUBLIC_URL is https. */
const HSTS = { "strict-transport-security": "max-age=31536000; includeSubDomains" };

export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith("https:");
  const web = Object.freeze(https ? { ...SECURITY_HEADERS, ...HSTS } : SECURITY_HEADERS);
  const api = Object.freeze(https ? { ...API_HEADERS, ...HSTS } : API_HEADERS);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isWebRoute(request.routeOptions.url) ? web : api);
    done();
  });
});
