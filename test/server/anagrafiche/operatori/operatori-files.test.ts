import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { files } from "../../../../server/db/schema/anagrafiche-operatori";
import { readStoredFile } from "../../../../server/lib/files";
import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, person } from "./fixtures";
import { multipartBody } from "./multipart";

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: "SEGRETO-EXIF", Artist: "Mario Rossi" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 53/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "12/1 29/1 0/1" },
    })
    .toBuffer();
}

const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describeEachDb("operatori: uploads and file serving", (ctx) => {
  const url = "/api/anagrafiche/operatori/";
  let id = 0;
  let token = "";

  const upload = (
    opId: number,
    tok: string,
    fields: Record<string, string>,
    file?: { name: string; data: Buffer; type?: string },
  ) => {
    const { payload, headers } = multipartBody(fields, file);
    return ctx().app.inject({
      method: "POST",
      url: `${url}${opId}/files/`,
      headers: { ...auth(tok), ...headers },
      payload,
    });
  };

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ADMIN }));
    id = (await createOperatore(ctx(), token, person())).id;
  });

  it("stores a photo re-encoded without EXIF or GPS, under a generated name, and serves it", async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(
      id,
      token,
      { categoria: "foto_primo_piano" },
      { name: "../../etc/passwd.jpg", data: original, type: "image/jpeg" },
    );
    expect(res.statusCode).toBe(201);
    const ref = res.json();
    expect(ref).toMatchObject({
      categoria: "foto_primo_piano",
      mime: "image/jpeg",
      url: `/api/anagrafiche/files/${ref.id}/`,
    });
    expect(ref.nome).toBe("passwd.jpg");

    const [row] = await ctx().database.db.select().from(files).where(eq(files.id, ref.id));
    expect(row.percorso).toMatch(/^\d{4}\/[0-9a-f-]{36}$/);
    const dataDir = ctx().app.config.dataDir;
    // The bytes are in the database (file_chunks), none on this host's disk.
    expect(row.contenutoDb).toBe(true);
    expect(fs.existsSync(path.join(dataDir, "files", row.percorso))).toBe(false);
    const stored = await readStoredFile(ctx().database.db, dataDir, row);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from("SEGRETO-EXIF"))).toBe(false);
    expect(stored.includes(Buffer.from("Exif"))).toBe(false);

    const rec = (await ctx().app.inject({ method: "GET", url: `${url}${id}/`, headers: auth(token) })).json();
    expect(rec.foto_primo_piano).toMatchObject({ id: ref.id, url: ref.url });

    const served = await ctx().app.inject({ method: "GET", url: ref.url, headers: auth(token) });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-disposition"]).toBe(
      `attachment; filename="passwd.jpg"; filename*=UTF-8''passwd.jpg`,
    );
    expect(served.rawPayload.equals(stored)).toBe(true);
  });

  it("replacing a photo deletes the previous file", async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: "#00ff0080" } })
      .png()
      .toBuffer();
    const first = (await upload(id, token, { categoria: "foto_busto" }, { name: "a.png", data: png })).json();
    const second = await upload(id, token, { categoria: "foto_busto" }, { name: "b.png", data: png });
    expect(second.statusCode).toBe(201);
    expect(second.json().mime).toBe("image/webp");
    expect(await ctx().database.db.select().from(files).where(eq(files.id, first.id))).toEqual([]);
  });

  it("refuses content that is not what the slot accepts, whatever the name says", async () => {
    const text = await upload(
      id,
      token,
      { categoria: "foto_profilo" },
      { name: "foto.jpg", data: Buffer.from("ciao, non sono una foto"), type: "image/jpeg" },
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.file).toMatch(/^Tipo di file non consentito/);
    const pdfAsPhoto = await upload(id, token, { categoria: "foto_profilo" }, { name: "foto.jpg", data: pdf });
    expect(pdfAsPhoto.statusCode).toBe(400);
    const broken = await upload(
      id,
      token,
      { categoria: "foto_profilo" },
      { name: "x.jpg", data: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]) },
    );
    expect(broken.statusCode).toBe(400);
    const noCat = await upload(id, token, { categoria: "altro" }, { name: "cv.pdf", data: pdf });
    expect(noCat.json().errors).toEqual({ categoria: "Categoria non valida" });
  });

  it("refuses oversize files with 413", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    const res = await upload(id, token, { categoria: "curriculum" }, { name: "cv.pdf", data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().detail).toBe("Il file supera la dimensione massima consentita (10 MB)");
    const bigJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * 1024 * 1024 + 10)]);
    const img = await upload(id, token, { categoria: "foto_intera" }, { name: "big.jpg", data: bigJpeg });
    expect(img.statusCode).toBe(413);
    expect(img.json().detail).toBe("Il file supera la dimensione massima consentita (8 MB)");
  });

  it("attaches a document's file and serves it only with the documenti-corsi permission", async () => {
    const doc = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/documenti/`,
      headers: auth(token),
      payload: { data: { tipo: "porto_armi", numero: "X" } },
    });
    const res = await upload(
      id,
      token,
      { categoria: "documento", ref_id: String(doc.json().id) },
      { name: "..\\..\\città<script>.pdf", data: pdf },
    );
    expect(res.statusCode).toBe(201);
    const ref = res.json();
    const list = (
      await ctx().app.inject({ method: "GET", url: `${url}${id}/documenti/`, headers: auth(token) })
    ).json();
    expect(list[0].file).toMatchObject({ id: ref.id });

    const planner = await ctx().createUser({ permissions: ["erp_operatori", "erp_operatori_anagrafica"] });
    expect((await ctx().app.inject({ method: "GET", url: ref.url, headers: auth(planner.token) })).statusCode).toBe(
      403,
    );
    const docs = await ctx().createUser({ permissions: ["erp_operatori_documenti-corsi"] });
    const ok = await ctx().app.inject({ method: "GET", url: ref.url, headers: auth(docs.token) });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/pdf");
    expect(ok.headers["content-disposition"]).toBe(
      `attachment; filename="cittascript.pdf"; filename*=UTF-8''${encodeURIComponent("cittàscript.pdf")}`,
    );
    expect((await ctx().app.inject({ method: "GET", url: ref.url })).statusCode).toBe(401);

    const upDenied = await upload(
      id,
      planner.token,
      { categoria: "documento", ref_id: String(doc.json().id) },
      { name: "a.pdf", data: pdf },
    );
    expect(upDenied.statusCode).toBe(403);
  });

  it("serves photos other than the head shot only with the anagrafica permission", async () => {
    const rec = (await ctx().app.inject({ method: "GET", url: `${url}${id}/`, headers: auth(token) })).json();
    const planner = await ctx().createUser({ permissions: ["erp_contratti"] });
    expect(
      (await ctx().app.inject({ method: "GET", url: rec.foto_primo_piano.url, headers: auth(planner.token) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await ctx().app.inject({ method: "GET", url: rec.foto_busto.url, headers: auth(planner.token) })).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx().app.inject({
          method: "GET",
          url: "/api/anagrafiche/files/00000000-0000-0000-0000-000000000000/",
          headers: auth(token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx().app.inject({ method: "GET", url: "/api/anagrafiche/files/..%2F..%2Fetc/", headers: auth(token) }))
        .statusCode,
    ).toBe(404);
  });
});
