/**
 * The control room under a flood (issue 30 item 2): the probe's attack on live streams, measured.
 * `npx tsx server/bench/cms-flood.bench.ts` (local only, bounded; writes server/bench/RESULTS-cms-flood.md).
 *
 * On PostgreSQL with two server processes: an event with BENCH_FLOOD_DEVICES devices registered
 * in the back office (default 2,000 — a big picture), counts posted at BENCH_FLOOD_RATE a second
 * (default 100: a count every 10 ms, so pictures go out at the hub's most, 10 a second), and BENCH_FLOOD_STREAMS live streams
 * (default 30: 6 users × 5, each user's cap) opened on raw sockets that never read a byte. Every
 * second the server processes' resident memory is sampled, and the health check is asked again and
 * again on its own connections. The probe saw RSS grow 200 → 750 MB per worker in 41 s and the
 * health check's p99 reach 4.7 s; targets: RSS growth < 50 MB, health p99 < 100 ms.
 * First a baseline phase: the same counts and health checks with no stream open (what the load
 * alone costs), then the phase with the streams. Also: a user's streams beyond the cap are refused (429).
 *
 *   BENCH_FLOOD_SECONDS   seconds of each phase (default 30)
 */
process.env.TZ ??= "Europe/Rome";
process.env.ERP_WORKERS ??= "2";

import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { loadConfig } from "../config";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne } from "../db/query";
import { issueToken } from "../lib/tokens";
import { startBenchServer } from "./bench-child";
import { benchEvento, databaseUrl, ms, quantile } from "./cms.bench";
import { closeHttpConnections, httpJson, probeLatency } from "./load";

const DEVICES = Number(process.env.BENCH_FLOOD_DEVICES ?? 2000);
const RATE = Number(process.env.BENCH_FLOOD_RATE ?? 100);
const STREAMS = Number(process.env.BENCH_FLOOD_STREAMS ?? 30);
const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 30);
const PER_USER = 5;
/** Stewards counting, one device each. */
const COUNTERS = 50;

/** A live stream asked for on a raw socket that is never read: the kernel's buffers fill, then the server's. */
function deafStream(base: string, eventoId: number, token: string): Promise<{ status: number; socket: net.Socket }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(u.port), u.hostname, () => {
      socket.write(
        `GET /api/cms/control-room/eventi/${eventoId}/live/ HTTP/1.1\r\nhost: ${u.host}\r\n` +
          `authorization: Token ${token}\r\naccept: text/event-stream\r\n\r\n`,
      );
    });
    socket.once("data", (chunk: Buffer) => {
      socket.pause(); // from now on nothing is read
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString("latin1"))?.[1] ?? 0);
      resolve({ status, socket });
    });
    socket.on("error", reject);
  });
}

