/**
 * The CMS benchmark (issue 14): the counters' API under 1,000 count posts a second spread over 50
 * devices, on PostgreSQL with two server processes, while control rooms watch the event live.
 * `npx tsx server/bench/cms.bench.ts` (local only, bounded; writes server/bench/RESULTS-cms.md).
 *
 *   BENCH_DATABASE_URL   PostgreSQL to use (default: database erp_bench_cms on the local server,
 *                        created and migrated once; each run adds its own event)
 *   BENCH_PG_ADMIN_URL   admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_CMS_RATE       posts per second (default 1000), BENCH_CMS_DEVICES (default 50),
 *   BENCH_CMS_SECONDS    seconds of load (default 10), BENCH_CMS_STREAMS control rooms open (default 3)
 *   BENCH_CMS_WARMUP     seconds at the same rate first, not measured (default 5)
 *   BENCH_CMS_TRACE=1    also print p50 / p99 / max per second of load (stderr)
 *   ERP_WORKERS          server processes (default 2)
 *
 * One steward a device (each with a counting token). Open loop: a post is sent every 1000/RATE ms whatever the answers (a slow server shows as
 * latency, not as a lower rate), each `{device_id, seq, in: 1, out: 0, at}` on keep-alive
 * connections. Measures each post's latency (send → 200) and, for each post, when a control room
 * first shows it: the first picture on the stream whose `aggiornato_il` (taken before its queries
 * ran) is not earlier than the post's answer — such a picture includes the post, committed before
 * the answer. Both as p50 / p99 / max.
 */
process.env.TZ ??= "Europe/Rome";
process.env.ERP_WORKERS ??= "2";

import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { loadConfig } from "../config";
import type { Database } from "../db/client";
import { openPostgres } from "../db/client";
import { migrate } from "../db/migrate";
import { queryOne, queryRows } from "../db/query";
import { issueCmsAppToken } from "../lib/cms-app-tokens";
import { issueToken } from "../lib/tokens";
import { startBenchServer } from "./bench-child";
import { closeHttpConnections, httpJson } from "./load";

const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RATE = Number(process.env.BENCH_CMS_RATE ?? 1000);
const DEVICES = Number(process.env.BENCH_CMS_DEVICES ?? 50);
const SECONDS = Number(process.env.BENCH_CMS_SECONDS ?? 10);
const STREAMS = Number(process.env.BENCH_CMS_STREAMS ?? 3);

/**
 * A running event with one gate (capacity 1,000,000) and `stewards` stewards linked to it, each with
 * a counting token issued as the login does (no login: its per-address limit would refuse 50).
 */
export async function benchEvento(
  direct: Database,
  titolo: string,
  stewards: number,
): Promise<{ eventoId: number; varco: number; utenti: number[]; tokens: string[] }> {
  const now = Date.now();
  const stamp = `${process.pid}${now}`.slice(-8);
  const ids = await queryOne<{ e: number; v: number }>(
    direct.db,
    sql`WITH e AS (INSERT INTO cms_eventi (titolo, data_inizio, data_fine, contatore)
                   VALUES (${`${titolo} ${stamp}`}, ${new Date(now - 3_600_000)}, ${new Date(now + 3 * 3_600_000)}, true) RETURNING id),
             v AS (INSERT INTO cms_varchi (evento_id, nome, capienza) SELECT id, 'Varco', 1000000 FROM e RETURNING id)
        SELECT (SELECT id FROM e) AS e, (SELECT id FROM v) AS v`,
  );
  const eventoId = Number(ids?.e);
  const utenti = (
    await queryRows<{ id: number }>(
      direct.db,
      sql`WITH u AS (INSERT INTO cms_utenti (first_name, last_name, tipologia_id, codice_accesso)
                     SELECT ${titolo}, 'Addetto ' || g, 'O', ${`B${stamp.slice(-4)}`} || lpad(g::text, 3, '0')
                       FROM generate_series(1, ${stewards}) g RETURNING id),
               l AS (INSERT INTO cms_eventi_utenti (evento_id, utente_id) SELECT ${eventoId}, id FROM u)
          SELECT id FROM u ORDER BY id`,
    )
  ).map((r) => Number(r.id));
  const tokens: string[] = [];
  for (const u of utenti)
    tokens.push(
      await issueCmsAppToken(direct.db, u, eventoId, new Date(now + 6 * 3_600_000), new Date(now), "127.0.0.1"),
    );
  return { eventoId, varco: Number(ids?.v), utenti, tokens };
}
const WARMUP = Number(process.env.BENCH_CMS_WARMUP ?? 5);

