/**
 * What the server writes to its terminal (issue 32 item 14). LOG_FORMAT=text, the default: one
 * readable line per request — "10:42:07 GET /api/auth/login/ → 200 38 ms" — and one per message,
 * with the stack of an error; LOG_FORMAT=json: pino's JSON lines unchanged, for a log collector.
 * Fastify logs a request twice (incoming, completed); the text stream keeps the method and URL of
 * the first until the second arrives (bounded, so a request that never completes cannot grow it).
 */
export type LogFormat = "text" | "json";

export function parseLogFormat(value: string | undefined): LogFormat {
  return value?.trim().toLowerCase() === "json" ? "json" : "text";
}

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const MAX_PENDING = 10_000;

interface PinoLine {
  time?: number;
  level?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
}

const clock = new Intl.DateTimeFormat("it-IT", {
  timeZone: "Europe/Rome",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A pino destination that writes readable lines to `out`. */
export function textLogStream(out: { write(chunk: string): unknown } = process.stdout): { write(line: string): void } {
  const pending = new Map<string, string>();
  return {
    write(line: string) {
      let o: PinoLine;
      try {
        o = JSON.parse(line) as PinoLine;
      } catch {
        out.write(line);
        return;
      }
      const time = clock.format(new Date(o.time ?? Date.now()));
      if (o.msg === "incoming request" && o.req && o.reqId !== undefined) {
        if (pending.size >= MAX_PENDING) pending.delete(pending.keys().next().value as string);
        pending.set(o.reqId, `${o.req.method ?? ""} ${o.req.url ?? ""}`);
        return;
      }
      if (o.msg === "request completed" && o.res && o.reqId !== undefined) {
        const what = pending.get(o.reqId) ?? `richiesta ${o.reqId}`;
        pending.delete(o.reqId);
        out.write(`${time} ${what} → ${o.res.statusCode} ${Math.round(o.responseTime ?? 0)} ms\n`);
        return;
      }
      const level = LEVELS[o.level ?? 30] ?? String(o.level);
      const err = o.err && (o.level ?? 0) >= 50 ? `\n${o.err.stack ?? o.err.message ?? ""}` : "";
      out.write(`${time} ${level} ${o.msg ?? ""}${err}\n`);
    },
  };
}
