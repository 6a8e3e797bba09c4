/**
 * Where the product's server spends more CPU than the bare node:http + pg server on a sub-millisecond
 * list (diagnostic, not part of `npm run bench`): both servers with ONE process each on erp_bench (run
 * `npm run bench` once first), the same workload at 10 connections in alternating rounds, and the
 * CPU time per request of each server process read from /proc (user + system): a figure that the
 * machine's other load moves far less than latency.
 *
 *   GAP_WORKLOAD   own | related | operatori | health (default own)     GAP_CALLS  per round (default 4000)
 *   GAP_ROUNDS     default 4                                  GAP_STRACE=1 print the pids and wait 5 s per round
 */
process.env.TZ ??= "Europe/Rome";

import { startBenchServer } from "./bench-child";
import { GAP_DATABASE_URL, listWorkload } from "./gap-workload";
import { closeHttpConnections, httpJson, load } from "./load";

const CALLS = Number(process.env.GAP_CALLS ?? 4000);
const ROUNDS = Number(process.env.GAP_ROUNDS ?? 4);
const WORKLOAD = process.env.GAP_WORKLOAD ?? "own";

async function main() {
  const w = await listWorkload(WORKLOAD);
  const env = { ERP_WORKERS: "1" };
  const prof = process.env.GAP_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.GAP_PROF}`] : [];
  const api = await startBenchServer({ databaseUrl: GAP_DATABASE_URL, concurrency: 10, env, nodeArgs: prof });
  const bare = await startBenchServer({
    databaseUrl: GAP_DATABASE_URL,
    concurrency: 10,
    script: "bare-server.ts",
    nodeArgs: prof,
    env: { ...env, BARE_STATEMENTS: w.bareStatements },
  });
  const apiPath = WORKLOAD === "health" ? `${api.base}/api/health/` : `${api.base}${w.path}`;
  const barePath = WORKLOAD === "health" ? `${bare.base}/1` : `${bare.base}/0`;
  const callApi = async () => void (await httpJson("GET", apiPath, w.headers));
  const callBare = async () => void (await httpJson("GET", barePath, {}));
  console.log(`api pid ${api.pid}, bare pid ${bare.pid}, ${w.rows} rows`);
  if (process.env.GAP_STRACE) await new Promise((res) => setTimeout(res, 10_000));
  for (let i = 0; i < 3; i++) {
    await load(3000, 10, callApi);
    await load(3000, 10, callBare);
  }
  let a = 0;
  let b = 0;
  const ap: number[] = [];
  const bp: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const a0 = api.cpuMs();
    ap.push((await load(CALLS, 10, callApi)).p50);
    a += api.cpuMs() - a0;
    const b0 = bare.cpuMs();
    bp.push((await load(CALLS, 10, callBare)).p50);
    b += bare.cpuMs() - b0;
  }
  const n = CALLS * ROUNDS;
  console.log(
    `${WORKLOAD}: server CPU ${((a / n) * 1000).toFixed(0)} µs/req, bare ${((b / n) * 1000).toFixed(0)} µs/req, ` +
      `ratio ${(a / b).toFixed(2)} | p50 per round api ${ap.map((x) => x.toFixed(2)).join(" ")} bare ${bp.map((x) => x.toFixed(2)).join(" ")}`,
  );
  closeHttpConnections();
  await api.stop();
  await bare.stop();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
