/**
 * Starts server/bench/bench-server.ts in a child process (its own event loop and CPU time, as in a
 * real deployment), waits for its port, and reads its resident memory from /proc/<pid>/status.
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
  /** The child's resident set size in bytes (VmRSS), NaN where /proc is not available. */
  rss(): number;
  /** The child's CPU time so far (user + system), in ms, from /proc/<pid>/stat; NaN elsewhere. */
  cpuMs(): number;
  stop(): Promise<void>;
}

export interface BenchServerOptions {
  databaseUrl: string;
  concurrency: number;
  /** Extra node flags for the child, e.g. ["--cpu-prof", "--cpu-prof-dir=/tmp/prof"]. */
  nodeArgs?: string[];
}

export function startBenchServer(options: BenchServerOptions): Promise<BenchServer> {
  const script = path.join(__dirname, "bench-server.ts");
  // `node --import tsx` (not the tsx CLI, which would add a wrapper process): the pid is the server's.
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", script], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      BENCH_CONCURRENCY: String(options.concurrency),
      LOG_LEVEL: "silent",
      NODE_ENV: "production",
      TZ: process.env.TZ ?? "Europe/Rome",
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
      const { port } = JSON.parse(line.slice(READY_PREFIX.length)) as { port: number };
      resolve(handle(child, port));
    });
  });
}

function handle(child: ChildProcess, port: number): BenchServer {
  const pid = child.pid ?? 0;
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    rss() {
      try {
        const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
        return m ? Number(m[1]) * 1024 : Number.NaN;
      } catch {
        return Number.NaN;
      }
    },
    cpuMs() {
      try {
        // Fields 14 and 15 (utime, stime) in clock ticks; the command name may hold spaces, so count after ')'.
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS;
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
