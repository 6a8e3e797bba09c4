/**
 * What an operator scrapes (issue 36 item 4): `GET /metrics` in Prometheus' text format, from
 * prom-client. Per server process:
 *   erp_http_requests_total{method,route,status_class}            requests answered
 *   erp_http_request_duration_seconds{method,route,status_class}  their time, a histogram
 *   erp_db_pool_connections{state}    PostgreSQL pool: total, idle, in use; erp_db_pool_waiting
 *   erp_job_runs_total{job,outcome}   database-backed jobs this process ran (ok / errore), with
 *   erp_job_duration_seconds{job}
 *   erp_live_streams{kind}            open control-room streams and alarm waits
 *   erp_export_threads{state}         export threads (started, idle) and exports waiting
 *   process_* and nodejs_*            memory, CPU, event-loop lag (processMetrics)
 *
 * `route` is the MATCHED route (`/api/anagrafiche/operatori/:id/`), never the URL: the series stay
 * as many as the routes whatever clients send; a request that matched nothing is `(nessuna)`.
 *
 * Each app has its own registry (tests build several apps in one process); the process's own
 * figures live in one registry of their own, made once. With several workers (server/workers.ts)
 * a worker's /metrics asks the primary, which gathers every worker's registries through prom-client's
 * AggregatorRegistry (counters and histograms summed; lag averaged) and answers with the total.
 *
 * METRICS=off turns the collection off (the bench compares: server/bench/metrics.bench.ts).
 */
import cluster from "node:cluster";
import { createHash, timingSafeEqual } from "node:crypto";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from "prom-client";
import { exportThreadStats } from "./list/export/export-threads";

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string | undefined, status: number, ms: number): void;
  jobRun(job: string, ok: boolean, ms: number): void;
  /** A live stream opened; call the returned function when it ends. */
  streamOpened(kind: "control-room" | "allarmi"): () => void;
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASS = ["1xx", "2xx", "3xx", "4xx", "5xx"];

let processRegistry: Registry | undefined;

/**
 * The process's own figures, once per process, read at scrape time: memory (RSS, heap, external),
 * CPU seconds, start time, and the event loop's delay (perf_hooks' histogram at 20 ms resolution,
 * reset at each scrape: mean, p99 and max since the last one). Written here rather than with
 * prom-client's collectDefaultMetrics, whose garbage-collection observer runs JavaScript after every
 * collection — measurable on a server that allocates per request (server/bench/RESULTS-metrics.md).
 */
export function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  const registry = new Registry();
  processRegistry = registry;
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const started = Date.now() / 1000 - process.uptime();
  new Gauge({
    name: "process_resident_memory_bytes",
    help: "Memoria residente del processo (byte)",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: "nodejs_heap_size_used_bytes",
    help: "Heap di V8 in uso (byte)",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  new Gauge({
    name: "nodejs_heap_size_total_bytes",
    help: "Heap di V8 riservato (byte)",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().heapTotal);
    },
  });
  new Gauge({
    name: "nodejs_external_memory_bytes",
    help: "Memoria fuori dall'heap legata a oggetti JavaScript, buffer compresi (byte)",
    registers: [registry],
    collect() {
      this.set(process.memoryUsage().external);
    },
  });
  new Counter({
    name: "process_cpu_seconds_total",
    help: "Tempo di CPU del processo, utente e sistema (secondi)",
    registers: [registry],
    collect() {
      const c = process.cpuUsage();
      this.reset();
      this.inc((c.user + c.system) / 1e6);
    },
  });
  new Gauge({
    name: "process_start_time_seconds",
    help: "Avvio del processo (secondi dall'epoca Unix)",
    registers: [registry],
    aggregator: "omit",
    collect() {
      this.set(Math.round(started));
    },
  });
  const seconds = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
  const lagGauge = (name: string, help: string, read: () => number, aggregator: "average" | "max") =>
    new Gauge({
      name,
      help,
      registers: [registry],
      aggregator,
      collect() {
        this.set(seconds(read()));
      },
    });
  lagGauge(
    "nodejs_eventloop_lag_seconds",
    "Ritardo medio del ciclo degli eventi dall'ultima lettura",
    () => lag.mean,
    "average",
  );
  lagGauge(
    "nodejs_eventloop_lag_p99_seconds",
    "Ritardo del ciclo degli eventi, 99° percentile",
    () => lag.percentile(99),
    "max",
  );
  new Gauge({
    name: "nodejs_eventloop_lag_max_seconds",
    help: "Ritardo massimo del ciclo degli eventi dall'ultima lettura",
    registers: [registry],
    aggregator: "max",
    collect() {
      this.set(seconds(lag.max));
      lag.reset(); // the last of the three read: the next scrape sees the interval since this one
    },
  });
  return registry;
}

