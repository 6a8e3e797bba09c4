/**
 * The built SPA under /app/ (unknown /app/* paths fall back to index.html), `/` → `/app/`,
 * and a JSON 404 for unknown /api/ paths.
 *
 * `/app/` and `/app` are one route for the router (ignoreTrailingSlash): it serves index.html
 * itself. It used to redirect to `/app/`, which matched it again — a redirect loop on the very
 * address the README prints.
 *
 * The build writes a brotli and a gzip copy beside each script (webpack.config.ts): @fastify/static's
 * `preCompressed` sends the one the browser's Accept-Encoding prefers, with Content-Encoding and
 * `Vary: Accept-Encoding`, and the plain file when there is none. Only files under /app/ are
 * compressed; the API's answers never are.
 */
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
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
      preCompressed: true,
      setHeaders(reply, file) {
        reply.header(
          "Cache-Control",
          file.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }

  const sendIndex = (reply: FastifyReply, page = "index.html") => {
    if (!built) return reply.code(503).type("text/html; charset=utf-8").send(NOT_BUILT);
    reply.header("Cache-Control", "no-cache");
    return reply.type("text/html; charset=utf-8").sendFile(page, webDir);
  };
  const CAMPO_PAGE = "campo/index.html";

  app.get("/", { schema: { hide: true } }, async (_req, reply) => reply.redirect("/app/"));
  app.get("/app", { schema: { hide: true } }, async (_req, reply) => sendIndex(reply));
  app.get("/app/campo", { schema: { hide: true } }, async (_req, reply) => sendIndex(reply, CAMPO_PAGE));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0];
    // A missing file under /app/assets/ (a stale chunk, a source map: none is published) is a 404,
    // not the SPA's page: a script tag must never receive HTML.
    if (url.startsWith("/app/assets/")) return reply.code(404).send({ detail: "Risorsa non trovata" });
    const page = url === "/app/campo" || url.startsWith("/app/campo/") ? CAMPO_PAGE : "index.html";
    if (url.startsWith("/app/") && (request.method === "GET" || request.method === "HEAD"))
      return sendIndex(reply, page);
    return reply.code(404).send({ detail: "Risorsa non trovata" });
  });
});
