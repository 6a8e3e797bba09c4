/**
 * Start and stop like a server (issue 17, item 1): `npm start` as the README says, then the signal a
 * process manager sends — to the one pid it started, npm's — must stop the server: the port closes,
 * no process of the start is left, the data directory's lock is released. `kill -TERM` of npm used to
 * kill only the shell between npm and tsx, and the server went on answering.
 *
 * The built app of the e2e run is served as it is (WEB_DIR), so prestart never rebuilds it under the
 * other tests' feet. No Chromium here: this is about processes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

jest.setTimeout(600_000);

const ROOT = path.join(__dirname, "..", "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-start-stop-"));
const started: ChildProcess[] = [];

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

/** True when something accepts connections on the port. */
function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** True while any process of the group (npm and everything it started) is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** `npm start` in a process group of its own, as a process manager would run it; resolves once /api/health/ answers. */
async function npmStart(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  let output = "";
  const child = spawn("npm", ["start"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIR: path.join(ROOT, "dist", "web"),
      ERP_DEMO_DATA: "0",
      SCRYPT_N: "16384",
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
    },
  });
  started.push(child);
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start è terminato:\n${output}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health/`)).ok) return { child, output: () => output };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once("exit", (code) => resolve(code));
  });

afterAll(() => {
  for (const child of started) if (child.pid && groupAlive(child.pid)) process.kill(-child.pid, "SIGKILL");
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it.each(["SIGTERM", "SIGINT"] as const)("%s to npm's pid stops the server cleanly", async (signal) => {
  const port = await freePort();
  const { child, output } = await npmStart(port);
  const pid = child.pid as number;
  expect(output()).toContain("Avvio di Vigilanza ERP…");
  expect(output()).toMatch(/in ascolto su http:\/\/127\.0\.0\.1:\d+\/app\/ .*pronto in \d+ s/);
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

  process.kill(pid, signal);
  expect(await exited(child)).toBe(0);
  // npm waits for the server to exit: by now the port is closed and the lock released.
  expect(await portOpen(port)).toBe(false);
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  // Nothing of the start stays behind (tsx's esbuild helper follows its parent out).
  while (groupAlive(pid)) await new Promise((r) => setTimeout(r, 100));
});