/** One label set of the request metrics: its count, sum and (non-cumulative) bucket counts. */
interface Series {
  labels: { method: string; route: string; status_class: string };
  count: number;
  sum: number;
  buckets: Float64Array;
}

/**
 * The two request metrics, kept as plain numbers and handed to prom-client as metrics of its shape
 * when scraped: a request costs two Map lookups, two adds and a scan of 11 bounds — prom-client's
 * own Counter and Histogram hash and validate the labels on every call.
 */
function requestMetrics(registry: Registry) {
  const byRoute = new Map<string, Map<string, Series[]>>();
  const all: Series[] = [];
  const counterShape = {
    name: "erp_http_requests_total",
    help: "Richieste HTTP servite, per rotta riconosciuta e classe di stato",
    type: "counter",
    aggregator: "sum",
  };
  const counter = {
    ...counterShape,
    get: async () => ({ ...counterShape, values: all.map((x) => ({ labels: x.labels, value: x.count })) }),
    reset: () => {},
  };
  const name = "erp_http_request_duration_seconds";
  const histogramShape = {
    name,
    help: "Durata delle richieste HTTP, per rotta riconosciuta e classe di stato",
    type: "histogram",
    aggregator: "sum",
  };
  const histogram = {
    ...histogramShape,
    get: async () => {
      const values: { labels: Record<string, string | number>; value: number; metricName: string }[] = [];
      for (const x of all) {
        let acc = 0;
        BUCKETS.forEach((le, i) => {
          acc += x.buckets[i];
          values.push({ labels: { ...x.labels, le }, value: acc, metricName: `${name}_bucket` });
        });
        values.push({ labels: { ...x.labels, le: "+Inf" }, value: x.count, metricName: `${name}_bucket` });
        values.push({ labels: x.labels, value: x.sum, metricName: `${name}_sum` });
        values.push({ labels: x.labels, value: x.count, metricName: `${name}_count` });
      }
      return { ...histogramShape, values };
    },
    reset: () => {},
  };
  registry.registerMetric(counter as never);
  registry.registerMetric(histogram as never);
  return (method: string, route: string | undefined, status: number, seconds: number) => {
    const r = route ?? "(nessuna)";
    let byMethod = byRoute.get(r);
    if (!byMethod) {
      byMethod = new Map();
      byRoute.set(r, byMethod);
    }
    let classes = byMethod.get(method);
    if (!classes) {
      classes = [];
      byMethod.set(method, classes);
    }
    const c = Math.floor(status / 100) - 1;
    const k = c >= 0 && c < 5 ? c : 5;
    let x = classes[k];
    if (!x) {
      x = {
        labels: { method, route: r, status_class: STATUS_CLASS[k] ?? "other" },
        count: 0,
        sum: 0,
        buckets: new Float64Array(BUCKETS.length),
      };
      classes[k] = x;
      all.push(x);
    }
    x.count++;
    x.sum += seconds;
    for (let i = 0; i < BUCKETS.length; i++) {
      if (seconds <= BUCKETS[i]) {
        x.buckets[i]++;
        break;
      }
    }
  };
}

