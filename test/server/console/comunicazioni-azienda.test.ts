/**
 * Company communications (issue 12 item 5): to all operators, to a qualification, to chosen
 * operators, with an optional attachment checked by content; the recipients with delivered/read
 * and when (delivered when the app lists it, read when the guard confirms through /api/app/); a
 * reminder to those who have not read; validation, permissions, the audit trail.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { multipartBody } from "../anagrafiche/operatori/multipart";
import { auth, describeEachDb } from "../helpers/app";
import { consoleFixture } from "./console-fixture";

const URL = "/api/comunicazioni/azienda/";
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

describeEachDb("comunicazioni azienda", (ctx) => {
  const db = () => ctx().database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryOne<T>(db(), q)) as T;
  const inject = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
    payload === undefined
      ? ctx().app.inject({ method, url, headers: auth(token) })
      : ctx().app.inject({ method, url, headers: auth(token), payload });

  let staff: { id: number; token: string };
  const op: Record<string, number> = {};
  const app: Record<string, string> = {};
  let posizione: number;

  async function operatore(cognome: string, opts: { attivo?: boolean; qualifica?: boolean } = {}) {
    op[cognome] = (
      await one<{ id: number }>(
        sql`INSERT INTO operatori (nome, cognome, applicazione, attivo) VALUES ('Luca', ${cognome}, true, ${opts.attivo ?? true})
            RETURNING id`,
      )
    ).id;
    if (opts.qualifica)
      await db().execute(
        sql`INSERT INTO operatori_posizioni (operatore_id, posizione_id) VALUES (${op[cognome]}, ${posizione})`,
      );
  }

  const fx = consoleFixture(ctx);
  async function login(cognome: string) {
    app[cognome] = await fx.appToken(op[cognome], cognome.toLowerCase());
  }

  beforeAll(async () => {
    ctx().setNow(new Date("2026-07-10T07:00:00Z"));
    staff = await ctx().createUser({ permissions: ["erp_comunicazioni-azienda"], nome: "Sara", cognome: "Galli" });
    posizione = (await one<{ id: number }>(sql`SELECT min(id)::int AS id FROM posizioni`)).id;
    await operatore("Armato", { qualifica: true });
    await operatore("Portiere");
    await operatore("Cessato", { attivo: false, qualifica: true });
    for (const c of ["Armato", "Portiere"]) await login(c);
  });
  afterAll(() => ctx().setNow(null));

  it("refuses without erp_comunicazioni-azienda, and an app token on the office's routes", async () => {
    const other = await ctx().createUser({ permissions: ["erp_anomalie"] });
    expect((await inject("GET", URL, other.token)).statusCode).toBe(403);
    expect((await inject("GET", `${URL}1/destinatari/`, other.token)).statusCode).toBe(403);
    expect((await inject("GET", URL, app.Armato)).statusCode).toBe(401);
    expect((await inject("GET", "/api/app/comunicazioni/", staff.token)).statusCode).toBe(401);
  });

  it("refuses a message without subject or text, a qualification without its id, no operators chosen", async () => {
    const res = await inject("POST", URL, staff.token, { data: { oggetto: " ", destinatari: "qualifica" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      oggetto: "Questo campo è obbligatorio",
      testo: "Questo campo è obbligatorio",
    });
    const qualifica = await inject("POST", URL, staff.token, {
      data: { oggetto: "x", testo: "y", destinatari: "qualifica" },
    });
    expect(qualifica.json().errors).toEqual({ posizione: "Scegli la qualifica" });
    const none = await inject("POST", URL, staff.token, {
      data: { oggetto: "x", testo: "y", destinatari: "operatori", operatori: [] },
    });
    expect(none.json().errors).toEqual({ operatori: "Scegli almeno un operatore" });
    const unknown = await inject("POST", URL, staff.token, {
      data: { oggetto: "x", testo: "y", destinatari: "operatori", operatori: [999999] },
    });
    expect(unknown.json().errors).toEqual({ operatori: "Operatore non trovato" });
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM comunicazioni`)).n).toBe(0);
  });

  it("sends to every active operator, with its audit entry", async () => {
    const res = await inject("POST", URL, staff.token, {
      data: { oggetto: "Nuove divise", testo: "Da lunedì si ritirano in sede.", destinatari: "tutti" },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const active = (
      await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM operatori WHERE attivo AND NOT cessato`)
    ).n;
    expect(body).toMatchObject({
      oggetto: "Nuove divise",
      destinatari: "tutti",
      posizione: null,
      allegato: null,
      inviata_il: "2026-07-10 09:00:00",
      inviata_da: { id: staff.id, full_name: "Sara Galli" },
      totali: { destinatari: active, consegnate: 0, lette: 0 },
    });
    const elenco = await inject("GET", `${URL}${body.id}/destinatari/?page_size=99999`, staff.token);
    expect(elenco.json().count).toBe(active);
    expect(elenco.json().results.map((d: { operatore_id: number }) => d.operatore_id)).not.toContain(op.Cessato);
    const entry = await one<{ note: string; utente_id: number }>(
      sql`SELECT note, utente_id FROM log_entries WHERE content_type = 'comunicazione' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ note: `Comunicazione "Nuove divise" inviata a ${active} operatori`, utente_id: staff.id });
  });

  it("sends to the active operators with a qualification, with a PDF attached (multipart)", async () => {
    const { payload, headers } = multipartBody(
      {
        oggetto: "Corso armi",
        testo: "Iscrizioni entro venerdì.",
        destinatari: "qualifica",
        posizione: String(posizione),
      },
      { name: "programma.pdf", data: PDF, type: "application/pdf", field: "allegato" },
    );
    const res = await ctx().app.inject({
      method: "POST",
      url: URL,
      payload,
      headers: { ...headers, ...auth(staff.token) },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.allegato).toEqual({ nome: "programma.pdf", mime: "application/pdf" });
    const elenco = (await inject("GET", `${URL}${body.id}/destinatari/`, staff.token)).json();
    expect(elenco.results.map((d: { operatore: string }) => d.operatore)).toEqual(["Luca Armato"]);
    const file = await inject("GET", `${URL}${body.id}/allegato/`, staff.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(file.rawPayload.equals(PDF)).toBe(true);

    const bad = multipartBody(
      { oggetto: "x", testo: "y", destinatari: "tutti" },
      { name: "virus.exe", data: Buffer.from("MZ\x90\x00"), field: "allegato" },
    );
    const refused = await ctx().app.inject({
      method: "POST",
      url: URL,
      payload: bad.payload,
      headers: { ...bad.headers, ...auth(staff.token) },
    });
    expect(refused.statusCode).toBe(400);
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM comunicazioni`)).n).toBe(2);
  });

  it("to chosen operators: delivered when the app lists it, read when the guard confirms, a reminder to the others", async () => {
    const res = await inject("POST", URL, staff.token, {
      data: {
        oggetto: "Turno di Natale",
        testo: "Confermate la presenza.",
        destinatari: "operatori",
        operatori: [op.Armato, op.Portiere],
      },
    });
    const id = res.json().id as number;
    ctx().setNow(new Date("2026-07-10T08:00:00Z"));
    const list = await inject("GET", "/api/app/comunicazioni/", app.Armato);
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((c: { oggetto: string }) => c.oggetto)).toEqual([
      "Turno di Natale",
      "Corso armi",
      "Nuove divise",
    ]);
    expect(list.json().results[1]).toMatchObject({ allegato: true, letta_il: null });
    const pdf = await inject("GET", `/api/app/comunicazioni/${list.json().results[1].id}/allegato/`, app.Armato);
    expect(pdf.statusCode).toBe(200);
    // Portiere is not among the qualification's recipients
    expect(
      (await inject("GET", `/api/app/comunicazioni/${list.json().results[1].id}/allegato/`, app.Portiere)).statusCode,
    ).toBe(404);

    ctx().setNow(new Date("2026-07-10T08:05:00Z"));
    const read = await inject("POST", `/api/app/comunicazioni/${id}/letta/`, app.Armato);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id, letta_il: "2026-07-10 10:05:00", promemoria_il: null });
    const again = await inject("POST", `/api/app/comunicazioni/${id}/letta/`, app.Armato);
    expect(again.json().letta_il).toBe("2026-07-10 10:05:00");

    ctx().setNow(new Date("2026-07-10T09:00:00Z"));
    const reminder = await inject("POST", `${URL}${id}/promemoria/`, staff.token);
    expect(reminder.json()).toEqual({ result: "OK", destinatari: 1 });
    const detail = (await inject("GET", `${URL}${id}/`, staff.token)).json();
    expect(detail.totali).toEqual({ destinatari: 2, consegnate: 1, lette: 1 });
    expect(detail.promemoria_il).toBe("2026-07-10 11:00:00");
    // The recipients: not read first, then by surname; paged, filtered, exported like every list.
    const elenco = await inject("GET", `${URL}${id}/destinatari/`, staff.token);
    expect(elenco.statusCode).toBe(200);
    expect(elenco.json()).toEqual({
      count: 2,
      page: 1,
      results: [
        {
          operatore_id: op.Portiere,
          operatore: "Luca Portiere",
          letta: false,
          consegnata_il: null,
          letta_il: null,
          promemoria_il: "2026-07-10 11:00:00",
          promemoria: 1,
        },
        {
          operatore_id: op.Armato,
          operatore: "Luca Armato",
          letta: true,
          consegnata_il: "2026-07-10 10:00:00",
          letta_il: "2026-07-10 10:05:00",
          promemoria_il: null,
          promemoria: 0,
        },
      ],
    });
    const lette = (await inject("GET", `${URL}${id}/destinatari/?letta=true`, staff.token)).json();
    expect(lette.results.map((d: { operatore: string }) => d.operatore)).toEqual(["Luca Armato"]);
    const csv = await inject("GET", `${URL}${id}/destinatari/?file_type=csv`, staff.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Luca Portiere");
    expect((await inject("GET", `${URL}999999/destinatari/`, staff.token)).statusCode).toBe(404);
    expect((await inject("GET", `${URL}abc/destinatari/`, staff.token)).statusCode).toBe(400);
    const portiere = (await inject("GET", "/api/app/comunicazioni/", app.Portiere)).json().results;
    expect(portiere.find((c: { id: number }) => c.id === id)).toMatchObject({ promemoria_il: "2026-07-10 11:00:00" });
    expect((await inject("POST", `/api/app/comunicazioni/${id + 1000}/letta/`, app.Portiere)).statusCode).toBe(404);
    const entries = await queryRows<{ note: string }>(
      db(),
      sql`SELECT note FROM log_entries WHERE content_type = 'comunicazione' AND object_id = ${String(id)} ORDER BY id`,
    );
    expect(entries.map((e) => e.note)).toEqual([
      'Comunicazione "Turno di Natale" inviata a 2 operatori',
      "Consegnata all'app a Luca Armato",
      "Letta dall'app da Luca Armato",
      "Promemoria inviato a 1 operatori che non hanno letto",
      "Consegnata all'app a Luca Portiere",
    ]);
  });

  it("lists the messages with recipients, delivered and read counts", async () => {
    const res = await inject("GET", `${URL}?destinatari=operatori,qualifica`, staff.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toMatchObject([
      { oggetto: "Turno di Natale", destinatari: "operatori", totale: 2, consegnate: 2, lette: 1, allegato: false },
      {
        oggetto: "Corso armi",
        destinatari: "qualifica",
        totale: 1,
        consegnate: 1,
        lette: 0,
        allegato: true,
        inviata_da: "Sara Galli",
      },
    ]);
  });
});
