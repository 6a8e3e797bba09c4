/**
 * Issue 36 item 1: file contents in the database. Two server processes (this test's app and
 * `server/main.ts` in a child process) with different DATA_DIRs on one PostgreSQL serve each other's
 * uploads byte for byte; a 50 MB attachment goes in over HTTP and out again a chunk at a time (the
 * child server's RSS grows by less than 64 MB); files left on disk by an older version are moved in
 * with a report.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { buildApp } from "../../../server/app";
import { queryOne } from "../../../server/db/query";
import { FILE_CHUNK_BYTES, filesRoot, MB, storeFileStream } from "../../../server/lib/files";
import { importDiskFiles } from "../../../server/lib/files-import";
import { ADMIN, createOperatore, person } from "../anagrafiche/operatori/fixtures";
import { multipartBody } from "../anagrafiche/operatori/multipart";
import { auth, createTestApp, describeEachDb, memoryMailer, type TestApp, testConfig } from "../helpers/app";
import { type Running, startServer } from "../helpers/server-process";
import { createCliente, posizioneId } from "../pianificazione/fixtures";
import { testDbKinds } from "../setup/paths";

jest.setTimeout(120_000);

const pgDescribe = testDbKinds().includes("postgres") ? describe : describe.skip;

/** A process's resident memory (bytes), from /proc. */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

