/**
 * Security headers on every answer (CSP, nosniff, frame-ancestors 'none', Referrer-Policy, the
 * cross-origin isolation headers) and `Cache-Control: no-store` on every API answer. No
 * upgrade-insecure-requests: a plain-HTTP LAN install must keep working. style-src needs
 * 'unsafe-inline' for Chakra's runtime styles and Swagger UI.
 *
 * The headers are the ones @fastify/helmet produced with this policy, written once as constants
 * and set by one synchronous hook: helmet rebuilt them on every request, a third of the server's
 * cost for a small answer (server/bench/NOTES.md). A route may still set its own Cache-Control.
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

export const securityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? API_HEADERS : SECURITY_HEADERS);
    done();
  });
});
