/**
 * Authorisation is decided on the matched route, never on the text of the URL (issue 10, item 1).
 * The router reaches the real routes through other spellings of a path — duplicate slashes,
 * percent-encoded letters, absolute-form request targets — so each protected route of the app is
 * called anonymously, over a real socket with the exact request target, in every spelling: the
 * answer is 401 with `WWW-Authenticate: Token` and `Cache-Control: no-store` — the guard's answer,
 * never a validation error or a 2xx from a handler that ran — and nothing is written.
 */
import net from "node:net";
import { sql } from "drizzle-orm";
import fp from "fastify-plugin";
import { queryRows } from "../../../server/db/query";
import { MODULES } from "../../../server/modules";
import type { RoutePermissions } from "../../../server/plugins/auth-guard";
import { createTestApp, type TestApp } from "../helpers/app";
import { testDbKinds } from "../setup/paths";

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/** Sends one HTTP/1.1 request with `target` exactly as given (no client normalises it). */
function rawRequest(port: number, method: string, target: string, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let data = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk) => {
      data += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => {
      const [head] = data.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(":");
        headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers });
    });
    const payload = body ?? "";
    socket.write(
      `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n` +
        (body !== undefined
          ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n`
          : "") +
        `\r\n${payload}`,
    );
  });
}

/** The other spellings of a canonical `/api/...` path that the router may still match. */
function spellings(path: string, port: number): string[] {
  const rest = path.slice("/api/".length);
  return [
    `//api/${rest}`,
    `///api/${rest}`,
    `/%61pi/${rest}`,
    `/%61%70%69/${rest}`,
    `/api//${rest}`,
    `http://x/api/${rest}`,
    `http://127.0.0.1:${port}//api/${rest}`,
  ];
}

for (const kind of testDbKinds()) {
  describe(`path spellings never bypass the guard [${kind}]`, () => {
    let t: TestApp;
    let port: number;
    const routes: { method: string; url: string }[] = [];

    beforeAll(async () => {
      const collector = fp(async (app) => {
        app.addHook("onRoute", (r) => {
          const permissions = (r.config as { permissions?: RoutePermissions } | undefined)?.permissions;
          const methods = Array.isArray(r.method) ? r.method : [r.method];
          for (const method of methods) {
            if (r.url.startsWith("/api/") && method !== "HEAD" && permissions !== undefined && permissions !== "public")
              routes.push({ method, url: r.url });
          }
        });
      });
      MODULES.unshift({ name: "test-probe", prefix: "/api/__probe", plugin: collector });
      try {
        t = await createTestApp(kind);
      } finally {
        MODULES.splice(
          MODULES.findIndex((m) => m.name === "test-probe"),
          1,
        );
      }
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      port = (t.app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await t?.close();
    });

    async function tableCounts(): Promise<Record<string, number>> {
      const tables = await queryRows<{ name: string }>(
        t.app.db,
        sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
      );
      const out: Record<string, number> = {};
      for (const { name } of tables) {
        const [row] = await queryRows<{ n: number }>(
          t.app.db,
          sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
        );
        out[name] = row.n;
      }
      return out;
    }

    it("sees the protected routes", () => {
      expect(routes.length).toBeGreaterThan(100);
    });

    it("answers 401 with no-store to every spelling, and writes nothing", async () => {
      const before = await tableCounts();
      const leaks: string[] = [];
      for (const r of routes) {
        const path = r.url.replace(/:[A-Za-z]+/g, "1");
        const body = r.method === "GET" || r.method === "DELETE" ? undefined : JSON.stringify({ data: {} });
        for (const target of spellings(path, port)) {
          const res = await rawRequest(port, r.method, target, body);
          const ok =
            res.status === 401 &&
            res.headers["www-authenticate"] === "Token" &&
            res.headers["cache-control"] === "no-store";
          if (!ok) leaks.push(`${r.method} ${target} → ${res.status} cache-control=${res.headers["cache-control"]}`);
        }
      }
      expect(leaks).toEqual([]);
      expect(await tableCounts()).toEqual(before);
    });
  });
}
