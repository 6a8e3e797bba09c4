/** /api/report/sopralluoghi/: save a site inspection (client's or prospective), read it, list it; administrators only. */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente } from "../../pianificazione/fixtures";

const URL = "/api/report/sopralluoghi/";

const BODY = {
  indirizzo: "Via Torino 12",
  cap: "20123",
  citta: "Milano",
  prov: "mi",
  data: "2026-03-02",
  ispettore: "Carlo Neri",
  checklist: {
    accessi: "Due ingressi, uno carraio",
    illuminazione: "Scarsa sul retro",
    telecamere: "",
    allarmi: "Centrale vecchia",
    rischi: "",
  },
  note: "Sopralluogo notturno consigliato",
  esito: "con_riserva",
  servizio_consigliato: "Piantonamento notturno",
};

describeEachDb("report sopralluoghi", (ctx) => {
  let token: string;
  let cliente: number;
  const req = (method: "GET" | "POST", url: string, data?: unknown, t = token) =>
    ctx().app.inject({ method, url, headers: auth(t), ...(data !== undefined ? { payload: { data } } : {}) });
  const count = async () =>
    (await queryRows<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM sopralluoghi`))[0].n;

  beforeAll(async () => {
    token = (await ctx().createUser({ permissions: ["admin"] })).token;
    cliente = await createCliente(ctx().database.db, "Orafi Milanesi S.r.l.");
  });

  it("saves an inspection of a client's site with its audit entry, and reads it", async () => {
    const res = await req("POST", URL, { ...BODY, cliente });
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved).toEqual({
      id: expect.any(Number),
      cliente: { id: cliente, ragione_sociale: "Orafi Milanesi S.r.l." },
      potenziale_cliente: "",
      indirizzo: "Via Torino 12",
      cap: "20123",
      citta: "Milano",
      prov: "MI",
      lat: null,
      lng: null,
      data: "2026-03-02",
      ispettore: "Carlo Neri",
      checklist: BODY.checklist,
      note: "Sopralluogo notturno consigliato",
      esito: "con_riserva",
      servizio_consigliato: "Piantonamento notturno",
      foto: [],
      warnings: [],
    });
    const { warnings: _w, ...record } = saved;
    expect((await req("GET", `${URL}${saved.id}/`)).json()).toEqual(record);
    const log = await queryRows<{ azione: string; related: unknown }>(
      ctx().database.db,
      sql`SELECT azione, related FROM log_entries WHERE content_type = 'sopralluogo' AND object_id = ${String(saved.id)}`,
    );
    expect(log).toEqual([{ azione: "Creazione", related: [{ content_type: "cliente", object_id: String(cliente) }] }]);
  });

  it("prints an inspection as a PDF the client can receive", async () => {
    const id = (await req("GET", `${URL}?order_field=data`)).json().results[0].id;
    const pdf = await req("GET", `${URL}${id}/pdf/`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toContain(`sopralluogo-${id}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
    expect((await req("GET", `${URL}999999/pdf/`)).statusCode).toBe(404);
  });

  it("adds photos checked by content, lists them with the inspection and its PDF, removes one", async () => {
    const id = (await req("GET", `${URL}?order_field=data`)).json().results[0].id;
    const send = (data: Buffer, t = token, field = "foto") => {
      const boundary = "----erpsopralluogo";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="ingresso.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx().app.inject({
        method: "POST",
        url: `${URL}${id}/foto/`,
        headers: { ...auth(t), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const fake = await send(Buffer.from("<html>non sono una foto</html>"));
    expect(fake.statusCode).toBe(400);
    const pdfFile = await send(Buffer.from("%PDF-1.4\n%%EOF\n"));
    expect(pdfFile.statusCode).toBe(400);
    expect((await req("GET", `${URL}${id}/`)).json().foto).toEqual([]);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const other = (await ctx().createUser({ permissions: ["erp_clienti"] })).token;
    expect((await send(png, other)).statusCode).toBe(403);
    const ok = await send(png);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().foto).toEqual([
      { id: expect.any(String), nome: "ingresso.png", mime: "image/webp", dimensione: expect.any(Number) },
    ]);
    expect((await send(png)).statusCode).toBe(201);
    const [prima, seconda] = (await req("GET", `${URL}${id}/`)).json().foto;
    const file = await req("GET", `${URL}${id}/foto/${prima.id}/`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp");
    expect((await sharp(file.rawPayload).metadata()).width).toBe(64);
    expect((await req("GET", `${URL}${id}/foto/${prima.id}/`, undefined, other)).statusCode).toBe(403);
    expect((await req("GET", `${URL}999999/foto/${prima.id}/`)).statusCode).toBe(404);
    const row = (await req("GET", `${URL}?order_field=data`)).json().results.find((r: { id: number }) => r.id === id);
    expect(row.foto).toBe(2);
    const withPhotos = await req("GET", `${URL}${id}/pdf/`);
    expect(withPhotos.statusCode).toBe(200);
    expect(withPhotos.rawPayload.toString("latin1")).toMatch(/\/Subtype \/Image/);
    const del = await ctx().app.inject({
      method: "DELETE",
      url: `${URL}${id}/foto/${prima.id}/`,
      headers: auth(token),
    });
    expect(del.statusCode).toBe(200);
    expect((await req("GET", `${URL}${id}/`)).json().foto.map((f: { id: string }) => f.id)).toEqual([seconda.id]);
    expect((await req("GET", `${URL}${id}/foto/${prima.id}/`)).statusCode).toBe(404);
    const log = await queryRows<{ note: string }>(
      ctx().database.db,
      sql`SELECT note FROM log_entries WHERE content_type = 'sopralluogo' AND object_id = ${String(id)} ORDER BY id`,
    );
    expect(log.map((l) => l.note).slice(-3)).toEqual([
      "Foto aggiunta: ingresso.png",
      "Foto aggiunta: ingresso.png",
      "Foto rimossa: ingresso.png",
    ]);
  });

  it("saves a prospective client's, and lists both with their outcome", async () => {
    expect(
      (await req("POST", URL, { ...BODY, potenziale_cliente: "Gioielleria Nuova", esito: "favorevole" })).statusCode,
    ).toBe(201);
    const list = (await req("GET", `${URL}?order_field=cliente`)).json();
    expect(list.results).toEqual([
      expect.objectContaining({ cliente: "Gioielleria Nuova", potenziale: true, esito_descrizione: "Favorevole" }),
      expect.objectContaining({
        cliente: "Orafi Milanesi S.r.l.",
        potenziale: false,
        esito_descrizione: "Favorevole con riserva",
      }),
    ]);
    expect((await req("GET", `${URL}?esito=favorevole`)).json().count).toBe(1);
  });

  it("refuses an inspection without a client or prospect, or without the required fields: 400, nothing saved", async () => {
    const before = await count();
    const res = await req("POST", URL, { ...BODY, indirizzo: "", esito: undefined });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      potenziale_cliente: "Indica il cliente o il nome del potenziale cliente",
      indirizzo: "Questo campo è obbligatorio",
      esito: "Questo campo è obbligatorio",
    });
    const unknown = await req("POST", URL, { ...BODY, cliente: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ cliente: "Cliente non trovato" });
    expect(await count()).toBe(before);
    expect((await req("GET", `${URL}999999/`)).statusCode).toBe(404);
  });

  it("is for administrators only", async () => {
    const other = (await ctx().createUser({ permissions: ["erp_clienti", "erp_dashboard"] })).token;
    expect((await req("GET", URL, undefined, other)).statusCode).toBe(403);
    expect((await req("POST", URL, { ...BODY, cliente }, other)).statusCode).toBe(403);
  });
});