export async function runCmsFloodBench(): Promise<string> {
  const url = await databaseUrl();
  const direct = await openPostgres(url, 4);
  await migrate(direct);
  const { eventoId, varco, tokens: stewards } = await benchEvento(direct, "Flood", COUNTERS);
  // The event's device list is the back office's, and big: DEVICES registered on the gate.
  await direct.exec(`INSERT INTO cms_dispositivi (evento_id, varco_id, codice)
    SELECT ${eventoId}, ${varco}, 'REG-' || lpad(g::text, 5, '0') FROM generate_series(1, ${DEVICES}) g`);
  const config = { ...loadConfig({}), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  const users = Math.ceil(STREAMS / PER_USER);
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const username = `bench-flood-${i}`;
    await direct.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
      VALUES ('${username}', '!', 'Sala', 'Flood ${i}', '{cms_view_control_room}') ON CONFLICT DO NOTHING`);
    const u = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE username = ${username}`);
    tokens.push(await issueToken(direct.db, Number(u?.id), config, new Date()));
  }

  const server = await startBenchServer({ databaseUrl: url, concurrency: 50 });
  const sockets: net.Socket[] = [];
  try {
    let seq = 0;
    // Counts come from the first COUNTERS registered devices, one steward each.
    const post = (i: number) =>
      httpJson(
        "POST",
        `${server.base}/api/app/cms/varchi/${varco}/conteggi/`,
        { authorization: `Token ${stewards[i % COUNTERS]}` },
        {
          data: {
            device_id: `REG-${String((i % COUNTERS) + 1).padStart(5, "0")}`,
            seq: ++seq,
            in: 1,
            out: 0,
            at: new Date().toISOString(),
          },
        },
      );
    for (let i = 0; i < 200; i++) await post(i); // warm-up
    const health = `${server.base}/api/health/`;
    await probeLatency(health, {}, new Promise((r) => setTimeout(r, 2000)), 2, 20);
    await new Promise((r) => setTimeout(r, 1000));
    /** SECONDS of counts at RATE while the health check is asked: RSS growth and health latencies. */
    const phase = async (seconds = SECONDS) => {
      const rss0 = server.rss();
      const rss: number[] = [];
      const sampler = setInterval(() => rss.push(server.rss()), 1000);
      const flood = (async () => {
        const total = RATE * seconds;
        const start = performance.now();
        const inflight: Promise<unknown>[] = [];
        for (let i = 0; i < total; i++) {
          const wait = start + (i * 1000) / RATE - performance.now();
          if (wait > 1) await new Promise((r) => setTimeout(r, wait));
          inflight.push(
            post(i).catch(() => {
              errors += 1;
            }),
          );
        }
        await Promise.all(inflight);
      })();
      const latencies = (await probeLatency(health, {}, flood, 2, 20)).sort((a, b) => a - b);
      clearInterval(sampler);
      return { rss0, max: Math.max(...rss), growth: Math.max(...rss) - rss0, latencies };
    };
    let errors = 0;
    // Warm-up, not measured (V8 optimises the handlers, the pools fill, the heap finds its size);
    // then the baseline: the same counts and health checks with no stream open.
    await phase(10);
    const base = await phase();

    const statuses: number[] = [];
    for (let i = 0; i < STREAMS; i++) {
      const s = await deafStream(server.base, eventoId, tokens[Math.floor(i / PER_USER)]);
      statuses.push(s.status);
      sockets.push(s.socket);
    }
    // The cap is per user and per process (LIVE.perUser): the first user tries to reach its cap on
    // every process and two more (node:cluster deals connections to the processes in turn).
    const extra: number[] = [];
    for (let i = 0; i < PER_USER * (server.workers - 1) + 2; i++) {
      const s = await deafStream(server.base, eventoId, tokens[0]);
      extra.push(s.status);
      sockets.push(s.socket);
    }
    const attack = await phase();
    const mb = (b: number) => (b / 1024 / 1024).toFixed(0);
    const lines = [
      "## Control room under a flood (issue 30 item 2)",
      "",
      `Generated by \`npx tsx server/bench/cms-flood.bench.ts\` on ${new Date().toISOString().slice(0, 16)}Z — ${os.cpus().length} CPU,` +
        ` PostgreSQL, ${server.workers} server processes.`,
      "",
      "| what | value |",
      "| --- | --- |",
      `| event | ${DEVICES} devices registered, ${RATE} counts/s for ${SECONDS} s a phase (${errors} errors) |`,
      `| live streams that never read | ${statuses.filter((s) => s === 200).length} of ${STREAMS} opened (${users} users × ${PER_USER}); the first user's next ${extra.length}: ${extra.filter((x) => x === 200).length} opened, ${extra.filter((x) => x === 429).length} refused with 429 (the cap is ${PER_USER} per user and process, ${server.workers} processes) |`,
      `| server RSS (all processes), growth over ${SECONDS} s | baseline (no stream): ${mb(base.rss0)} → max ${mb(base.max)} MB, +${mb(base.growth)} MB; with the streams: ${mb(attack.rss0)} → max ${mb(attack.max)} MB, +${mb(attack.growth)} MB (target < 50) |`,
      `| health check p50 / p99 / max | baseline ${ms(quantile(base.latencies, 0.5))} / ${ms(quantile(base.latencies, 0.99))} / ${ms(base.latencies.at(-1) ?? Number.NaN)} ms; with the streams ${ms(quantile(attack.latencies, 0.5))} / ${ms(quantile(attack.latencies, 0.99))} / ${ms(attack.latencies.at(-1) ?? Number.NaN)} ms (target p99 < 100 ms) |`,
      `| machine load average (1 min) at the end | ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPU |`,
      "",
      "Before the fix (the probe, issue 30 item 2): RSS 200 → 750 MB per worker in 41 s, health p99 4.7 s.",
      "",
    ];
    return lines.join("\n");
  } finally {
    for (const s of sockets) s.destroy();
    await server.stop();
    await direct.close();
    closeHttpConnections();
  }
}

if (require.main === module) {
  runCmsFloodBench()
    .then((md) => {
      fs.writeFileSync(path.join(__dirname, "RESULTS-cms-flood.md"), `${md}\n`);
      console.log(md);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
