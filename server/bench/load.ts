import net from "node:net";

/** A bounded closed-loop load: `concurrency` workers share `total` calls; latencies in ms. */
export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  /** Every call's latency (ms, sorted) and the wall time, to merge several rounds. */
  times: number[];
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function load(total: number, concurrency: number, call: () => Promise<void>): Promise<LoadResult> {
  const times: number[] = [];
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const s = performance.now();
        try {
          await call();
        } catch {
          errors += 1;
        }
        times.push(performance.now() - s);
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: total / wall, errors, times, seconds: wall };
}

/** Several rounds of the same path as one result: percentiles over all calls, calls ÷ total time. */
export function mergeLoads(rounds: LoadResult[]): LoadResult {
  const times = rounds.flatMap((r) => r.times).sort((a, b) => a - b);
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: times.length / seconds,
    errors: rounds.reduce((s, r) => s + r.errors, 0),
    times,
    seconds,
  };
}

/**
 * The load generator's HTTP client: HTTP/1.1 on keep-alive sockets, requests written as one
 * buffer and answers read by Content-Length — the way wrk or autocannon drive a server — so the
 * client costs the shared CPUs about what the pg client costs on the SQL side (node:http's agent
 * and fetch cost the client more than the server spends on a small answer).
 */
class Connection {
  private buf: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (r: { status: number; body: string }) => void; reject: (e: Error) => void } | null = null;
  readonly socket: net.Socket;
  broken = false;

  constructor(host: string, port: number) {
    this.socket = net.connect({ host, port, noDelay: true });
    this.socket.on("data", (chunk: Buffer) => this.onData(chunk));
    const fail = (e: Error) => {
      this.broken = true;
      this.waiting?.reject(e);
      this.waiting = null;
    };
    this.socket.on("error", fail);
    this.socket.on("close", () => fail(new Error("connessione chiusa")));
  }

  send(request: Buffer): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  private onData(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const end = this.buf.indexOf("\r\n\r\n");
    if (end < 0 || !this.waiting) return;
    const head = this.buf.subarray(0, end).toString("latin1");
    const status = Number(head.slice(9, 12));
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!m) {
      this.broken = true;
      this.waiting.reject(new Error("risposta senza Content-Length"));
      this.waiting = null;
      return;
    }
    const total = end + 4 + Number(m[1]);
    if (this.buf.length < total) return;
    const body = this.buf.subarray(end + 4, total).toString("utf8");
    this.buf = this.buf.subarray(total);
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status, body });
  }
}

const idle = new Map<string, Connection[]>();

async function roundTrip(url: URL, request: Buffer) {
  const key = url.host;
  const pool = idle.get(key) ?? [];
  idle.set(key, pool);
  let c = pool.pop();
  while (c?.broken) c = pool.pop();
  const conn = c ?? new Connection(url.hostname, Number(url.port));
  const res = await conn.send(request);
  if (!conn.broken) pool.push(conn);
  return res;
}

/** One call; rejects unless the status is 200, resolves to the parsed JSON body. */
export async function httpJson(
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<unknown> {
  const u = new URL(url);
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const lines = [`${method} ${u.pathname}${u.search} HTTP/1.1`, `host: ${u.host}`, "connection: keep-alive"];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (payload) lines.push("content-type: application/json", `content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  const res = await roundTrip(u, payload ? Buffer.concat([head, payload]) : head);
  if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body);
}

/** Closes the client's idle sockets (end of a run). */
export function closeHttpConnections(): void {
  for (const pool of idle.values()) for (const c of pool) c.socket.destroy();
  idle.clear();
}

/**
 * Latencies of `path` asked again and again, one request at a time on each of `connections` new
 * keep-alive sockets (node:cluster hands new connections to the server's processes in turn, so
 * every process is asked), with `pauseMs` between a socket's requests, until `until` settles.
 * What a user of the server feels while something else runs on it (an export).
 */
export async function probeLatency(
  url: string,
  headers: Record<string, string>,
  until: Promise<unknown>,
  connections = 4,
  pauseMs = 5,
): Promise<number[]> {
  const u = new URL(url);
  const lines = [`GET ${u.pathname}${u.search} HTTP/1.1`, `host: ${u.host}`, "connection: keep-alive"];
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  const request = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  let done = false;
  const stop = () => {
    done = true;
  };
  until.then(stop, stop);
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const conn = new Connection(u.hostname, Number(u.port));
      try {
        for (let i = 0; !done && i < 100_000; i++) {
          const t0 = performance.now();
          const res = await conn.send(request);
          if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
          latencies.push(performance.now() - t0);
          await new Promise((r) => setTimeout(r, pauseMs));
        }
      } finally {
        conn.socket.destroy();
      }
    }),
  );
  return latencies;
}
