/**
 * Once per e2e run: make sure Debian's Chromium is there and the web app is built, then start the
 * REAL server (`server/main.ts`, embedded PGlite in a fresh data directory, the outbox for mail) on
 * a free port. Workers find it through E2E_* environment variables.
 */
import { type ChildProcess, execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const ROOT = path.join(__dirname, "..", "..", "..");
export const E2E_ADMIN = { username: "admin", password: "Collaudo-Vigilanza-2026" };

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

function ensureChromium() {
  const bin = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(bin)) return;
  if (process.getuid?.() !== 0)
    throw new Error(`Chromium non trovato in ${bin}: installare il pacchetto Debian 'chromium'`);
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
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

export default async function globalSetup() {
  ensureChromium();
  if (!fs.existsSync(path.join(ROOT, "dist", "web", "index.html"))) {
    execSync("npx webpack --mode production", { cwd: ROOT, stdio: "inherit" });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-e2e-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const child = spawn(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), "server/main.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ERP_ADMIN_USERNAME: E2E_ADMIN.username,
      ERP_ADMIN_PASSWORD: E2E_ADMIN.password,
      ERP_DEMO_DATA: "1",
      SCRYPT_N: "16384",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  await waitForHealth(url, child, () => output);
  process.env.E2E_BASE_URL = url;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SERVER_PID = String(child.pid);
  (globalThis as any).__E2E_SERVER__ = { child, dataDir };
}
