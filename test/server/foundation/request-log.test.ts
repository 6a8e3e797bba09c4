/**
 * Issue 36 item 4: with LOG_FORMAT=json each request's log lines are JSON with the request id the
 * answer carries in X-Request-Id — `npm start`'s own output, read from the real process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../setup/paths";

jest.setTimeout(120_000);

it("writes JSON request lines with the id returned in X-Request-Id", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-reqlog-"));
  let child: ChildProcess | undefined;
  try {
    child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "main.ts")], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? os.tmpdir(),
        SCRYPT_N: "1024",
        DATA_DIR: dataDir,
        PORT: "0",
        ERP_DEMO_DATA: "0",
        ERP_ADMIN_PASSWORD: "Password-Lunga-1",
        LOG_FORMAT: "json",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      out += c.toString();
    });
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /"port":(\d+)|in ascolto su http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (m) {
          clearInterval(timer);
          resolve(Number(m[1] ?? m[2]));
        }
      }, 50);
      child?.once("exit", (code) => {
        clearInterval(timer);
        reject(new Error(`server exited (${code}): ${out}`));
      });
    });
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready/`);
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id") as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 300));
    const lines = out
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as { reqId?: string; msg?: string; res?: { statusCode: number } });
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(["incoming request", "request completed"]);
    expect(mine[1].res?.statusCode).toBe(200);
  } finally {
    child?.kill("SIGTERM");
    if (child && child.exitCode === null) await new Promise((r) => child?.once("exit", r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
