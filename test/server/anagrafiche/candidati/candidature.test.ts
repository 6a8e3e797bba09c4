import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { multipartBody, pdfBytes } from "./multipart-body";

const fields = (over: Record<string, string | string[]> = {}) => ({
  nome: "Martina",
  cognome: "Colombo",
  sesso: "F",
  data_nascita: "1996-11-02",
  email: "martina.colombo@example.it",
  cellulare: "+39 340 1112233",
  citta: "Monza",
  prov: "MB",
  posizioni: ["5", "6"],
  giorni_disponibili: "5,6,7",
  turni_notturni: "on",
  privacy: "true",
  messaggio: "Disponibile da subito.",
  ...over,
});

let ipSeq = 0;
const nextIp = () => `10.0.0.${++ipSeq}`;

describeEachDb("anagrafiche/candidature (public form)", (ctx) => {
  let hr: string;
  beforeAll(async () => {
    hr = (await ctx().createUser({ permissions: ["erp_candidati"] })).token;
    ctx().setNow(new Date("2025-06-10T10:00:00Z"));
  });

  const send = (
    f: Record<string, string | string[]>,
    files: Parameters<typeof multipartBody>[1] = [],
    ip = nextIp(),
  ) => {
    const { payload, headers } = multipartBody(f, files);
    return ctx().app.inject({
      method: "POST",
      url: "/api/anagrafiche/candidature/",
      payload,
      headers,
      remoteAddress: ip,
    });
  };
  const count = async () =>
    (await queryOne<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM candidati`))?.n ?? 0;

  it("offers the form's options without login", async () => {
    const res = await ctx().app.inject({ method: "GET", url: "/api/anagrafiche/candidature/opzioni/" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.posizioni).toContainEqual({ id: 5, descrizione: "Steward" });
    expect(body.giorni[0]).toEqual({ id: 1, nome: "Lunedì" });
    expect(body.province).toContainEqual({ name: "Roma", abbr: "RM" });
  });

  it("stores an application with its PDF CV; it appears in the staff list at once", async () => {
    const pdf = pdfBytes(2048);
    const res = await send(fields(), [
      { field: "cv", filename: "../../etc/cv martina.pdf", contentType: "application/pdf", data: pdf },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ result: "OK", detail: "Grazie! La tua candidatura è stata inviata correttamente." });

    const list = await ctx().app.inject({
      method: "GET",
      url: "/api/anagrafiche/candidati/?global=colombo",
      headers: auth(hr),
    });
    expect(list.json().count).toBe(1);
    const row = list.json().results[0];
    expect(row).toMatchObject({
      nome: "Martina",
      stato: "nuovo",
      origine: "form",
      cv: true,
      posizioni: ["Steward", "Addetto antitaccheggio"],
    });

    const rec = (
      await ctx().app.inject({ method: "GET", url: `/api/anagrafiche/candidati/${row.id}/`, headers: auth(hr) })
    ).json();
    expect(rec).toMatchObject({
      sesso: "F",
      cellulare: "+39 340 1112233",
      giorni_disponibili: [5, 6, 7],
      turni_notturni: true,
      trasferte: false,
      messaggio: "Disponibile da subito.",
      privacy_accettata_il: "2025-06-10T10:00:00.000Z",
      cv: { id: expect.any(String), nome: "cv martina.pdf", dimensione: 2048 },
    });
    const cv = await ctx().app.inject({
      method: "GET",
      url: `/api/anagrafiche/candidati/${row.id}/cv/`,
      headers: auth(hr),
    });
    expect(cv.statusCode).toBe(200);
    expect(cv.headers["content-type"]).toBe("application/pdf");
    expect(cv.headers["content-disposition"]).toMatch(/^attachment; filename="cv martina.pdf"/);
    expect(cv.rawPayload.equals(pdf)).toBe(true);
    const anon = await ctx().app.inject({ method: "GET", url: `/api/anagrafiche/candidati/${row.id}/cv/` });
    expect(anon.statusCode).toBe(401);

    const log = await queryOne<{ utente_id: number | null; ip: string; note: string }>(
      ctx().database.db,
      sql`SELECT utente_id, ip, note FROM log_entries WHERE content_type = 'candidato' AND object_id = ${String(row.id)}`,
    );
    expect(log).toMatchObject({ utente_id: null, note: expect.stringContaining("modulo pubblico") });
  });

  it("accepts JSON without a CV", async () => {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/anagrafiche/candidature/",
      remoteAddress: nextIp(),
      payload: {
        ...fields({ cognome: "Jsonetti" }),
        posizioni: [2],
        giorni_disponibili: [1, 2],
        privacy: true,
        turni_notturni: false,
      },
    });
    expect(res.statusCode).toBe(201);
    const rec = await queryOne<{ cv_file_id: string | null; turni_notturni: boolean }>(
      ctx().database.db,
      sql`SELECT cv_file_id, turni_notturni FROM candidati WHERE cognome = 'Jsonetti'`,
    );
    expect(rec).toEqual({ cv_file_id: null, turni_notturni: false });
  });

  it("answers a filled honeypot as if fine but stores nothing", async () => {
    const before = await count();
    const res = await send(fields({ cognome: "Robot", sito_web: "http://spam.example" }));
    expect(res.statusCode).toBe(201);
    expect(res.json().result).toBe("OK");
    expect(await count()).toBe(before);
  });

  it("requires the privacy acceptance and the personal data", async () => {
    const before = await count();
    const res = await send(fields({ privacy: "false", email: "", data_nascita: "2010-01-01", posizioni: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      privacy: "Per inviare la candidatura devi accettare l'informativa sulla privacy",
      email: "Questo campo è obbligatorio",
      data_nascita: "Per candidarti devi essere maggiorenne",
      posizioni: "Scegli almeno una posizione",
    });
    expect(await count()).toBe(before);
  });

  it("refuses a CV that is not a PDF by content, whatever its name", async () => {
    const before = await count();
    const res = await send(fields(), [
      { field: "cv", filename: "cv.pdf", contentType: "application/pdf", data: Buffer.from("<html>not a pdf</html>") },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cv: "Il curriculum deve essere un file PDF" });
    expect(await count()).toBe(before);
  });

  it("refuses a CV over 5 MB with 413", async () => {
    const before = await count();
    const res = await send(fields(), [
      { field: "cv", filename: "cv.pdf", contentType: "application/pdf", data: pdfBytes(5 * 1024 * 1024 + 1) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      detail: "Il curriculum supera la dimensione massima di 5 MB",
      errors: { cv: "Il curriculum supera la dimensione massima di 5 MB" },
    });
    expect(await count()).toBe(before);
    const ok = await send(fields({ cognome: "Limite" }), [
      { field: "cv", filename: "cv.pdf", contentType: "application/pdf", data: pdfBytes(5 * 1024 * 1024) },
    ]);
    expect(ok.statusCode).toBe(201);
  });

  it("limits submissions per IP with 429 and Retry-After", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      const r = await send(fields({ cognome: `Ripetuto${i}`, privacy: i === 0 ? "false" : "true" }), [], ip);
      expect(r.statusCode).toBe(i === 0 ? 400 : 201);
    }
    const blocked = await send(fields({ cognome: "Bloccato" }), [], ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect(blocked.json().detail).toMatch(/Troppi tentativi/);
    const n = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM candidati WHERE cognome = 'Bloccato'`,
    );
    expect(n?.n).toBe(0);
    // another address is not affected
    expect((await send(fields({ cognome: "Altrove" }), [], "192.0.2.78")).statusCode).toBe(201);
    // an hour later the address may submit again
    ctx().setNow(new Date("2025-06-10T11:00:01Z"));
    expect((await send(fields({ cognome: "Dopo" }), [], ip)).statusCode).toBe(201);
    ctx().setNow(new Date("2025-06-10T10:00:00Z"));
  });
});
