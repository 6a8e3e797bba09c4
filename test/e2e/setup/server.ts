/**
 * The real server of the e2e tests: `server/main.ts` as `npm start` runs it, with an embedded
 * PGlite database in a data directory of its own, on a free port.
 *
 * Every e2e test file gets its OWN server and database (test/e2e/setup/server-per-file.ts), so
 * no file sees another's data: a user or operator one file adds never changes the counts another
 * file reads. The migrated database with the demo data is prepared once per run (global-setup,
 * `prepare-data.ts`) and copied for each file, which is much faster than seeding each time.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const ROOT = path.join(__dirname, "..", "..", "..");
export const E2E_ADMIN = { username: "admin", password: "Collaudo-Vigilanza-2026" };
const TSX = path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs");

/** What every e2e server process and the data preparation run with. */
function serverEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    ERP_ADMIN_USERNAME: E2E_ADMIN.username,
    ERP_ADMIN_PASSWORD: E2E_ADMIN.password,
    SCRYPT_N: "16384",
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    SMTP_URL: "",
    ...extra,
  };
}

/** Migrates a new embedded database in a fresh directory and loads the demo data; returns the directory. */
export function prepareTemplate(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-e2e-template-"));
  execFileSync(process.execPath, [TSX, path.join(__dirname, "prepare-data.ts")], {
    cwd: ROOT,
    env: serverEnv(dataDir, { ERP_DEMO_DATA: "1" }),
    stdio: ["ignore", "inherit", "inherit"],
  });
  return dataDir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Il server e2e è terminato:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Il server e2e non ha risposto in tempo:\n${log()}`);
}

export interface E2eServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The local PostgreSQL's superuser connection (trust), for the servers that run on PostgreSQL. */
const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function pgAdmin(statement: string): Promise<void> {
  const { Client } = await import("pg");
  const client = new Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Starts a server on a copy of the prepared database; with `postgres`, on a new PostgreSQL database
 * of its own instead (migrated and loaded with the demo data at start, ~20 s) served by `workers`
 * processes (ERP_WORKERS), dropped when the server stops.
 */
export async function startServer(
  templateDir: string,
  opts: { postgres?: { workers: number } } = {},
): Promise<E2eServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const database = opts.postgres ? `erp_e2e_${process.pid}_${port}` : null;
  const extra: Record<string, string> = { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url };
  if (database && opts.postgres) {
    await pgAdmin(`CREATE DATABASE ${database}`);
    const u = new URL(PG_ADMIN_URL);
    u.pathname = `/${database}`;
    Object.assign(extra, {
      DATABASE_URL: u.toString(),
      ERP_WORKERS: String(opts.postgres.workers),
      ERP_DEMO_DATA: "1",
    });
  } else {
    fs.cpSync(templateDir, dataDir, { recursive: true });
  }
  let output = "";
  const child = spawn(process.execPath, [TSX, "server/main.ts"], {
    cwd: ROOT,
    env: serverEnv(dataDir, extra),
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) await pgAdmin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    await waitForHealth(url, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, dataDir, stop };
}
