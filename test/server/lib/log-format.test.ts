/**
 * Issue 32 item 14: the terminal of `npm start` shows one readable line per request, not pino's
 * JSON, unless LOG_FORMAT=json. Through the real server: a request, a 404, then a 500's stack.
 */
import { buildApp } from "../../../server/app";
import { loadConfig } from "../../../server/config";
import { parseLogFormat, textLogStream } from "../../../server/lib/log-format";
import { openTestDatabase } from "../helpers/db";

describe("righe di log leggibili", () => {
  it("LOG_FORMAT is text unless it says json", () => {
    expect(loadConfig({}).logFormat).toBe("text");
    expect(loadConfig({ LOG_FORMAT: "json" }).logFormat).toBe("json");
    expect(parseLogFormat(" JSON ")).toBe("json");
    expect(parseLogFormat("qualcosa")).toBe("text");
  });

  it("writes one line per request with method, URL, status and time; errors with their stack", () => {
    const lines: string[] = [];
    const stream = textLogStream({ write: (s: string) => lines.push(s) });
    const time = Date.UTC(2026, 10, 28, 9, 42, 7); // 10:42:07 in Rome
    stream.write(
      `${JSON.stringify({ level: 30, time, reqId: "req-1", req: { method: "GET", url: "/api/health/" }, msg: "incoming request" })}\n`,
    );
    expect(lines).toEqual([]);
    stream.write(
      `${JSON.stringify({ level: 30, time, reqId: "req-1", res: { statusCode: 200 }, responseTime: 3.6, msg: "request completed" })}\n`,
    );
    stream.write(`${JSON.stringify({ level: 40, time, msg: "Geocodifica non configurata" })}\n`);
    stream.write(
      `${JSON.stringify({ level: 50, time, msg: "Errore", err: { message: "rotto", stack: "Error: rotto\n    at x" } })}\n`,
    );
    expect(lines).toEqual([
      "10:42:07 GET /api/health/ → 200 4 ms\n",
      "10:42:07 WARN Geocodifica non configurata\n",
      "10:42:07 ERROR Errore\nError: rotto\n    at x\n",
    ]);
  });

  it("is what the real server writes by default", async () => {
    const database = await openTestDatabase("pglite");
    const out: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => {
      out.push(String(chunk));
      return true;
    }) as typeof process.stdout.write;
    try {
      const app = await buildApp({ ...loadConfig({}), logLevel: "info", webDir: __dirname }, { database });
      await app.inject({ method: "GET", url: "/api/non-esiste/" });
      await app.close();
    } finally {
      process.stdout.write = write;
      await database.close();
    }
    expect(out.join("")).toMatch(/^\d\d:\d\d:\d\d GET \/api\/non-esiste\/ → 404 \d+ ms$/m);
    expect(out.join("")).not.toContain('"msg"');
  });
});
