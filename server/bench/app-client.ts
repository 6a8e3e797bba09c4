/**
 * The guards' phones in a bench: JSON posts with an app token over a keep-alive pool to the
 * server under benchmark, answering the status code (console.bench.ts, shift-change.bench.ts).
 */
import http from "node:http";

export function appClient(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const base = new URL(baseUrl);
  const request = (method: "GET" | "POST", urlPath: string, token: string, body?: unknown) =>
    new Promise<number>((resolve, reject) => {
      const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
      const req = http.request(
        {
          agent,
          host: base.hostname,
          port: base.port,
          method,
          path: urlPath,
          headers: {
            authorization: `Token ${token}`,
            ...(payload ? { "content-type": "application/json", "content-length": payload.length } : {}),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        },
      );
      req.on("error", reject);
      req.end(payload ?? undefined);
    });
  return {
    post: (urlPath: string, token: string, body: unknown) => request("POST", urlPath, token, body),
    get: (urlPath: string, token: string) => request("GET", urlPath, token),
    destroy: () => agent.destroy(),
  };
}
