/**
 * `server/main.ts` run as a user runs it, in a child process: `node --import tsx server/main.ts`
 * (no tsx wrapper: with ERP_WORKERS the workers are the child's own children). Resolves when it
 * prints the line «in ascolto su …» with its port.
 */
import { type ChildProcess, spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { ROOT } from "../setup/paths";

export interface Running {
  child: ChildProcess;
  port: number;
  output: () => string;
}

export function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "server", "main.ts")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), SCRYPT_N: "1024", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /in ascolto su http:\/\/127\.0\.0\.1:(\d+)\/app\//.exec(out);
      if (m) resolve({ child, port: Number(m[1]), output: () => out });
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}
