/**
 * Diagnostic (not part of npm run bench): instructions per request of the product's server and of
 * the bare server on the log workload, counted by valgrind's callgrind — a count that the machine's
 * other load does not move. Each server runs alone (ERP_WORKERS=1) under
 * `valgrind --tool=callgrind --instr-atstart=no`; instrumentation is switched on with
 * callgrind_control after a warm-up, for CG_CALLS calls, then off.
 *
 *   CG_WORKLOAD own | related | operatori (default own)   CG_CALLS (default 2000)   CG_WARMUP (default 4000)
 *   CG_ONLY api | bare (default both)         CG_KEEP=1 keep the callgrind files in /tmp
 */
process.env.TZ ??= "Europe/Rome";

import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { READY_PREFIX } from "./bench-child";
import { GAP_DATABASE_URL, listWorkload } from "./gap-workload";
import { closeHttpConnections, httpJson, load } from "./load";

const CALLS = Number(process.env.CG_CALLS ?? 2000);
const WARMUP = Number(process.env.CG_WARMUP ?? 4000);

async function underCallgrind(script: string, env: Record<string, string>, out: string) {
  const child = spawn(
    "valgrind",
    [
      "--tool=callgrind",
      "--instr-atstart=no",
      `--callgrind-out-file=${out}`,
      process.execPath,
      "--import",
      "tsx",
      script,
    ],
    {
      env: {
        ...process.env,
        ...env,
        DATABASE_URL: GAP_DATABASE_URL,
        ERP_WORKERS: "1",
        LOG_LEVEL: "silent",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stderr?.resume();
  const port = await new Promise<number>((resolve, reject) => {
    let buf = "";
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (c: string) => {
      buf += c;
      const line = buf.split("\n").find((l) => l.startsWith(READY_PREFIX));
      if (line) resolve(JSON.parse(line.slice(READY_PREFIX.length)).port);
    });
    child.once("exit", (code) => reject(new Error(`exited ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

function instructions(file: string): number {
  const text = fs.readFileSync(file, "utf8");
  const m = /totals:\s+(\d+)/.exec(text);
  return Number(m?.[1]);
}

async function measure(
  name: string,
  script: string,
  env: Record<string, string>,
  call: (base: string) => Promise<void>,
) {
  const out = path.join("/tmp", `cg-${name}-${process.pid}.out`);
  const { child, base } = await underCallgrind(path.join(__dirname, script), env, out);
  await load(WARMUP, 4, () => call(base));
  execFileSync("callgrind_control", ["-i", "on", String(child.pid)]);
  await load(CALLS, 4, () => call(base));
  execFileSync("callgrind_control", ["-i", "off", String(child.pid)]);
  closeHttpConnections();
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
  const files = fs.readdirSync("/tmp").filter((f) => f.startsWith(path.basename(out)));
  const total = files.reduce((s, f) => s + instructions(path.join("/tmp", f)), 0);
  // CG_KEEP=1 keeps the callgrind files (callgrind_annotate shows where the instructions go).
  if (!process.env.CG_KEEP) for (const f of files) fs.rmSync(path.join("/tmp", f));
  else console.log(files);
  return total / CALLS;
}

async function main() {
  const w = await listWorkload(process.env.CG_WORKLOAD ?? "own");
  const which = process.env.CG_ONLY ?? "api,bare";
  if (which.includes("api")) {
    const api = await measure(
      "api",
      "bench-server.ts",
      {},
      async (b) => void (await httpJson("GET", `${b}${w.path}`, w.headers)),
    );
    console.log(`api  ${(api / 1000).toFixed(1)} k instructions / request`);
  }
  if (which.includes("bare")) {
    const bare = await measure(
      "bare",
      "bare-server.ts",
      { BARE_STATEMENTS: w.bareStatements },
      async (b) => void (await httpJson("GET", `${b}/0`, {})),
    );
    console.log(`bare ${(bare / 1000).toFixed(1)} k instructions / request`);
  }
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
