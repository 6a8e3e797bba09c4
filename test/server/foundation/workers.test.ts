/**
 * ERP_WORKERS: the setting's rules, and `server/main.ts` run as a user runs it — with PostgreSQL
 * (migrations as the owner, the processes as the application role, as in production),
 * two processes share the port, a dead one is replaced, SIGTERM stops them all; with the embedded
 * database the setting is refused politely and one process serves.
 */
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Client } from "pg";
import { poolSizePerWorker, resolveWorkers, WORKERS_IGNORED_PGLITE, WORKERS_INVALID } from "../../../server/workers";
import { type Running, startServer } from "../helpers/server-process";
import { PG_ADMIN_URL, pgAppRole, pgOwnerRole, pgTemplate, pgUrl, pidAlive, runId, testDbKinds } from "../setup/paths";

jest.setTimeout(240_000);

describe("resolveWorkers", () => {
  const PG = "postgres://x@127.0.0.1/db";
  it("defaults to one process per CPU with PostgreSQL, capped at 8", () => {
    expect(resolveWorkers(undefined, PG, 2)).toEqual({ count: 2 });
    expect(resolveWorkers("auto", PG, 32)).toEqual({ count: 8 });
    expect(resolveWorkers(" AUTO ", PG, 1)).toEqual({ count: 1 });
  });
  it("takes an explicit number from 1 to 64", () => {
    expect(resolveWorkers("3", PG, 2)).toEqual({ count: 3 });
    expect(resolveWorkers("1", PG, 16)).toEqual({ count: 1 });
  });
  it("refuses anything else in Italian", () => {
    for (const bad of ["0", "65", "-1", "2.5", "due", "1e1"]) {
      expect(() => resolveWorkers(bad, PG, 2)).toThrow(WORKERS_INVALID);
    }
  });
  it("always runs one process on the embedded database, saying so when asked for more", () => {
    expect(resolveWorkers(undefined, undefined, 8)).toEqual({ count: 1 });
    expect(resolveWorkers("auto", undefined, 8)).toEqual({ count: 1 });
    expect(resolveWorkers("1", undefined, 8)).toEqual({ count: 1 });
    expect(resolveWorkers("4", undefined, 8)).toEqual({ count: 1, message: WORKERS_IGNORED_PGLITE });
  });
  it("shares about 20 connections among the processes, at least 5 each", () => {
    expect(poolSizePerWorker(1)).toBe(20);
    expect(poolSizePerWorker(2)).toBe(10);
    expect(poolSizePerWorker(8)).toBe(5);
  });
});

/** The server processes whose parent is `pid` (from /proc; tsx may add an esbuild child, not counted). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid && fs.readFileSync(`/proc/${d}/cmdline`, "utf8").includes("main.ts")) found.push(Number(d));
    } catch {
      /* gone meanwhile */
    }
  }
  return found.sort();
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timeout: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

/** GET /api/health/ on a new connection each time (a kept-alive one may lead to a worker just killed). */
function health(port: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: "/api/health/", agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          body += c;
        });
        res.on("end", () => resolve({ status: res.statusCode, body: JSON.parse(body) }));
      })
      .on("error", reject);
  });
}

const pgIt = testDbKinds().includes("postgres") ? it : it.skip;

describe("npm start with ERP_WORKERS", () => {
  pgIt("serves from two processes on PostgreSQL, replaces a dead one and stops them all on SIGTERM", async () => {
    const name = `erp_t_${runId()}_${process.pid}_w${crypto.randomBytes(3).toString("hex")}`;
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate()}"`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-workers-"));
    let server: Running | undefined;
    try {
      server = await startServer({
        DATABASE_URL: pgUrl(name, pgAppRole()),
        DATABASE_MIGRATION_URL: pgUrl(name, pgOwnerRole()),
        DATA_DIR: dataDir,
        PORT: "0",
        ERP_WORKERS: "2",
        ERP_ADMIN_PASSWORD: "Password-Lunga-1",
        LOG_LEVEL: "silent",
      });
      const primary = server.child.pid as number;
      expect(server.output()).toContain("PostgreSQL, 2 processi");
      expect(server.output()).not.toContain("Attenzione"); // no warning: the connection cannot rewrite the audit trail
      const workers = await waitFor("two workers", () => {
        const c = childrenOf(primary);
        return c.length === 2 ? c : undefined;
      });
      for (let i = 0; i < 6; i++) expect(await health(server.port)).toEqual({ status: 200, body: { status: "ok" } });
      // /metrics from either worker is the whole server's: the primary sums both workers' counts
      // (the cluster hands connections round robin, so each served some of the six).
      const metrics = await fetch(`http://127.0.0.1:${server.port}/metrics`).then((r) => r.text());
      expect(metrics).toContain('erp_http_requests_total{method="GET",route="/api/health",status_class="2xx"} 6');
      expect(metrics).toContain('erp_db_pool_connections{state="total"}');
      expect(metrics).toMatch(/nodejs_eventloop_lag_seconds \d/);

      // A worker killed outright is replaced; the port answers on the survivor and the replacement.
      // (In the instant before the primary hears of the death it may still hand it a connection.)
      process.kill(workers[0], "SIGKILL");
      const replaced = await waitFor("a replacement worker", () => {
        const c = childrenOf(primary);
        return c.length === 2 && !c.includes(workers[0]) ? c : undefined;
      });
      expect(replaced).toContain(workers[1]);
      await waitFor("the replacement listening", () =>
        /ne avvio un altro/.test(server?.output() ?? "") ? true : undefined,
      );
      for (let i = 0; i < 6; i++) expect(await health(server.port)).toEqual({ status: 200, body: { status: "ok" } });
      expect(server.output()).toMatch(
        new RegExp(`Processo del server ${workers[0]} terminato \\(SIGKILL\\): ne avvio un altro`),
      );

      server.child.kill("SIGTERM");
      expect(await exited(server.child)).toBe(0);
      for (const pid of replaced) expect(pidAlive(pid)).toBe(false);
      server = undefined;
    } finally {
      if (server) server.child.kill("SIGKILL");
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("runs one process on the embedded database and says why", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-workers-"));
    let server: Running | undefined;
    try {
      server = await startServer({
        DATA_DIR: dataDir,
        PORT: "0",
        ERP_WORKERS: "4",
        ERP_DEMO_DATA: "0",
        ERP_ADMIN_PASSWORD: "Password-Lunga-1",
        LOG_LEVEL: "silent",
      });
      expect(server.output()).toContain(WORKERS_IGNORED_PGLITE);
      expect(server.output()).toContain("database integrato");
      expect(childrenOf(server.child.pid as number)).toEqual([]);
      expect(await health(server.port)).toEqual({ status: 200, body: { status: "ok" } });
      server.child.kill("SIGTERM");
      expect(await exited(server.child)).toBe(0);
      server = undefined;
    } finally {
      if (server) server.child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
