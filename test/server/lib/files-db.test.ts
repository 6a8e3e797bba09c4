/**
 * Issue 36 item 1: file contents in the database. Two server processes with different DATA_DIRs on
 * one PostgreSQL serve each other's uploads byte for byte; a 50 MB file goes in and out a chunk at a
 * time (the server's memory grows by less than 64 MB); files left on disk by an older version are
 * moved in with a report.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { buildApp } from "../../../server/app";
import { openPostgres } from "../../../server/db/client";
import { queryOne } from "../../../server/db/query";
import { FILE_CHUNK_BYTES, filesRoot, MB, storeFileStream } from "../../../server/lib/files";
import { importDiskFiles } from "../../../server/lib/files-import";
import { ADMIN, createOperatore, person } from "../anagrafiche/operatori/fixtures";
import { multipartBody } from "../anagrafiche/operatori/multipart";
import { auth, createTestApp, describeEachDb, memoryMailer, type TestApp, testConfig } from "../helpers/app";
import { testDbKinds } from "../setup/paths";

jest.setTimeout(120_000);

const pgDescribe = testDbKinds().includes("postgres") ? describe : describe.skip;

pgDescribe("files shared by two hosts on one PostgreSQL", () => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof buildApp>>;
  let otherDb: Awaited<ReturnType<typeof openPostgres>>;
  const dirA = fs.mkdtempSync(path.join(os.tmpdir(), "erp-host-a-"));
  const dirB = fs.mkdtempSync(path.join(os.tmpdir(), "erp-host-b-"));

  beforeAll(async () => {
    t = await createTestApp("postgres", { dataDir: dirA });
    otherDb = await openPostgres(t.database.appUrl as string, 5);
    other = await buildApp(testConfig({ dataDir: dirB }), { database: otherDb, mailer: memoryMailer() });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await t?.close();
    fs.rmSync(dirA, { recursive: true, force: true });
    fs.rmSync(dirB, { recursive: true, force: true });
  });

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
    const there = await other.inject({ method: "GET", url: ref.url, headers: auth(token) });
    expect(there.statusCode).toBe(200);
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    expect(there.rawPayload.includes(Buffer.from("SEGRETO-EXIF"))).toBe(false); // still stripped
    const row = await queryOne<{ sha256: string; dimensione: number }>(
      t.database.db,
      sql`SELECT sha256, dimensione FROM files WHERE id = ${ref.id}::uuid`,
    );
    expect(crypto.createHash("sha256").update(there.rawPayload).digest("hex")).toBe(row?.sha256);
    expect(there.headers["content-length"]).toBe(String(row?.dimensione));
    expect(there.headers["content-type"]).toBe("image/jpeg");
    expect(there.headers["content-disposition"]).toBe(`attachment; filename="foto.jpg"; filename*=UTF-8''foto.jpg`);
    expect(there.headers["x-content-type-options"]).toBe("nosniff");
    expect(there.headers["cache-control"]).toBe("private, no-store");
    expect(fs.existsSync(filesRoot(dirA))).toBe(false);
    expect(fs.existsSync(filesRoot(dirB))).toBe(false);
  });

  it("stores and serves 50 MB a chunk at a time: the server's memory grows by less than 64 MB", async () => {
    const { token } = await t.createUser({ permissions: ADMIN });
    const op = (await createOperatore(t, token, person())).id;
    const SIZE = 50 * MB;
    const sent = crypto.createHash("sha256");
    // Incompressible bytes after a PDF header, made as they are consumed.
    async function* pdfBytes() {
      let left = SIZE;
      let first = true;
      while (left > 0) {
        const n = Math.min(64 * 1024, left);
        const b = crypto.randomBytes(n);
        if (first) {
          b.write("%PDF-1.7\n", 0, "latin1");
          first = false;
        }
        sent.update(b);
        left -= n;
        yield b;
      }
    }
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    try {
      const row = await t.database.db.transaction((tx) =>
        storeFileStream(tx, {
          ownerType: "operatore",
          ownerId: op,
          categoria: "documento",
          originalName: "grande.pdf",
          stream: pdfBytes(),
          allowed: ["pdf"],
          maxBytes: 60 * MB,
        }),
      );
      expect(row.dimensione).toBe(SIZE);
      const chunks = await queryOne<{ n: number }>(
        t.database.db,
        sql`SELECT count(*)::int AS n FROM file_chunks WHERE file_id = ${row.id}::uuid`,
      );
      expect(chunks?.n).toBe(Math.ceil(SIZE / FILE_CHUNK_BYTES));
      // Downloaded through the other host over HTTP, read as it arrives.
      await other.listen({ port: 0, host: "127.0.0.1" });
      const { port } = other.server.address() as AddressInfo;
      const got = crypto.createHash("sha256");
      let bytes = 0;
      const status = await new Promise<number>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: `/api/anagrafiche/files/${row.id}/`, headers: auth(token) }, (res) => {
            res.on("data", (c: Buffer) => {
              got.update(c);
              bytes += c.length;
            });
            res.on("end", () => resolve(res.statusCode ?? 0));
          })
          .on("error", reject);
      });
      expect(status).toBe(200);
      expect(bytes).toBe(SIZE);
      const sentHex = sent.digest("hex");
      expect(got.digest("hex")).toBe(sentHex);
      expect(row.sha256).toBe(sentHex);
    } finally {
      clearInterval(sampler);
    }
    const growth = (peak - before) / MB;
    console.log(`RSS prima ${Math.round(before / MB)} MB, picco ${Math.round(peak / MB)} MB: +${growth.toFixed(1)} MB`);
    expect(growth).toBeLessThan(64);
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
