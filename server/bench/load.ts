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
