import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import { MB, readStoredFile } from "../../../../server/lib/files";
import { ALLEGATO_MAX_BYTES } from "../../../../server/modules/pianificazione/servizi/allegati.routes";
import { multipartBody } from "../../anagrafiche/operatori/multipart";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n");

describeEachDb("pianificazione: service attachments", (ctx) => {
  async function setup() {
    const db = ctx().database.db;
    const user = await ctx().createUser({ permissions: ["erp_contratti"] });
    const req = (method: "GET" | "POST", url: string, data?: unknown) =>
      ctx().app.inject({
        method,
        url,
        headers: auth(user.token),
        ...(data !== undefined ? { payload: { data } } : {}),
      });
    const steward = await posizioneId(db, "Steward");
    const c = (await req("POST", `${BASE}/`, { titolo: "Fiera", cliente: await createCliente(db) })).json();
    const servizio = async () =>
      (
        await req("POST", `${BASE}/${c.id}/servizi/`, {
          dal: "2025-09-01",
          al: "2025-09-01",
          turni: [{ inizio_f1: "08:00", fine_f1: "12:00", posizione: steward, operatori_richiesti: 1 }],
        })
      ).json().id as number;
    const s1 = await servizio();
    const s2 = await servizio();
    const upload = (idServizio: number, file: { name: string; data: Buffer }, fields: Record<string, string> = {}) => {
      const body = multipartBody(fields, file);
      return ctx().app.inject({
        method: "POST",
        url: `${BASE}/${c.id}/servizi/${idServizio}/allegati/`,
        headers: { ...auth(user.token), ...body.headers },
        payload: body.payload,
      });
    };
    return { db, user, contratto: c.id as number, s1, s2, upload };
  }

  it("uploads a PDF, lists it with the notes, downloads it only from its own service, deletes it", async () => {
    const { db, user, contratto, s1, s2, upload } = await setup();
    const res = await upload(s1, { name: "Piano sicurezza.pdf", data: PDF }, { descrizione: "Piano firmato" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      nota: "Piano firmato",
      file: { nome: "Piano sicurezza.pdf", mime: "application/pdf", dimensione: PDF.length },
    });
    const fileId = body.file.id as string;

    const file = await queryOne<{
      id: string;
      owner_type: string;
      owner_id: string;
      percorso: string;
      dimensione: number;
      contenutoDb: boolean;
    }>(
      db,
      sql`SELECT id, owner_type, owner_id, percorso, dimensione, contenuto_db AS "contenutoDb" FROM files WHERE id = ${fileId}::uuid`,
    );
    expect(file).toMatchObject({ owner_type: "servizio", owner_id: String(s1), contenutoDb: true });
    expect(fs.existsSync(path.join(ctx().app.config.dataDir, "files", file!.percorso))).toBe(false);
    expect(await readStoredFile(db, ctx().app.config.dataDir, file!)).toEqual(PDF);
    const log = await queryRows<{
      azione: string;
      object_id: string;
      related: unknown;
      dati: { change_log: string[] };
    }>(
      db,
      sql`SELECT azione, object_id, related, dati FROM log_entries
          WHERE content_type = 'servizio_allegato' AND object_id = ${String(body.id)} ORDER BY id`,
    );
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      azione: "Creazione",
      object_id: String(body.id),
      related: [
        { content_type: "servizio", object_id: String(s1) },
        { content_type: "contratto", object_id: String(contratto) },
      ],
    });
    expect(log[0].dati.change_log.join(" ")).toContain("Piano sicurezza.pdf");

    const list = await ctx().app.inject({
      method: "GET",
      url: `${BASE}/${contratto}/servizi/${s1}/note-ed-allegati/`,
      headers: auth(user.token),
    });
    expect(list.json().results).toEqual([expect.objectContaining({ id: body.id, file: body.file })]);

    const dl = await ctx().app.inject({
      method: "GET",
      url: `${BASE}/${contratto}/servizi/${s1}/allegati/${fileId}/`,
      headers: auth(user.token),
    });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers["content-type"]).toBe("application/pdf");
    expect(dl.headers["x-content-type-options"]).toBe("nosniff");
    expect(dl.headers["content-disposition"]).toContain('attachment; filename="Piano sicurezza.pdf"');
    expect(dl.rawPayload).toEqual(PDF);

    // Another service's path, or another user without the permission: not served.
    const other = await ctx().app.inject({
      method: "GET",
      url: `${BASE}/${contratto}/servizi/${s2}/allegati/${fileId}/`,
      headers: auth(user.token),
    });
    expect(other.statusCode).toBe(404);
    const nobody = await ctx().createUser({ permissions: ["erp_operatori"] });
    const denied = await ctx().app.inject({
      method: "GET",
      url: `${BASE}/${contratto}/servizi/${s1}/allegati/${fileId}/`,
      headers: auth(nobody.token),
    });
    expect(denied.statusCode).toBe(403);
    const wrongDelete = await ctx().app.inject({
      method: "DELETE",
      url: `${BASE}/${contratto}/servizi/${s2}/allegati/${fileId}/`,
      headers: auth(user.token),
    });
    expect(wrongDelete.statusCode).toBe(404);

    const del = await ctx().app.inject({
      method: "DELETE",
      url: `${BASE}/${contratto}/servizi/${s1}/allegati/${fileId}/`,
      headers: auth(user.token),
    });
    expect(del.statusCode).toBe(200);
    expect(await queryOne(db, sql`SELECT 1 FROM files WHERE id = ${fileId}::uuid`)).toBeUndefined();
    expect(await queryOne(db, sql`SELECT 1 FROM servizi_allegati WHERE id = ${body.id}`)).toBeUndefined();
    expect(await queryOne(db, sql`SELECT 1 FROM file_chunks WHERE file_id = ${fileId}::uuid LIMIT 1`)).toBeUndefined();
    const deleted = await queryOne<{ azione: string }>(
      db,
      sql`SELECT azione FROM log_entries WHERE content_type = 'servizio_allegato' ORDER BY id DESC LIMIT 1`,
    );
    expect(deleted?.azione).toBe("Eliminazione");
    const gone = await ctx().app.inject({
      method: "GET",
      url: `${BASE}/${contratto}/servizi/${s1}/allegati/${fileId}/`,
      headers: auth(user.token),
    });
    expect(gone.statusCode).toBe(404);
  });

  it("links to a note only a file uploaded to the same service", async () => {
    const { user, contratto, s1, s2, upload } = await setup();
    const fileId = (await upload(s1, { name: "Verbale.pdf", data: PDF })).json().file.id as string;
    const note = (idServizio: number) =>
      ctx().app.inject({
        method: "POST",
        url: `${BASE}/${contratto}/servizi/${idServizio}/note-ed-allegati/`,
        headers: auth(user.token),
        payload: { data: { nota: "Verbale di consegna", file: fileId } },
      });
    const other = await note(s2);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors.file).toBe("File non trovato");
    const own = await note(s1);
    expect(own.statusCode).toBe(201);
    expect(own.json().file.id).toBe(fileId);
  });

  it("refuses a text file named .pdf, an oversize file and an empty upload, writing nothing", async () => {
    const { db, user, contratto, s1, upload } = await setup();
    const chunkCount = async () =>
      (await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM file_chunks`))!.n;
    const chunksBefore = await chunkCount();
    const auditCount = async () =>
      (await queryOne<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'servizio_allegato'`,
      ))!.n;
    const auditBefore = await auditCount();
    const fake = await upload(s1, { name: "fattura.pdf", data: Buffer.from("solo testo, non un PDF") });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors.file).toMatch(/Tipo di file non consentito/);

    // A PDF over the attachments' 50 MB: refused after 200 chunks went in, all rolled back.
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(ALLEGATO_MAX_BYTES, 0x20)]);
    const oversize = await upload(s1, { name: "enorme.pdf", data: big });
    expect(oversize.statusCode).toBe(413);
    expect(oversize.json()).toEqual({
      detail: "Il file supera la dimensione massima consentita (50 MB)",
      errors: { file: "Il file supera la dimensione massima consentita (50 MB)" },
    });
    // An image keeps its 8 MB (it is re-encoded whole).
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(8 * MB, 0x20)]);
    const bigPhoto = await upload(s1, { name: "foto.jpg", data: jpeg });
    expect(bigPhoto.statusCode).toBe(413);
    expect(bigPhoto.json().detail).toBe("Il file supera la dimensione massima consentita (8 MB)");
    // A field after the file (the SPA and browsers send them before): refused, nothing kept.
    const boundary = "----erp-late";
    const late = await ctx().app.inject({
      method: "POST",
      url: `${BASE}/${contratto}/servizi/${s1}/allegati/`,
      headers: { ...auth(user.token), "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n`),
        Buffer.from("Content-Type: application/pdf\r\n\r\n"),
        PDF,
        Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="descrizione"\r\n\r\ntardi\r\n`),
        Buffer.from(`--${boundary}--\r\n`),
      ]),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ descrizione: "Invia i campi del modulo prima del file" });

    const empty = await upload(s1, { name: "vuoto.pdf", data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.file).toBeTruthy();

    expect(await queryRows(db, sql`SELECT 1 FROM servizi_allegati WHERE servizio_id = ${s1}`)).toEqual([]);
    expect(
      await queryRows(db, sql`SELECT 1 FROM files WHERE owner_type = 'servizio' AND owner_id = ${String(s1)}`),
    ).toEqual([]);
    expect(await auditCount()).toBe(auditBefore);
    expect(await chunkCount()).toBe(chunksBefore);
  });
});