pgDescribe("files shared by two hosts on one PostgreSQL", () => {
  let t: TestApp;
  let server: Running | undefined;
  const dirA = fs.mkdtempSync(path.join(os.tmpdir(), "erp-host-a-"));
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), "erp-host-b-"));

  beforeAll(async () => {
    t = await createTestApp("postgres", { dataDir: dirA });
    // The other host: `npm start` in its own process (one: ERP_WORKERS=1), its own DATA_DIR, the same database.
    server = await startServer({
      DATABASE_URL: t.database.appUrl as string,
      DATABASE_MIGRATION_URL: t.database.superuserUrl as string,
      DATA_DIR: dirB,
      PORT: "0",
      ERP_WORKERS: "1",
      ERP_ADMIN_PASSWORD: "Password-Lunga-1",
      LOG_LEVEL: "silent",
    });
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const { child } = server;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
    await t?.close();
    fs.rmSync(dirA, { recursive: true, force: true });
    fs.rmSync(dirB, { recursive: true, force: true });
  });

  /** GET on the other host, the body hashed as it arrives. */
  function download(url: string, token: string) {
    return new Promise<{
      status: number;
      bytes: number;
      sha256: string;
      headers: http.IncomingHttpHeaders;
      body: Buffer[];
    }>((resolve, reject) => {
      http
        .get({ host: "127.0.0.1", port: server?.port, path: url, headers: auth(token) }, (res) => {
          const hash = crypto.createHash("sha256");
          let bytes = 0;
          const body: Buffer[] = [];
          res.on("data", (c: Buffer) => {
            hash.update(c);
            bytes += c.length;
            if (bytes <= MB) body.push(c);
          });
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, bytes, sha256: hash.digest("hex"), headers: res.headers, body }),
          );
        })
        .on("error", reject);
    });
  }

  it("a photo uploaded through one downloads through the other, byte for byte, nothing on either disk", async () => {
    const { token } = await t.createUser({ permissions: ADMIN });
    const op = (await createOperatore(t, token, person())).id;
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#336699" } })
      .jpeg({ quality: 90 })
      .withExif({ IFD0: { Copyright: "SEGRETO-EXIF" } })
      .toBuffer();
    const { payload, headers } = multipartBody(
      { categoria: "foto_primo_piano" },
      { name: "foto.jpg", data: photo, type: "image/jpeg" },
    );
    const up = await t.app.inject({
      method: "POST",
      url: `/api/anagrafiche/operatori/${op}/files/`,
      headers: { ...auth(token), ...headers },
      payload,
    });
    expect(up.statusCode).toBe(201);
    const ref = up.json();
    const here = await t.app.inject({ method: "GET", url: ref.url, headers: auth(token) });
    const there = await download(ref.url, token);
    expect(there.status).toBe(200);
    const body = Buffer.concat(there.body);
    expect(body.equals(here.rawPayload)).toBe(true);
    expect(body.includes(Buffer.from("SEGRETO-EXIF"))).toBe(false); // still stripped
    const row = await queryOne<{ sha256: string; dimensione: number }>(
      t.database.db,
      sql`SELECT sha256, dimensione FROM files WHERE id = ${ref.id}::uuid`,
    );
    expect(there.sha256).toBe(row?.sha256);
    expect(there.headers["content-length"]).toBe(String(row?.dimensione));
    expect(there.headers["content-type"]).toBe("image/jpeg");
    expect(there.headers["content-disposition"]).toBe(`attachment; filename="foto.jpg"; filename*=UTF-8''foto.jpg`);
    expect(there.headers["x-content-type-options"]).toBe("nosniff");
    expect(there.headers["cache-control"]).toBe("private, no-store");
    expect(fs.existsSync(filesRoot(dirA))).toBe(false);
    expect(fs.existsSync(filesRoot(dirB))).toBe(false);
  });

  it("takes a 50 MB attachment over HTTP and serves it back: the server's memory grows by less than 64 MB", async () => {
    const { token } = await t.createUser({ permissions: ["erp_contratti"] });
    const cliente = await createCliente(t.database.db);
    const steward = await posizioneId(t.database.db, "Steward");
    const post = (url: string, data: unknown) =>
      t.app.inject({ method: "POST", url, headers: auth(token), payload: { data } });
    const contratto = (await post("/api/pianificazione/contratti/", { titolo: "Fiera", cliente })).json().id;
    const servizio = (
      await post(`/api/pianificazione/contratti/${contratto}/servizi/`, {
        dal: "2025-09-01",
        al: "2025-09-01",
        turni: [{ inizio_f1: "08:00", fine_f1: "12:00", posizione: steward, operatori_richiesti: 1 }],
      })
    ).json().id;
    const url = `/api/pianificazione/contratti/${contratto}/servizi/${servizio}/allegati/`;

    /** POSTs a multipart form with `size` bytes of a PDF made as the socket takes them. */
    const upload = (size: number, sent: crypto.Hash, header = "%PDF-1.7\n") =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const boundary = `----erp${crypto.randomBytes(8).toString("hex")}`;
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="descrizione"\r\n\r\nPlanimetria\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="planimetria.pdf"\r\n` +
            "Content-Type: application/pdf\r\n\r\n",
        );
        const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
        const req = http.request(
          {
            host: "127.0.0.1",
            port: server?.port,
            path: url,
            method: "POST",
            headers: {
              ...auth(token),
              "content-type": `multipart/form-data; boundary=${boundary}`,
              "content-length": String(head.length + size + tail.length),
            },
          },
          (res) => {
            let body = "";
            res.setEncoding("utf8");
            res.on("data", (c: string) => {
              body += c;
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on("error", reject);
        (async () => {
          req.write(head);
          for (let left = size, first = true; left > 0; first = false) {
            const b = crypto.randomBytes(Math.min(64 * 1024, left));
            if (first) b.write(header, 0, "latin1");
            sent.update(b);
            left -= b.length;
            if (!req.write(b)) await new Promise((r) => req.once("drain", r));
          }
          req.end(tail);
        })().catch(reject);
      });

    // Warm up the paths (first upload and download), then measure.
    const small = await upload(FILE_CHUNK_BYTES + 10, crypto.createHash("sha256"));
    expect(small.status).toBe(201);
    expect((await download(`${url}${JSON.parse(small.body).file.id}/`, token)).status).toBe(200);

    const pid = server?.child.pid as number;
    const before = rssOf(pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    let uploadPeak = before;
    const SIZE = 50 * MB;
    const sent = crypto.createHash("sha256");
    try {
      const up = await upload(SIZE, sent);
      expect(up.status).toBe(201);
      const file = JSON.parse(up.body).file;
      expect(file).toMatchObject({ nome: "planimetria.pdf", mime: "application/pdf", dimensione: SIZE });
      const sentHex = sent.digest("hex");
      const chunks = await queryOne<{ n: number; sha256: string }>(
        t.database.db,
        sql`SELECT count(*)::int AS n, (SELECT sha256 FROM files WHERE id = ${file.id}::uuid) AS sha256
              FROM file_chunks WHERE file_id = ${file.id}::uuid`,
      );
      expect(chunks).toEqual({ n: Math.ceil(SIZE / FILE_CHUNK_BYTES), sha256: sentHex });
      uploadPeak = peak;
      const got = await download(`${url}${file.id}/`, token);
      expect(got.status).toBe(200);
      expect(got.bytes).toBe(SIZE);
      expect(got.sha256).toBe(sentHex);
    } finally {
      clearInterval(sampler);
    }
    const growth = (peak - before) / MB;
    console.log(
      `RSS del server: prima ${Math.round(before / MB)} MB, picco nel caricamento +${((uploadPeak - before) / MB).toFixed(1)} MB, ` +
        `picco con lo scaricamento ${Math.round(peak / MB)} MB: +${growth.toFixed(1)} MB`,
    );
    expect(growth).toBeLessThan(64);

    // Over the attachments' limit (50 MB): 413 in Italian, nothing kept of it.
    const count = async () =>
      (await queryOne<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM file_chunks`))?.n;
    const chunksBefore = await count();
    const over = await upload(SIZE + 1, crypto.createHash("sha256"));
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toEqual({
      detail: "Il file supera la dimensione massima consentita (50 MB)",
      errors: { file: "Il file supera la dimensione massima consentita (50 MB)" },
    });
    expect(await count()).toBe(chunksBefore);
    // Not a PDF by its first bytes: refused at once; the rest of the body flows away unread and
    // the client reads the answer (no reset connection).
    const fake = await upload(20 * MB, crypto.createHash("sha256"), "<html>\n");
    expect(fake.status).toBe(400);
    expect(JSON.parse(fake.body).errors.file).toMatch(/^Tipo di file non consentito/);
    expect(await count()).toBe(chunksBefore);
  });

  it("refuses a streamed file over its limit and keeps nothing of it", async () => {
    async function* big() {
      yield Buffer.from("%PDF-1.4\n");
      for (let i = 0; i < 10; i++) yield Buffer.alloc(256 * 1024, 7);
    }
    const count = async () =>
      (await queryOne<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM files`))?.n;
    const before = await count();
    await expect(
      t.database.db.transaction((tx) =>
        storeFileStream(tx, {
          ownerType: "operatore",
          ownerId: 1,
          categoria: "documento",
          stream: big(),
          maxBytes: MB,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 413 });
    expect(await count()).toBe(before);
  });
});

describeEachDb("files left on disk by an older version", (ctx) => {
  it("are served from disk until imported, then from the database, with a report", async () => {
    const { app, database } = ctx();
    const { token } = await ctx().createUser({ permissions: ADMIN });
    const op = (await createOperatore(ctx(), token, person())).id;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-import-"));
    try {
      const bytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(FILE_CHUNK_BYTES + 1000)]);
      const sha = crypto.createHash("sha256").update(bytes).digest("hex");
      const [onDisk, lost] = [crypto.randomUUID(), crypto.randomUUID()];
      fs.mkdirSync(path.join(filesRoot(dataDir), "2024"), { recursive: true });
      fs.writeFileSync(path.join(filesRoot(dataDir), "2024", onDisk), bytes);
      for (const id of [onDisk, lost]) {
        await database.exec(`INSERT INTO files (id, owner_type, owner_id, categoria, nome_originale, mime, dimensione, percorso, sha256)
          VALUES ('${id}', 'operatore', '${op}', 'documento', 'vecchio.pdf', 'application/pdf', ${bytes.length}, '2024/${id}', '${sha}')`);
      }
      const host = await buildApp(testConfig({ dataDir }), { database, mailer: memoryMailer() });
      try {
        const before = await host.inject({
          method: "GET",
          url: `/api/anagrafiche/files/${onDisk}/`,
          headers: auth(token),
        });
        expect(before.statusCode).toBe(200);
        expect(before.rawPayload.equals(bytes)).toBe(true);
        const missing = await host.inject({
          method: "GET",
          url: `/api/anagrafiche/files/${lost}/`,
          headers: auth(token),
        });
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ detail: "File non trovato" });

        const report = await importDiskFiles(database.db, dataDir, new Date("2026-11-29T12:00:00Z"));
        expect(report.moved).toBe(1);
        expect(report.missing).toEqual([`${lost} (2024/${lost})`]);
        expect(report.lines[0]).toBe("File spostati nel database: 1 (0.3 MB).");
        expect(fs.readFileSync(report.reportFile as string, "utf8")).toContain(lost);
        expect(fs.existsSync(path.join(filesRoot(dataDir), "2024", onDisk))).toBe(false);

        // Served now from the database by any host, this one's disk or not.
        const after = await app.inject({
          method: "GET",
          url: `/api/anagrafiche/files/${onDisk}/`,
          headers: auth(token),
        });
        expect(after.statusCode).toBe(200);
        expect(after.rawPayload.equals(bytes)).toBe(true);
        const again = await importDiskFiles(database.db, dataDir);
        expect(again.moved).toBe(0);
        expect(again.missing).toHaveLength(1);
      } finally {
        await host.close();
        await database.exec(`DELETE FROM files WHERE id IN ('${onDisk}', '${lost}')`);
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
