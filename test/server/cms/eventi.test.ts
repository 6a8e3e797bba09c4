/**
 * /api/cms/eventi/ (issue 14 item 1): the list with the filters of SPEC §7 (globalsearch,
 * descrizione, citta, data_inizio, data_fine) and our periodo, the new event's required fields,
 * the record with gates, thresholds (80 %/95 % by default) and devices, audit entries, the
 * permissions per cms_ capability.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

const NOW = new Date("2026-07-10T18:00:00Z"); // 20:00 in Rome

describeEachDb("cms eventi", (ctx) => {
  const db = () => ctx().database.db;
  let admin: string;
  let editor: string;
  let viewer: string;
  let controlRoom: string;
  let erp: string;

  const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });

  const evento = (over: Record<string, unknown> = {}) => ({
    data: {
      titolo: "Concerto in piazza",
      descrizione: "Concerto estivo",
      indirizzo: "Piazza del Duomo",
      citta: "Milano",
      prov: "MI",
      data_inizio: "2026-07-10T19:00",
      data_fine: "2026-07-10T23:30",
      contatore: true,
      abilitato: true,
      visualizzatori: [],
      ...over,
    },
  });

  beforeAll(async () => {
    ctx().setNow(NOW);
    admin = (await ctx().createUser({ permissions: ["cms_admin"] })).token;
    editor = (await ctx().createUser({ permissions: ["cms_edit"] })).token;
    viewer = (await ctx().createUser({ permissions: ["cms_view"] })).token;
    controlRoom = (await ctx().createUser({ permissions: ["cms_view_control_room"] })).token;
    erp = (await ctx().createUser({ permissions: ["admin"] })).token;
  });
  afterAll(() => ctx().setNow(null));

  it("refuses a new event without the required fields, in Italian, and writes nothing", async () => {
    const res = await req("POST", "/api/cms/eventi/", admin, { data: {} });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    for (const f of ["titolo", "descrizione", "indirizzo", "citta", "prov", "data_inizio", "data_fine"])
      expect(errors[f]).toBe("Questo campo è obbligatorio");
    expect((await queryOne<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM cms_eventi`))?.n).toBe(0);
  });

  it("refuses an end before the start", async () => {
    const res = await req("POST", "/api/cms/eventi/", admin, evento({ data_fine: "2026-07-10T18:00" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.data_fine).toMatch(/precedere/);
  });

  let id: number;
  it("creates an event with the default thresholds, viewers, and its audit entry", async () => {
    const v = await req("POST", "/api/cms/utenti/", admin, {
      data: { first_name: "Vera", last_name: "Visconti", cellulare: "3331112222", tipologia: "V" },
    });
    expect(v.statusCode).toBe(201);
    const res = await req("POST", "/api/cms/eventi/", editor, evento({ visualizzatori: [v.json().id] }));
    expect(res.statusCode).toBe(201);
    const e = res.json();
    id = e.id;
    expect(e).toMatchObject({
      titolo: "Concerto in piazza",
      prov: "MI",
      data_inizio: "2026-07-10T17:00:00.000Z",
      data_fine: "2026-07-10T21:30:00.000Z",
      soglia_attenzione: 80,
      soglia_massima: 95,
      contatore: true,
      visualizzatori: [{ id: v.json().id, first_name: "Vera", last_name: "Visconti" }],
      varchi: [],
      dispositivi: [],
    });
    const log = await queryRows<{ azione: string }>(
      db(),
      sql`SELECT azione FROM log_entries WHERE content_type = 'cms_evento' AND object_id = ${String(id)}`,
    );
    expect(log.map((l) => l.azione)).toEqual(["Creazione"]);
  });

  it("refuses a viewer who is not of type Visualizzatore", async () => {
    const o = await req("POST", "/api/cms/utenti/", admin, {
      data: { first_name: "Otto", last_name: "Orsi", cellulare: "3331113333", tipologia: "O" },
    });
    const res = await req("POST", "/api/cms/eventi/", admin, evento({ visualizzatori: [o.json().id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.visualizzatori).toBeDefined();
  });

  it("adds gates and devices, changes the thresholds; a PUT changes only what it names", async () => {
    const g = await req("POST", `/api/cms/eventi/${id}/varchi/`, admin, {
      data: { nome: "Varco Nord", capienza: 500, direzione: "in" },
    });
    expect(g.statusCode).toBe(201);
    const bad = await req("POST", `/api/cms/eventi/${id}/varchi/`, admin, { data: { nome: "", capienza: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ nome: "Questo campo è obbligatorio" });
    const d = await req("POST", `/api/cms/eventi/${id}/dispositivi/`, admin, {
      data: { codice: "DEV-01", descrizione: "Contapersone 1", varco_id: g.json().id },
    });
    expect(d.statusCode).toBe(201);
    const put = await req("PUT", `/api/cms/eventi/${id}/`, admin, { data: { soglia_attenzione: 70 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      titolo: "Concerto in piazza",
      soglia_attenzione: 70,
      soglia_massima: 95,
      varchi: [{ nome: "Varco Nord", capienza: 500, direzione: "in" }],
      dispositivi: [{ codice: "DEV-01", varco_id: g.json().id }],
    });
    expect(put.json().visualizzatori).toHaveLength(1);
    const over = await req("PUT", `/api/cms/eventi/${id}/`, admin, { data: { soglia_attenzione: 99 } });
    expect(over.statusCode).toBe(400);
  });

  it("lists events with SPEC §7's filters and the period against now", async () => {
    await req(
      "POST",
      "/api/cms/eventi/",
      admin,
      evento({
        titolo: "Fiera di Roma",
        citta: "Roma",
        prov: "RM",
        descrizione: "Fiera campionaria",
        data_inizio: "2026-08-01T09:00",
        data_fine: "2026-08-03T19:00",
      }),
    );
    await req(
      "POST",
      "/api/cms/eventi/",
      admin,
      evento({
        titolo: "Maratona",
        citta: "Torino",
        prov: "TO",
        descrizione: "Corsa cittadina",
        data_inizio: "2026-05-01T08:00",
        data_fine: "2026-05-01T14:00",
      }),
    );
    const titles = async (q: string) =>
      (await req("GET", `/api/cms/eventi/?${q}`, viewer)).json().results.map((r: { titolo: string }) => r.titolo);
    expect(await titles("globalsearch=fiera")).toEqual(["Fiera di Roma"]);
    expect(await titles("global=maratona")).toEqual(["Maratona"]);
    expect(await titles("descrizione=estivo")).toEqual(["Concerto in piazza"]);
    expect(await titles("citta=tori")).toEqual(["Maratona"]);
    expect(await titles("data_inizio=2026-07-11")).toEqual(["Fiera di Roma"]);
    expect(await titles("data_fine=2026-07-10&order_field=data_inizio&order_asc=true")).toEqual([
      "Maratona",
      "Concerto in piazza",
    ]);
    expect(await titles("periodo=in-corso")).toEqual(["Concerto in piazza"]);
    expect(await titles("periodo=futuri")).toEqual(["Fiera di Roma"]);
    expect(await titles("periodo=passati")).toEqual(["Maratona"]);
    const page = (await req("GET", "/api/cms/eventi/?page_size=1", viewer)).json();
    expect(page).toMatchObject({ count: 3, page: 1 });
    expect(page.results[0]).toMatchObject({ titolo: "Fiera di Roma", data_inizio: "2026-08-01 09:00:00" });
    const row = (await req("GET", "/api/cms/eventi/?globalsearch=concerto", viewer)).json().results[0];
    expect(row).toMatchObject({ varchi: 1, capienza: 500 });
  });

  it("sorts by SPEC §7's `sort` parameter, `-` for descending, beside order_field (issue 32 item 16)", async () => {
    const titles = async (q: string) =>
      (await req("GET", `/api/cms/eventi/?${q}`, viewer)).json().results.map((r: { titolo: string }) => r.titolo);
    expect(await titles("sort=titolo")).toEqual(["Concerto in piazza", "Fiera di Roma", "Maratona"]);
    expect(await titles("sort=-titolo")).toEqual(["Maratona", "Fiera di Roma", "Concerto in piazza"]);
    expect(await titles("sort=-data_inizio")).toEqual(["Fiera di Roma", "Concerto in piazza", "Maratona"]);
    expect(await titles("sort=-titolo&order_field=data_inizio&order_asc=true")).toEqual([
      "Maratona",
      "Concerto in piazza",
      "Fiera di Roma",
    ]);
    const bad = await req("GET", "/api/cms/eventi/?sort=-nessuno", viewer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ sort: "Campo di ordinamento non consentito" });
  });

  it("gives each cms_ capability what the catalogue says", async () => {
    expect((await req("GET", "/api/cms/eventi/", controlRoom)).statusCode).toBe(403);
    expect((await req("GET", "/api/cms/eventi/", erp)).statusCode).toBe(403);
    expect((await req("GET", `/api/cms/eventi/${id}/`, viewer)).statusCode).toBe(200);
    expect((await req("POST", "/api/cms/eventi/", viewer, evento())).statusCode).toBe(403);
    expect((await req("PUT", `/api/cms/eventi/${id}/`, viewer, { data: { titolo: "X" } })).statusCode).toBe(403);
    expect((await req("DELETE", `/api/cms/eventi/${id}/`, editor)).statusCode).toBe(403);
    expect((await req("GET", "/api/cms/eventi/999999/", admin)).statusCode).toBe(404);
  });
});