export function createMetrics(pool?: () => PoolStats | undefined): Metrics {
  const registry = new Registry();
  const observe = requestMetrics(registry);
  const jobs = new Counter({
    name: "erp_job_runs_total",
    help: "Esecuzioni dei lavori pianificati in questo processo, per lavoro ed esito",
    labelNames: ["job", "outcome"] as const,
    registers: [registry],
  });
  const jobTime = new Histogram({
    name: "erp_job_duration_seconds",
    help: "Durata dei lavori pianificati eseguiti da questo processo",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [registry],
  });
  const open = { "control-room": 0, allarmi: 0 };
  new Gauge({
    name: "erp_live_streams",
    help: "Collegamenti in diretta aperti (stream della control room, attese degli allarmi)",
    labelNames: ["kind"] as const,
    registers: [registry],
    collect() {
      for (const [kind, n] of Object.entries(open)) this.set({ kind }, n);
    },
  });
  new Gauge({
    name: "erp_db_pool_connections",
    help: "Connessioni del pool PostgreSQL di questo processo (totali, libere, in uso)",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = pool?.();
      if (!s) return;
      this.set({ state: "total" }, s.total);
      this.set({ state: "idle" }, s.idle);
      this.set({ state: "in_use" }, s.total - s.idle);
    },
  });
  new Gauge({
    name: "erp_db_pool_waiting",
    help: "Richieste in attesa di una connessione del pool PostgreSQL",
    registers: [registry],
    collect() {
      this.set(pool?.()?.waiting ?? 0);
    },
  });
  new Gauge({
    name: "erp_export_threads",
    help: "Thread delle esportazioni (avviati, inattivi) ed esportazioni in attesa di un thread",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const s = exportThreadStats();
      this.set({ state: "started" }, s.started);
      this.set({ state: "idle" }, s.idle);
      this.set({ state: "waiting" }, s.waiting);
    },
  });
  return {
    registry,
    observeRequest(method, route, status, ms) {
      observe(method, route, status, ms / 1000);
    },
    jobRun(job, ok, ms) {
      jobs.inc({ job, outcome: ok ? "ok" : "errore" });
      jobTime.observe({ job }, ms / 1000);
    },
    streamOpened(kind) {
      open[kind]++;
      let closed = false;
      return () => {
        if (closed) return;
        closed = true;
        open[kind]--;
      };
    },
  };
}

/** This process's text: the app's registry and the process's own. */
export async function localMetricsText(metrics: Metrics): Promise<string> {
  const [a, b] = await Promise.all([metrics.registry.metrics(), processMetrics().metrics()]);
  return `${a}\n${b}`;
}

// ── several workers (server/workers.ts) ──────────────────────────────────────────────────────────

const ASK = "erp:metrics-req";
const ANSWER = "erp:metrics-res";
const ASK_TIMEOUT_MS = 5_000;

/** In a worker: the primary may gather this registry (prom-client answers its requests). */
export function shareWithPrimary(metrics: Metrics): void {
  new AggregatorRegistry(); // adds prom-client's listener in this worker
  AggregatorRegistry.setRegistries([metrics.registry, processMetrics()]);
}

/** In the primary: answers a worker's request for the whole cluster's metrics. */
export function aggregateForWorkers(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (e: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: e.message }),
    );
  });
}

let asked = 0;
const waiting = new Map<number, (text: string | undefined) => void>();
let listening = false;

/**
 * The text to answer /metrics with: in a worker, the cluster's total gathered by the primary (this
 * process's own if the primary does not answer in time); otherwise this process's.
 */
export async function metricsText(metrics: Metrics): Promise<string> {
  if (!cluster.isWorker || !process.send) return localMetricsText(metrics);
  if (!listening) {
    listening = true;
    process.on("message", (m: { type?: string; id?: number; text?: string }) => {
      if (m?.type === ANSWER && m.id !== undefined) waiting.get(m.id)?.(m.text);
    });
  }
  const id = ++asked;
  const text = await new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ASK_TIMEOUT_MS);
    waiting.set(id, (t) => {
      clearTimeout(timer);
      resolve(t);
    });
    process.send?.({ type: ASK, id });
  });
  waiting.delete(id);
  return text ?? localMetricsText(metrics);
}

// ── who may read it ──────────────────────────────────────────────────────────────────────────────

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * /metrics answers a scraper on this machine, or one that sends `Authorization: Bearer
 * <METRICS_TOKEN>`. "This machine" is the socket's address — never X-Forwarded-For, which a client
 * writes — and a request that came through a proxy (one that carries X-Forwarded-For or Forwarded:
 * a reverse proxy on the same host connects from loopback) needs the token too.
 */
export function mayReadMetrics(
  remoteAddress: string | undefined,
  headers: Record<string, string | string[] | undefined>,
  token: string | undefined,
): boolean {
  const auth = headers.authorization;
  if (token && typeof auth === "string" && auth.startsWith("Bearer ")) {
    if (timingSafeEqual(digest(auth.slice(7).trim()), digest(token))) return true;
  }
  if (headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined) return false;
  return isLoopback(remoteAddress);
}

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.startsWith("::ffff:") ? address.slice(7) : address;
  return a === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}
