/**
 * A local HTTP server that speaks the Google geocoding format, for tests:
 *   GET /geocode/json?address=…&key=…  →  {status, results: [{geometry: {location: {lat, lng}}}]}
 * What it answers depends on the address text:
 *   contains 'NESSUNRISULTATO' → ZERO_RESULTS; 'QUOTA' → OVER_QUERY_LIMIT; 'ERRORE500' → HTTP 500;
 *   'LENTO' → answers only after `slowMs`; a wrong key → REQUEST_DENIED; otherwise OK with a
 *   point derived from the text (Milano-ish coordinates), also kept in `requests`.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface GeocodingServer {
  url: string;
  key: string;
  requests: { address: string; key: string }[];
  /** The point answered for an address. */
  pointFor(address: string): { lat: number; lng: number };
  close(): Promise<void>;
}

function hash(text: string): number {
  let h = 0;
  for (const c of text) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

export async function startGeocodingServer(opts: { key?: string; slowMs?: number } = {}): Promise<GeocodingServer> {
  const key = opts.key ?? "chiave-di-prova";
  const slowMs = opts.slowMs ?? 3000;
  const requests: { address: string; key: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const pointFor = (address: string) => {
    const h = hash(address);
    return { lat: 45 + (h % 10000) / 10000, lng: 9 + ((h >>> 8) % 10000) / 10000 };
  };
  const server = http.createServer((req, res) => {
    const u = new URL(req.url ?? "/", "http://localhost");
    const address = u.searchParams.get("address") ?? "";
    const k = u.searchParams.get("key") ?? "";
    requests.push({ address, key: k });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (u.pathname !== "/geocode/json") return send(404, { status: "NOT_FOUND" });
    if (k !== key) return send(200, { status: "REQUEST_DENIED", results: [], error_message: "bad key" });
    if (address.includes("NESSUNRISULTATO")) return send(200, { status: "ZERO_RESULTS", results: [] });
    if (address.includes("QUOTA")) return send(200, { status: "OVER_QUERY_LIMIT", results: [] });
    if (address.includes("ERRORE500")) return send(500, { error: "boom" });
    const ok = () =>
      send(200, {
        status: "OK",
        results: [{ formatted_address: address, geometry: { location: pointFor(address), location_type: "ROOFTOP" } }],
      });
    if (address.includes("LENTO")) {
      const t = setTimeout(() => {
        timers.delete(t);
        if (!res.writableEnded && !res.destroyed) ok();
      }, slowMs);
      timers.add(t);
      return;
    }
    ok();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/geocode/json`,
    key,
    requests,
    pointFor,
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
