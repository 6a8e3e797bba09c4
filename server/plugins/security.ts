/**
 * Security headers on every answer (CSP, nosniff, frame-ancestors 'none', Referrer-Policy) and
 * `Cache-Control: no-store` on every API answer. No upgrade-insecure-requests: a plain-HTTP LAN
 * install must keep working. style-src needs 'unsafe-inline' for Chakra's runtime styles and
 * Swagger UI.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

export const securityPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
      },
    },
    referrerPolicy: { policy: "same-origin" },
    frameguard: { action: "deny" },
    crossOriginEmbedderPolicy: false,
    hsts: false,
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith("/api/")) {
      reply.header("Cache-Control", "no-store");
      reply.header("Pragma", "no-cache");
    }
    return payload;
  });
});
