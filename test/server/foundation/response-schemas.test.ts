/**
 * Every /api route declares the answer of its success status codes (`schema.response`), with a
 * zod schema from the shared contracts (src/domain/contracts): Fastify's zod serializer sends
 * only what the schema declares, so a field added to a query by mistake never reaches a client,
 * and the OpenAPI document at /api/docs describes every answer.
 *
 * A file download declares its answer by content type ({description, content: {<mime>: {schema}}}).
 */
import { z } from "zod";
import { createTestApp, type TestApp } from "../helpers/app";
import { apiRoutes, routeProbe, type SeenRoute, withModule } from "../helpers/routes";
import { testDbKinds } from "../setup/paths";

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The success codes a route declares, each with a zod schema (directly or per content type). */
function declaredSuccess(r: SeenRoute): { codes: string[]; bad: string[] } {
  const response = r.schema.response ?? {};
  const codes = Object.keys(response).filter((c) => /^2\d\d$|^2XX$/.test(c));
  const bad = codes.filter((c) => {
    const s = response[c] as { content?: Record<string, { schema?: unknown }> } | undefined;
    if (s instanceof z.ZodType) return false;
    const content = s?.content;
    return !content || !Object.values(content).every((m) => m?.schema instanceof z.ZodType);
  });
  return { codes, bad };
}

describe("every /api route declares its answer", () => {
  let t: TestApp;
  const seen: SeenRoute[] = [];

  beforeAll(async () => {
    t = await withModule(routeProbe(seen), () => createTestApp(testDbKinds()[0]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = () => apiRoutes(seen).filter((r) => !r.url.startsWith("/api/__probe"));

  it("sees the routes of every module", () => {
    expect(routes().length).toBeGreaterThan(100);
  });

  it("declares a zod schema for a success status code on every route", () => {
    const missing = routes()
      .filter((r) => {
        const { codes, bad } = declaredSuccess(r);
        return codes.length === 0 || bad.length > 0;
      })
      .map(key);
    expect(missing).toEqual([]);
  });

  it("describes every declared answer in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const undocumented: string[] = [];
    for (const r of routes()) {
      const path = r.url.replace(/:([A-Za-z]+)/g, "{$1}");
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      const ok = Object.entries(op?.responses ?? {}).some(
        ([code, v]) => code.startsWith("2") && typeof v === "object" && v !== null && "content" in v,
      );
      if (!ok) undocumented.push(key(r));
    }
    expect(undocumented).toEqual([]);
  });
});
