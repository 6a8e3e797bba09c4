import { and, eq } from "drizzle-orm";
import JSZip from "jszip";
import sharp from "sharp";
import { files, operatori } from "../../../../server/db/schema/anagrafiche-operatori";
import { logEntries } from "../../../../server/db/schema/core";
import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, person } from "./fixtures";
import { multipartBody } from "./multipart";

describeEachDb("operatori: GDPR export and anonymisation", (ctx) => {
  const url = "/api/anagrafiche/operatori/";
  let token = "";

  const post = (id: number, tab: string, data: object) =>
    ctx().app.inject({ method: "POST", url: `${url}${id}/${tab}/`, headers: auth(token), payload: { data } });

  async function withPhoto(id: number) {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipartBody({ categoria: "foto_primo_piano" }, { name: "volto.jpg", data: jpeg });
    const res = await ctx().app.inject({
      method: "POST",
      url: `${url}${id}/files/`,
      headers: { ...auth(token), ...headers },
      payload,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id as string;
  }

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ADMIN }));
    ctx().setNow(new Date("2025-06-15T10:00:00+02:00"));
  });
  afterAll(() => ctx().setNow(null));

  it("exports a zip of JSON with everything held on the person and their files", async () => {
    const p = person({ iban: "IT60X0542811101000000123456" });
    const op = await createOperatore(ctx(), token, p);
    await post(op.id, "documenti", { tipo: "porto_armi", numero: "PA-77" });
    await post(op.id, "contratti", { tipo: "intermittente", data_inizio: "2024-01-01" });
    await withPhoto(op.id);

    const res = await ctx().app.inject({ method: "GET", url: `${url}${op.id}/export/`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="operatore-OP\d+-dati-personali\.zip"/);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const names = Object.keys(zip.files);
    for (const n of [
      "operatore.json",
      "documenti.json",
      "contratti.json",
      "registro-modifiche.json",
      "files.json",
      "LEGGIMI.txt",
    ]) {
      expect(names).toContain(n);
    }
    const rec = JSON.parse(await zip.file("operatore.json")!.async("string"));
    expect(rec).toMatchObject({
      codice_fiscale: p.codice_fiscale,
      iban: "IT60X0542811101000000123456",
      cognome: p.cognome,
    });
    const docs = JSON.parse(await zip.file("documenti.json")!.async("string"));
    expect(docs[0]).toMatchObject({ tipo: "porto_armi", numero: "PA-77" });
    const photo = names.find((n) => n.startsWith("files/foto_primo_piano-"));
    expect(photo).toBeDefined();
    const bytes = await zip.file(photo!)!.async("nodebuffer");
    expect(bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true);
    const log = JSON.parse(await zip.file("registro-modifiche.json")!.async("string"));
    expect(log.some((l: { azione: string }) => l.azione === "Creazione")).toBe(true);

    const planner = await ctx().createUser({ permissions: ["erp_operatori", "erp_operatori_altro"] });
    const denied = await ctx().app.inject({
      method: "GET",
      url: `${url}${op.id}/export/`,
      headers: auth(planner.token),
    });
    expect(denied.statusCode).toBe(403);
  });

  it("refuses to anonymise an operator still active (409 with the reason)", async () => {
    const op = await createOperatore(ctx(), token, person());
    const res = await ctx().app.inject({ method: "POST", url: `${url}${op.id}/anonimizza/`, headers: auth(token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe("Solo un operatore cessato può essere anonimizzato");
  });

  it("refuses while an employment contract ended less than 5 years ago", async () => {
    const op = await createOperatore(ctx(), token, { ...person(), cessato: true, attivo: false });
    await post(op.id, "contratti", { tipo: "indeterminato", data_inizio: "2015-01-01", data_fine: "2022-12-31" });
    const res = await ctx().app.inject({ method: "POST", url: `${url}${op.id}/anonimizza/`, headers: auth(token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().reasons).toEqual([
      "L'ultimo contratto di lavoro è terminato da meno di 5 anni (conservazione obbligatoria)",
    ]);
    const [row] = await ctx().database.db.select().from(operatori).where(eq(operatori.id, op.id));
    expect(row.anonimizzato).toBe(false);
  });

  it("anonymises a ceased operator with no retention pending: personal data and files gone, audited", async () => {
    const p = person();
    const op = await createOperatore(ctx(), token, {
      ...p,
      cessato: true,
      attivo: false,
      cellulare: "3401234567",
      note: "x",
    });
    await post(op.id, "contratti", { tipo: "determinato", data_inizio: "2015-01-01", data_fine: "2019-12-31" });
    await post(op.id, "documenti", { tipo: "carta_identita", numero: "CA123" });
    const fileId = await withPhoto(op.id);

    const res = await ctx().app.inject({ method: "POST", url: `${url}${op.id}/anonimizza/`, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: "OK" });

    const rec = (await ctx().app.inject({ method: "GET", url: `${url}${op.id}/`, headers: auth(token) })).json();
    expect(rec).toMatchObject({
      nome: "Anonimo",
      cognome: `Operatore ${op.codice}`,
      codice_fiscale: "",
      data_nascita: null,
      cellulare: "",
      foto_primo_piano: null,
      note: "",
      anonimizzato: true,
      documenti: [],
      contratti: [],
    });
    expect(JSON.stringify(rec)).not.toContain(p.codice_fiscale);
    expect(await ctx().database.db.select().from(files).where(eq(files.id, fileId))).toEqual([]);

    const [entry] = await ctx()
      .database.db.select()
      .from(logEntries)
      .where(and(eq(logEntries.objectId, String(op.id)), eq(logEntries.azione, "Anonimizzazione")));
    expect(entry.dati.change_log).toEqual([
      "Dati personali anonimizzati; file, documenti, corsi, contratti e pratiche eliminati",
    ]);
    expect(JSON.stringify(entry)).not.toContain(p.cognome);

    const again = await ctx().app.inject({ method: "POST", url: `${url}${op.id}/anonimizza/`, headers: auth(token) });
    expect(again.statusCode).toBe(409);
    // the same fiscal code may be used again by a new record
    await createOperatore(ctx(), token, p);
  });
});
