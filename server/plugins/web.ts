/**
 * The built SPA under /app/ (unknown /app/* paths fall back to index.html), `/` → `/app/`,
 * and a JSON 404 for unknown /api/ paths.
 */
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

const NOT_BUILT = `<!doctype html><html lang="it"><meta charset="utf-8"><title>Vigilanza ERP</title>
<body><p>L'interfaccia web non è ancora stata compilata: eseguire <code>npm run build</code>.</p></body></html>`;

export const webPlugin = fp(async (app: FastifyInstance) => {
  const webDir = app.config.webDir;
  const built = fs.existsSync(path.join(webDir, "index.html"));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDir,
      prefix: "/app/",
      index: false,
      wildcard: true,
      setHeaders(reply, file) {
        reply.header(
          "Cache-Control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  app.get("/", { schema: { hide: true } }, async (_req, reply) => reply.redirect("/app/"));
  app.get("/app", { schema: { hide: true } }, async (_req, reply) => reply.redirect("/app/"));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0];
    if (url.startsWith("/app/") && (request.method === "GET" || request.method === "HEAD")) {
      if (!built) return reply.code(503).type("text/html; charset=utf-8").send(NOT_BUILT);
      reply.header("Cache-Control", "no-cache");
      return reply.type("text/html; charset=utf-8").sendFile("index.html", webDir);
    }
    return reply.code(404).send({ detail: "Risorsa non trovata" });
  });
});
