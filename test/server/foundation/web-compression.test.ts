/**
 * The web app travels compressed (issue 17, item 2): the build writes `x.js.br` and `x.js.gz` beside
 * every script (webpack.config.ts) and the server sends the copy the browser accepts, with
 * `Content-Encoding` and `Vary: Accept-Encoding`, falling back to the plain file. It used to send a
 * 1.19 MB script uncompressed to `Accept-Encoding: gzip, br`. The API is never compressed here.
 * The web plugin does not touch the database: one kind (PGlite) is enough.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createTestApp, type TestApp } from "../helpers/app";

const webDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-web-gz-"));
const script = `console.log(${JSON.stringify("Vigilanza ERP ".repeat(400))});`;
const page = `<!doctype html><title>Vigilanza ERP</title><div id=root></div>${"<!-- riempitivo -->".repeat(100)}`;
fs.mkdirSync(path.join(webDir, "assets"));
const write = (name: string, text: string, compressed = true) => {
  fs.writeFileSync(path.join(webDir, name), text);
  if (!compressed) return;
  fs.writeFileSync(path.join(webDir, `${name}.br`), zlib.brotliCompressSync(text));
  fs.writeFileSync(path.join(webDir, `${name}.gz`), zlib.gzipSync(text));
};
write("index.html", page);
write("assets/main.0123abcd.js", script);
write("assets/piccolo.4567cdef.js", "console.log(1)", false);
const campoPage = "<!doctype html><title>Vigilanza Campo</title><div id=root></div>";
fs.mkdirSync(path.join(webDir, "campo"));
write("campo/index.html", campoPage, false);
write("campo/manifest.webmanifest", JSON.stringify({ name: "Vigilanza Campo" }), false);
write("campo/sw.js", "self.addEventListener('fetch', () => {});", false);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite", { webDir });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

it("sends brotli to a browser that accepts it, with the script's type, Vary and the immutable cache", async () => {
  const res = await get("/app/assets/main.0123abcd.js", "gzip, deflate, br, zstd");
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-encoding"]).toBe("br");
  expect(res.headers["content-type"]).toMatch(/javascript/);
  expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  expect(res.rawPayload.length).toBeLessThan(script.length / 5);
});

it("sends gzip to a client that accepts only gzip", async () => {
  const res = await get("/app/assets/main.0123abcd.js", "gzip");
  expect(res.headers["content-encoding"]).toBe("gzip");
  expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
});

it("sends the plain file, still varying on Accept-Encoding, to a client that accepts no encoding", async () => {
  const res = await get("/app/assets/main.0123abcd.js");
  expect(res.headers["content-encoding"]).toBeUndefined();
  expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
  expect(res.body).toBe(script);
});

it("falls back to the plain file when the build wrote no compressed copy", async () => {
  const res = await get("/app/assets/piccolo.4567cdef.js", "br, gzip");
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-encoding"]).toBeUndefined();
  expect(res.body).toBe("console.log(1)");
});

it.each(["/app/", "/app/login", "/app/anagrafiche/operatori/12"])(
  "%s: index.html compressed as HTML, never cached",
  async (url) => {
    const res = await get(url, "gzip, br");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-cache");
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  },
);

it("a missing asset is still a JSON 404 whatever the encoding", async () => {
  const res = await get("/app/assets/vecchio.deadbeef.js", "gzip, br");
  expect(res.statusCode).toBe(404);
  expect(res.headers["content-encoding"]).toBeUndefined();
  expect(res.json()).toEqual({ detail: "Risorsa non trovata" });
});

it.each(["/api/health/", "/api/non-esiste/"])("%s is never compressed", async (url) => {
  const res = await get(url, "gzip, deflate, br");
  expect(res.headers["content-encoding"]).toBeUndefined();
  expect(() => res.json()).not.toThrow();
});

it("sends the field app's own page under /app/campo/ and the back office's elsewhere (issue 33)", async () => {
  for (const url of ["/app/campo", "/app/campo/", "/app/campo/qualsiasi?utente=g.russo"]) {
    const res = await get(url);
    expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body: campoPage });
    expect(res.headers["cache-control"]).toBe("no-cache");
  }
  const office = await get("/app/campionato");
  expect(office.body).toBe(page);
  const manifest = await get("/app/campo/manifest.webmanifest");
  expect(manifest.statusCode).toBe(200);
  expect(manifest.headers["content-type"]).toMatch(/application\/manifest\+json/);
  const sw = await get("/app/campo/sw.js");
  expect(sw.headers["content-type"]).toMatch(/javascript/);
  expect(sw.headers["cache-control"]).toBe("no-cache");
});
