/**
 * Issue 36 item 4: /metrics (who may read it, what it counts, the matched route never the URL), the
 * request id (header, audit entries of the request), readiness, job metrics and the live streams'
 * stop. The cluster's sum of two workers: test/server/foundation/workers.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "../../../server/app";
import { openPostgres } from "../../../server/db/client";
import { queryOne, queryRows } from "../../../server/db/query";
import { startJobTimer } from "../../../server/lib/jobs";
import { SSE_RETRY_ON_STOP } from "../../../server/modules/cms/control-room/control-room.routes";
import { auth, createTestApp, describeEachDb, memoryMailer, testConfig } from "../helpers/app";

const metricLine = (text: string, prefix: string) =>
  text.split("\n").find((l) => l.startsWith(prefix) && /\s[\d.e+-]+$/.test(l));

describeEachDb(
  "metrics, request id, readiness",
  (ctx) => {
    const scrape = (opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
      ctx().app.inject({ method: "GET", url: "/metrics", ...opts });

    it("counts requests per matched route and status class, never the raw URL", async () => {
      const { app } = ctx();
      for (let i = 0; i < 3; i++)
        expect((await app.inject({ method: "GET", url: "/api/health/" })).statusCode).toBe(200);
      // Unauthenticated: 401, on the route with its parameter.
      expect((await app.inject({ method: "GET", url: "/api/anagrafiche/operatori/4711/" })).statusCode).toBe(401);
      expect((await app.inject({ method: "GET", url: "/api/non-esiste-987/" })).statusCode).toBe(404);
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toContain("text/plain");
      const text = res.body;
      expect(metricLine(text, 'erp_http_requests_total{method="GET",route="/api/health",status_class="2xx"}')).toMatch(
        / 3$/,
      );
      expect(
        metricLine(
          text,
          'erp_http_request_duration_seconds_count{method="GET",route="/api/health",status_class="2xx"}',
        ),
      ).toMatch(/ 3$/);
      expect(
        metricLine(
          text,
          'erp_http_requests_total{method="GET",route="/api/anagrafiche/operatori/:id/",status_class="4xx"}',
        ),
      ).toMatch(/ 1$/);
      expect(text).not.toContain("4711");
      expect(text).not.toContain("non-esiste-987");
      expect(text).toMatch(/erp_live_streams\{kind="control-room"\} 0/);
      expect(text).toMatch(/erp_export_threads\{state="waiting"\} 0/);
      expect(text).toMatch(/process_resident_memory_bytes \d/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
      if (ctx().kind === "postgres") expect(text).toMatch(/erp_db_pool_connections\{state="in_use"\} \d/);
    });

    it("answers only loopback without a proxy header, or the METRICS_TOKEN from anywhere", async () => {
      expect((await scrape({ remoteAddress: "10.1.2.3" })).statusCode).toBe(404);
      expect((await scrape({ remoteAddress: "10.1.2.3" })).json()).toEqual({ detail: "Risorsa non trovata" });
      // A client cannot pose as local through a header; a local reverse proxy's request needs the token.
      expect(
        (await scrape({ remoteAddress: "10.1.2.3", headers: { "x-forwarded-for": "127.0.0.1" } })).statusCode,
      ).toBe(404);
      expect((await scrape({ headers: { "x-forwarded-for": "203.0.113.9" } })).statusCode).toBe(404);
      expect((await scrape({ headers: { forwarded: "for=203.0.113.9" } })).statusCode).toBe(404);
      expect((await scrape({ remoteAddress: "::1" })).statusCode).toBe(200);
      expect((await scrape({ remoteAddress: "::ffff:127.0.0.1" })).statusCode).toBe(200);
      const bearer = (t: string) => ({ remoteAddress: "10.1.2.3", headers: { authorization: `Bearer ${t}` } });
      expect((await scrape(bearer("segreto-metriche-1234"))).statusCode).toBe(200);
      expect((await scrape(bearer("segreto-metriche-1235"))).statusCode).toBe(404);
    });

    it("returns the request id in X-Request-Id and writes it in the audit entries of that request", async () => {
      const { app } = ctx();
      const u = await ctx().createUser({ permissions: [] });
      // A login: body parsed, then the 'Accesso' entry.
      const login = await app.inject({
        method: "POST",
        url: "/api/auth/login/",
        payload: { username: u.username, password: u.password },
      });
      expect(login.statusCode).toBe(200);
      const id = login.headers["x-request-id"] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const entry = await queryOne<{ azione: string; request_id: string }>(
        ctx().database.db,
        sql`SELECT azione, dati->>'request_id' AS request_id FROM log_entries
             WHERE utente_id = ${u.id} AND azione = 'Accesso' ORDER BY seq DESC LIMIT 1`,
      );
      expect(entry).toEqual({ azione: "Accesso", request_id: id });
      // A refusal audited by the guard (onRequest) carries its request's id too.
      const denied = await app.inject({ method: "GET", url: "/api/log/list/", headers: auth(u.token) });
      expect(denied.statusCode).toBe(403);
      const refused = await queryOne<{ request_id: string }>(
        ctx().database.db,
        sql`SELECT dati->>'request_id' AS request_id FROM log_entries
             WHERE utente_id = ${u.id} AND azione = 'Accesso negato' ORDER BY seq DESC LIMIT 1`,
      );
      expect(refused?.request_id).toBe(denied.headers["x-request-id"]);
      // Two requests, two ids; without TRUST_PROXY a client's own X-Request-Id is not taken.
      expect(denied.headers["x-request-id"]).not.toBe(id);
      const own = await app.inject({
        method: "GET",
        url: "/api/health/",
        headers: { "x-request-id": "lb-0123456789" },
      });
      expect(own.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      // Behind a trusted proxy its well-formed id is kept, anything else replaced.
      const behind = await buildApp(testConfig({ trustProxy: true }), {
        database: ctx().database,
        mailer: memoryMailer(),
      });
      try {
        const kept = await behind.inject({
          method: "GET",
          url: "/api/health/",
          headers: { "x-request-id": "lb-0123456789" },
        });
        expect(kept.headers["x-request-id"]).toBe("lb-0123456789");
        const replaced = await behind.inject({
          method: "GET",
          url: "/api/health/",
          headers: { "x-request-id": "<x y>" },
        });
        expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
      } finally {
        await behind.close();
      }
    });

    it("is ready when the database answers and every migration is applied, not while one is missing", async () => {
      const ready = await ctx().app.inject({ method: "GET", url: "/api/health/ready/" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ pronto: true, database: true, migrazioni: true, arresto: false });
      // Another host is migrating: the newest migration is not recorded yet.
      const [last] = await queryRows<{ name: string }>(
        ctx().database.db,
        sql`SELECT name FROM erp_migrations ORDER BY name DESC LIMIT 1`,
      );
      await ctx().database.exec(`DELETE FROM erp_migrations WHERE name = '${last.name}'`);
      const other = await buildApp(testConfig(), { database: ctx().database, mailer: memoryMailer() });
      try {
        const res = await other.inject({ method: "GET", url: "/api/health/ready/" });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ pronto: false, database: true, migrazioni: false, arresto: false });
        expect((await other.inject({ method: "GET", url: "/api/health/" })).statusCode).toBe(200);
      } finally {
        await ctx().database.exec(`INSERT INTO erp_migrations (name) VALUES ('${last.name}')`);
        await other.close();
      }
    });

    it("counts the jobs this process ran, per job and outcome", async () => {
      const { app, database } = ctx();
      await database.exec(`INSERT INTO jobs (name, interval_s, next_run) VALUES
        ('prova-ok', 3600, '2000-01-01T00:00:00Z'), ('prova-ko', 3600, '2000-01-01T00:00:00Z')`);
      const errors: unknown[] = [];
      await new Promise<void>((resolve) => {
        const stop = startJobTimer({
          db: database.db,
          jobs: [
            { name: "prova-ko", run: async () => Promise.reject(new Error("rotto")) },
            { name: "prova-ok", run: async () => "fatto" },
          ],
          clock: () => new Date(),
          worker: "test",
          pollMs: 60_000,
          onError: (e) => errors.push(e),
          observe: (job, ok, ms) => {
            app.metrics.jobRun(job, ok, ms);
            if (job === "prova-ok") {
              stop();
              resolve();
            }
          },
        });
      });
      expect(errors).toHaveLength(1);
      const text = (await scrape()).body;
      expect(metricLine(text, 'erp_job_runs_total{job="prova-ko",outcome="errore"}')).toMatch(/ 1$/);
      expect(metricLine(text, 'erp_job_runs_total{job="prova-ok",outcome="ok"}')).toMatch(/ 1$/);
      // The failed run rolled its claim back: still due for the next attempt.
      const ko = await queryOne<{ runs: number }>(database.db, sql`SELECT runs FROM jobs WHERE name = 'prova-ko'`);
      expect(ko?.runs).toBe(0);
    });
  },
  { metricsToken: "segreto-metriche-1234" },
);

describe("readiness without a database", () => {
  it("answers 503 with database false when PostgreSQL does not answer", async () => {
    const database = await openPostgres("postgres://nessuno@127.0.0.1:1/nessuno", 1);
    const app = await buildApp(testConfig(), { database, mailer: memoryMailer() });
    try {
      const res = await app.inject({ method: "GET", url: "/api/health/ready/" });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ pronto: false, database: false, migrazioni: false, arresto: false });
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe("stopping", () => {
  it("ends a control-room stream with a retry hint when the server stops", async () => {
    const t = await createTestApp("pglite");
    const u = await t.createUser({ permissions: ["superadmin"] });
    const [ev] = await queryRows<{ id: number }>(
      t.database.db,
      sql`INSERT INTO cms_eventi (titolo, data_inizio, data_fine) VALUES ('Concerto', now(), now() + interval '4 hours') RETURNING id`,
    );
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get(
          { host: "127.0.0.1", port, path: `/api/cms/control-room/eventi/${ev.id}/live/`, headers: auth(u.token) },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => {
              text += c;
              if (text.includes("event: snapshot")) {
                expect(t.app.metrics).toBeDefined();
                void t.app.close();
              }
            });
            res.on("end", () => resolve(text));
          },
        )
        .on("error", reject);
    });
    expect(body.startsWith("event: snapshot")).toBe(true);
    expect(body.endsWith(SSE_RETRY_ON_STOP)).toBe(true);
    await t.database.close();
  });
});

describe("stopping with a request in flight", () => {
  it("answers the header's alarm wait before closing, well within 10 s, and counted it while open", async () => {
    const t = await createTestApp("pglite");
    const u = await t.createUser({ permissions: ["superadmin"] });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}/api/comunicazioni/allarmi/aperti/`;
    const first = (await (await fetch(url, { headers: auth(u.token) })).json()) as { versione: string };
    // Same version: the request waits (up to 25 s) for a change.
    const waiting = fetch(`${url}?versione=${encodeURIComponent(first.versione)}`, { headers: auth(u.token) });
    await new Promise((r) => setTimeout(r, 300));
    const open = await t.app.inject({ method: "GET", url: "/metrics" });
    expect(open.body).toMatch(/erp_live_streams\{kind="allarmi"\} 1/);
    const t0 = Date.now();
    const closing = t.app.close();
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { versione: string }).versione).toBe(first.versione);
    await closing;
    expect(Date.now() - t0).toBeLessThan(10_000);
    await t.database.close();
  });
});
