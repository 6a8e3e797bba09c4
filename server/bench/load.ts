import http from "node:http";

/** A bounded closed-loop load: `concurrency` workers share `total` calls; latencies in ms. */
export interface LoadResult {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
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
  return { p50: percentile(times, 50), p99: percentile(times, 99), rps: total / wall, errors };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * One call through node:http on keep-alive sockets: a load generator as light as the pg client on
 * the SQL side (fetch's WHATWG streams cost the client more CPU than the server spends on a small
 * answer). Rejects unless the status is 200; resolves to the parsed JSON body.
 */
export function httpJson(
  method: "GET" | "POST",
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<unknown> {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: payload
          ? { ...headers, "content-type": "application/json", "content-length": String(payload.length) }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (res.statusCode !== 200) reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text));
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
