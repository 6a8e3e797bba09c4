/**
 * GET /metrics (issue 36 item 4; what is measured: server/lib/metrics.ts). Outside /api/: it is for
 * Prometheus, not for the apps, and answers only a scraper on this machine or one with
 * METRICS_TOKEN (`mayReadMetrics`); anyone else gets 404, as if it did not exist.
 * Every answer is counted by one onResponse hook on the matched route.
 */
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createMetrics, type Metrics, mayReadMetrics, metricsText } from "../lib/metrics";

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const metrics = createMetrics(app.database.poolStats);
  app.decorate("metrics", metrics);
  if (!app.config.metrics) return;
  app.addHook("onResponse", (request, reply, done) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.get("/metrics", { config: { permissions: "public" }, schema: { hide: true } }, async (request, reply) => {
    if (!mayReadMetrics(request.socket.remoteAddress, request.headers, app.config.metricsToken)) {
      return reply.code(404).type("application/json").send({ detail: "Risorsa non trovata" });
    }
    const text = await metricsText(metrics);
    return reply.type(metrics.registry.contentType).send(text);
  });
});
