/**
 * Every /api route declares its permissions; the table route → permissions is a committed
 * snapshot (__snapshots__/routes-permissions.test.ts.snap), so any change shows up in review.
 * After adding or changing routes on purpose: `npx jest test/server/foundation/routes-permissions -u`.
 */
import type { FastifyPluginAsync } from "fastify";
import { buildApp } from "../../../server/app";
import type { RoutePermissions } from "../../../server/plugins/auth-guard";
import { ALL, PERMISSION_CODES } from "../../../src/domain/permissions";
import { auth, createTestApp, type TestApp, testConfig } from "../helpers/app";
import { apiRoutes as listApiRoutes, routeProbe, type SeenRoute, withModule } from "../helpers/routes";
import { testDbKinds } from "../setup/paths";

const permissionsOf = (r: SeenRoute) => r.config.permissions as RoutePermissions | undefined;

describe("routes and their permissions", () => {
  let t: TestApp;
  const seen: SeenRoute[] = [];

  beforeAll(async () => {
    t = await withModule(routeProbe(seen), () => createTestApp(testDbKinds()[0]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const apiRoutes = () =>
    listApiRoutes(seen).map((r) => ({ method: r.method, url: r.url, permissions: permissionsOf(r) }));

  it("sees the routes of every module", () => {
    expect(apiRoutes().length).toBeGreaterThan(10);
    expect(apiRoutes()).toContainEqual({ method: "POST", url: "/api/auth/login/", permissions: "public" });
  });

  it("every /api route declares 'public', 'app' (the guards' app), 'app-cms' (the CMS counting app) or a non-empty list of known capabilities", () => {
    const bad = apiRoutes().filter(
      (r) =>
        !(
          r.permissions === "public" ||
          r.permissions === "app" ||
          (r.permissions === "app-cms" && r.url.startsWith("/api/app/cms/")) ||
          (Array.isArray(r.permissions) &&
            r.permissions.length > 0 &&
            r.permissions.every((p) => p === ALL || PERMISSION_CODES.has(p)))
        ),
    );
    expect(bad).toEqual([]);
  });

  it("matches the committed route → permissions table", () => {
    const table = apiRoutes().map(
      (r) =>
        `${r.method} ${r.url} → ${typeof r.permissions === "string" ? r.permissions : [...(r.permissions ?? [])].join(", ")}`,
    );
    expect(table).toMatchSnapshot();
  });

  it("answers 401 with WWW-Authenticate on every protected route without a token", async () => {
    for (const r of apiRoutes().filter((x) => x.permissions !== "public")) {
      const url = r.url.replace(/:[A-Za-z]+/g, "1");
      const res = await t.app.inject({ method: r.method as "GET", url });
      expect([r.method, r.url, res.statusCode, res.headers["www-authenticate"]]).toEqual([
        r.method,
        r.url,
        401,
        "Token",
      ]);
    }
  });

  // The apps' routes answer 401 to every staff token (test/server/console/app.test.ts, test/server/cms/app-cms.test.ts).
  it("answers 403 on every back-office route not open to 'all' for a signed-in user without permissions", async () => {
    const nobody = await t.createUser({ permissions: [] });
    const backOffice = (p: RoutePermissions | undefined) =>
      p !== "public" && p !== "app" && p !== "app-cms" && !p?.includes(ALL);
    for (const r of apiRoutes().filter((x) => backOffice(x.permissions))) {
      const url = r.url.replace(/:[A-Za-z]+/g, "1");
      const res = await t.app.inject({ method: r.method as "GET", url, headers: auth(nobody.token) });
      expect([r.method, r.url, res.statusCode]).toEqual([r.method, r.url, 403]);
    }
  });
});

describe("the guard refuses to start a server with an undeclared route", () => {
  it.each([
    ["no config", {}],
    ["an empty list", { config: { permissions: [] } }],
  ])("refuses %s", async (_label, options) => {
    const careless: FastifyPluginAsync = async (app) => {
      app.get("/dimenticata/", options as never, async () => ({ ok: true }));
    };
    const database = {
      kind: "pglite",
      db: {},
      exec: async () => {},
      close: async () => {},
      listen: async () => async () => {},
    } as never;
    await expect(
      withModule(careless, () => buildApp(testConfig(), { database, mailer: { send: async () => {} } })),
    ).rejects.toThrow("La rotta GET /api/__probe/dimenticata/ non dichiara i permessi richiesti");
  });
});
