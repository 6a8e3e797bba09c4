/**
 * Starts server/bench/bench-server.ts in a child process (its own event loops and CPU time, as in a
 * real deployment), waits for its port, and reads the resident memory and CPU time of that process
 * and of its own children (the workers, with ERP_WORKERS > 1) from /proc.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** The line bench-server.ts writes on stdout once it listens: `BENCH_SERVER {"port":…,"pid":…}`. */
export const READY_PREFIX = "BENCH_SERVER ";
/** USER_HZ on Linux. */
const CLOCK_TICKS = 100;

export interface BenchServer {
  base: string;
  pid: number;
  /** Server processes answering (ERP_WORKERS). */
  workers: number;
  /** Resident set size in bytes (VmRSS) of the server's processes together, NaN where /proc is not available. */
  rss(): number;
  /** CPU time so far (user + system) of the server's processes together, in ms, from /proc; NaN elsewhere. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  databaseUrl: string;
  concurrency: number;
  /** Extra node flags for the child, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]. */
  nodeArgs?: string[];
  /** The script to run (default bench-server.ts; bare-server.ts for the reference server). */
  script?: string;
  env?: Record<string, string>;
}

/**
 * The node flags `npm start` gives the server (package.json's start script, between `node` and
 * `--import tsx`): every server of the bench, the bare reference too, runs with them, as the product does.
 */
export function npmStartFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "package.json"), "utf8"));
  const m = /\bnode\s+(.*?)\s*--import tsx\b/.exec(String(pkg.scripts?.start ?? ""));
  if (!m) throw new Error("package.json: the start script no longer reads `node … --import tsx …`");
  return m[1].split(/\s+/).filter(Boolean);
}

export function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const script = path.join(__dirname, options.script ?? "bench-server.ts");
  // `node --import tsx` (not the tsx CLI, which would add a wrapper process): the pid is the server's.
  const args = [...npmStartFlags(), ...(options.nodeArgs ?? []), "--import", "tsx", script];
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      BENCH_CONCURRENCY: String(options.concurrency),
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      TZ: process.env.TZ ?? "Europe/Rome",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => {
    let buffered = "";
    const onExit = (code: number | null) => reject(new Error(`bench-server exited early (code ${code})`));
    child.once("exit", onExit);
    child.once("error", reject);
    child.stdout?.setEncoding("utf8");
    child.stdout?.on("data", (chunk: string) => {
      buffered += chunk;
      const line = buffered.split("\n").find((l) => l.startsWith(READY_PREFIX));
      if (!line) return;
      child.off("exit", onExit);
      const { port, workers } = JSON.parse(line.slice(READY_PREFIX.length)) as { port: number; workers: number };
      resolve(handle(child, port, workers));
    });
  });
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): state, ppid, … */
function statFields(pid: number): string[] {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** `pid` and its direct children (the cluster's workers). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (const d of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (Number(statFields(Number(d))[1]) === pid) pids.push(Number(d));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

function handle(child: ChildProcess, port: number, workers: number): BenchServer {
  const pid = child.pid ?? 0;
  let tree: number[] | undefined;
  // The workers are started once before the ready line; read the tree once, not on every sample.
  const pids = () => {
    tree ??= processTree(pid);
    return tree;
  };
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    workers,
    rss() {
      try {
        let bytes = 0;
        for (const p of pids()) {
          const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"));
          bytes += m ? Number(m[1]) * 1024 : 0;
        }
        return bytes;
      } catch {
        return Number.NaN;
      }
    },
    cpuMs() {
      try {
        let ticks = 0;
        // Fields 14 and 15 (utime, stime) in clock ticks.
        for (const p of pids()) {
          const f = statFields(p);
          ticks += Number(f[11]) + Number(f[12]);
        }
        return (ticks * 1000) / CLOCK_TICKS;
      } catch {
        return Number.NaN;
      }
    },
    stop() {
      if (child.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      });
    },
  };
}