export async function databaseUrl(): Promise<string> {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  const admin = new Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = 'erp_bench_cms'");
  if (exists.rowCount === 0) await admin.query('CREATE DATABASE "erp_bench_cms"');
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = "/erp_bench_cms";
  return u.toString();
}

export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : "—");

interface Picture {
  arrived: number;
  aggiornato: number;
  presenti: number;
}

/** A control room: the live stream's pictures as they arrive (arrival time, aggiornato_il). */
function openStream(base: string, eventoId: number, token: string): { pictures: Picture[]; close(): void } {
  const pictures: Picture[] = [];
  const req = http.get(`${base}/api/cms/control-room/eventi/${eventoId}/live/`, {
    headers: { authorization: `Token ${token}`, accept: "text/event-stream" },
  });
  req.on("response", (res) => {
    res.setEncoding("utf8");
    let buf = "";
    res.on("data", (chunk: string) => {
      buf += chunk;
      for (let end = buf.indexOf("\n\n"); end >= 0; end = buf.indexOf("\n\n")) {
        const block = buf.slice(0, end);
        buf = buf.slice(end + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "));
        if (!data) continue;
        const p = JSON.parse(data.slice(6)) as { aggiornato_il: string; totale: { presenti: number } };
        pictures.push({ arrived: Date.now(), aggiornato: Date.parse(p.aggiornato_il), presenti: p.totale.presenti });
      }
    });
  });
  req.on("error", () => {});
  return { pictures, close: () => req.destroy() };
}

export async function runCmsBench(): Promise<string> {
  const url = await databaseUrl();
  const direct = await openPostgres(url, 4);
  await migrate(direct);
  const { eventoId, varco, tokens: stewards } = await benchEvento(direct, "Bench", DEVICES);
  await direct.exec(`INSERT INTO users (username, password_hash, nome, cognome, permissions)
    VALUES ('bench-sala', '!', 'Sala', 'Controllo', '{cms_view_control_room}') ON CONFLICT DO NOTHING`);
  const sala = await queryOne<{ id: number }>(direct.db, sql`SELECT id FROM users WHERE username = 'bench-sala'`);
  const config = { ...loadConfig({}), databaseUrl: url, logLevel: "silent", host: "127.0.0.1", port: 0 };
  const staffToken = await issueToken(direct.db, Number(sala?.id), config, new Date());

  const server = await startBenchServer({ databaseUrl: url, concurrency: 50 });
  const streams: ReturnType<typeof openStream>[] = [];
  try {
    for (let i = 0; i < STREAMS; i++) streams.push(openStream(server.base, eventoId, staffToken));
    // Warm-up: a few posts per device (connections, prepared statements, JIT of the handlers).
    const seqs = new Array(DEVICES).fill(0);
    // One steward a device, as at a real gate (a steward's posts have their own limit: RATE_RULES.cmsAddetto).
    const post = (d: number) =>
      httpJson(
        "POST",
        `${server.base}/api/app/cms/varchi/${varco}/conteggi/`,
        { authorization: `Token ${stewards[d]}` },
        {
          data: { device_id: `BENCH-${d}`, seq: ++seqs[d], in: 1, out: 0, at: new Date().toISOString() },
        },
      );
    for (let round = 0; round < 5; round++) await Promise.all(seqs.map((_, d) => post(d)));
    // Then WARMUP seconds at the measured rate, not measured: V8 optimises the handlers only after
    // thousands of calls, and PostgreSQL's caches and the pools settle (as run.ts warms each path).
    {
      const warm: Promise<unknown>[] = [];
      const t = performance.now();
      for (let i = 0; i < RATE * WARMUP; i++) {
        const wait = t + (i * 1000) / RATE - performance.now();
        if (wait > 1) await new Promise((r) => setTimeout(r, wait));
        warm.push(post(i % DEVICES).catch(() => {}));
      }
      await Promise.all(warm);
    }
    await new Promise((r) => setTimeout(r, 500));

    const total = RATE * SECONDS;
    const sent: number[] = [];
    const answered: number[] = [];
    const sentLatency: number[] = [];
    let errors = 0;
    const inflight: Promise<void>[] = [];
    const cpu0 = server.cpuMs();
    const start = performance.now();
    const wallStart = Date.now();
    for (let i = 0; i < total; i++) {
      const due = start + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      sent[i] = Date.now();
      const t0 = performance.now();
      inflight.push(
        post(i % DEVICES).then(
          () => {
            answered[i] = Date.now();
            sentLatency[i] = performance.now() - t0;
          },
          () => {
            errors += 1;
          },
        ),
      );
    }
    await Promise.all(inflight);
    const elapsed = (Date.now() - wallStart) / 1000;
    const cpu = server.cpuMs() - cpu0;
    await new Promise((r) => setTimeout(r, 1500));

    if (process.env.BENCH_CMS_TRACE) {
      // Per second of load: p50 / p99 / max of the posts sent in it (where does the tail come from).
      for (let s = 0; s < SECONDS; s++) {
        const l = sentLatency
          .slice(s * RATE, (s + 1) * RATE)
          .filter((x) => x !== undefined)
          .sort((a, b) => a - b);
        console.error(
          `s${s}: p50 ${ms(quantile(l, 0.5))} p99 ${ms(quantile(l, 0.99))} max ${ms(l.at(-1) ?? Number.NaN)}`,
        );
      }
    }
    const latencies = sentLatency.filter((x) => x !== undefined).sort((a, b) => a - b);
    // When a control room first showed each post.
    const shown: number[] = [];
    const pics = streams[0].pictures;
    for (let i = 0; i < total; i++) {
      if (answered[i] === undefined) continue;
      const p = pics.find((x) => x.aggiornato >= answered[i]);
      if (p) shown.push(p.arrived - answered[i]);
    }
    shown.sort((a, b) => a - b);
    const lines = [
      "## CMS benchmark (counters' API and control room)",
      "",
      `Generated by \`npx tsx server/bench/cms.bench.ts\` on ${new Date().toISOString().slice(0, 16)}Z — ${os.cpus().length} CPU,` +
        ` PostgreSQL, ${server.workers} server processes, ${STREAMS} control rooms watching the event.`,
      "",
      "| what | value |",
      "| --- | --- |",
      `| posts (open loop) | ${total} over ${DEVICES} devices at ${RATE}/s for ${SECONDS} s; done in ${elapsed.toFixed(1)} s (${(total / elapsed).toFixed(0)}/s) |`,
      `| post latency p50 / p99 / max | ${ms(quantile(latencies, 0.5))} / ${ms(quantile(latencies, 0.99))} / ${ms(latencies.at(-1) ?? Number.NaN)} ms |`,
      `| errors | ${errors} |`,
      `| control room shows a post, after its answer: p50 / p99 / max | ${ms(quantile(shown, 0.5))} / ${ms(quantile(shown, 0.99))} / ${ms(shown.at(-1) ?? Number.NaN)} ms (${shown.length} posts seen) |`,
      `| pictures pushed to one control room | ${pics.length} |`,
      `| server CPU during the load | ${(cpu / 1000).toFixed(1)} s for ${elapsed.toFixed(1)} s |`,
      `| machine load average (1 min) at the end | ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPU |`,
      "",
      "Targets (issue 14): 1,000 posts/s sustained over 50 devices with p99 < 50 ms; each change in the control room within 1 s at p99.",
      "",
    ];
    return lines.join("\n");
  } finally {
    for (const s of streams) s.close();
    await server.stop();
    await direct.close();
    closeHttpConnections();
  }
}

if (require.main === module) {
  runCmsBench()
    .then((md) => {
      fs.writeFileSync(path.join(__dirname, "RESULTS-cms.md"), `${md}\n`);
      console.log(md);
      process.exit(0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
