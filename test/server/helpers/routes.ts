/**
 * The API's routes as the server registers them (method, url, config, schema), for tests that go
 * over every route: a probe module put at the head of the module registry sees every later route.
 *
 *   const routes = recordRoutes(); // at the top of the file, before describeEachDb
 *   it("…", () => { for (const r of apiRoutes(routes)) … });
 */
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { MODULES } from "../../../server/modules";

export interface SeenRoute {
  method: string;
  url: string;
  config: Record<string, unknown>;
  schema: { body?: unknown; params?: unknown; querystring?: unknown; response?: Record<string, unknown> };
}

/** Runs `fn` with an extra module at the head of the registry, so it sees every later route. */
export async function withModule<T>(plugin: FastifyPluginAsync, fn: () => Promise<T>): Promise<T> {
  const probe = { name: "test-probe", prefix: "/api/__probe", plugin };
  MODULES.unshift(probe);
  try {
    return await fn();
  } finally {
    MODULES.splice(MODULES.indexOf(probe), 1);
  }
}

/** A module that pushes every route registered after it into `seen`. */
export function routeProbe(seen: SeenRoute[]): FastifyPluginAsync {
  return fp(async (app) => {
    app.addHook("onRoute", (r) => {
      for (const method of Array.isArray(r.method) ? r.method : [r.method]) {
        seen.push({
          method,
          url: r.url,
          config: (r.config ?? {}) as Record<string, unknown>,
          schema: (r.schema ?? {}) as SeenRoute["schema"],
        });
      }
    });
  });
}

/** Records the routes of every app built while the file's suites run (each route once). */
export function recordRoutes(): SeenRoute[] {
  const seen: SeenRoute[] = [];
  const probe = { name: "test-probe", prefix: "/api/__probe", plugin: routeProbe(seen) };
  beforeAll(() => {
    MODULES.unshift(probe);
  });
  afterAll(() => {
    MODULES.splice(MODULES.indexOf(probe), 1);
  });
  return seen;
}

/** The /api routes (no HEAD, no docs), each method and url once, sorted. */
export function apiRoutes(seen: readonly SeenRoute[]): SeenRoute[] {
  const byKey = new Map<string, SeenRoute>();
  for (const r of seen)
    if (r.url.startsWith("/api/") && r.method !== "HEAD" && !r.url.startsWith("/api/docs"))
      byKey.set(`${r.method} ${r.url}`, r);
  return [...byKey.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}
