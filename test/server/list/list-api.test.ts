import { PAGE_TOTAL } from "../../../server/lib/list/build-sql";
import { runList } from "../../../server/lib/list/run-list";
import { auth, describeEachDb } from "../helpers/app";
import { createVoci, SECRET_PERMISSION, VOCI, VOCI_PERMISSION, VoceRow, vociList } from "./test-list";

describeEachDb("list engine API", (ctx) => {
  let token: string;
  let secretToken: string;
  const get = (url: string, t = token) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    await createVoci(ctx().database, VOCI);
    token = (await ctx().createUser({ permissions: [VOCI_PERMISSION] })).token;
    secretToken = (await ctx().createUser({ permissions: [VOCI_PERMISSION, SECRET_PERMISSION] })).token;
  });

  it("answers {results, count, page} in the default order with typed values", async () => {
    const res = await get("/api/test-list/voci/?timestamp=123&ignorato=1");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(5);
    expect(body.page).toBe(1);
    expect(body.results.map((r: { cognome: string }) => r.cognome)).toEqual([
      "=SOMMA(A1)",
      "Bianchi",
      "Niccolò",
      "Rossetti",
      "Rossi",
    ]);
    const rossi = body.results[4];
    expect(rossi).toMatchObject({
      nome: "Mario",
      attivo: true,
      nascita: "1980-01-01",
      creato: "2024-05-01 10:00:00",
      importo: 1234.5,
      ore: 3600,
      etichette: ["a", "b"],
    });
    expect(rossi).not.toHaveProperty("segreto");
  });

  it("shows a gated field only to users with its permission", async () => {
    const res = await get("/api/test-list/voci/?global=RSSMRA", secretToken);
    expect(res.json().results).toEqual([expect.objectContaining({ cognome: "Rossi", segreto: "RSSMRA80A01F205X" })]);
    // without the permission the field is neither returned nor searched
    expect((await get("/api/test-list/voci/?global=RSSMRA")).json().count).toBe(0);
  });

  it("pages with page and page_size, and answers an empty page past the end", async () => {
    const p2 = (await get("/api/test-list/voci/?page=2&page_size=2&order_field=cognome")).json();
    expect(p2).toMatchObject({ count: 5, page: 2 });
    expect(p2.results.map((r: { cognome: string }) => r.cognome)).toEqual(["Niccolò", "Rossetti"]);
    const p9 = (await get("/api/test-list/voci/?page=9&page_size=2")).json();
    expect(p9).toEqual({ results: [], count: 5, page: 9 });
  });

  it("sends the contract's columns only, not the total a keys-first page carries on its rows", async () => {
    // Page 2 skips rows: its keys come first and every row carries the total (build-sql.ts pageQuery).
    const res = await get("/api/test-list/voci/?page=2&page_size=2&order_field=cognome", secretToken);
    const body = res.json();
    expect(body.count).toBe(5);
    for (const row of body.results) expect(Object.keys(row).sort()).toEqual(Object.keys(VoceRow.shape).sort());
    // A module composing its own answer gets the rows without it from runList.
    const direct = await runList(
      ctx().database.db,
      vociList,
      { page: "2", page_size: "2", order_field: "cognome" },
      { user: null, params: {} },
    );
    expect(direct.count).toBe(5);
    expect(direct.results.map((r) => r.cognome)).toEqual(["Niccolò", "Rossetti"]);
    for (const row of direct.results) expect(row).not.toHaveProperty(PAGE_TOTAL);
  });

  it("counts right whether or not the page is full: last partial page, exact fit, first page of a few", async () => {
    const body = async (q: string) => (await get(`/api/test-list/voci/?order_field=cognome&${q}`)).json();
    expect(await body("page=3&page_size=2")).toMatchObject({ count: 5, page: 3, results: [{ cognome: "Rossi" }] });
    const fit = await body("page=1&page_size=5");
    expect(fit.count).toBe(5);
    expect(fit.results).toHaveLength(5);
    expect((await body("page=1&page_size=10&global=ross")).count).toBe(2);
    expect(await body("page=1&page_size=10&global=nessuno")).toEqual({ results: [], count: 0, page: 1 });
  });

  it("keeps the requested order with a global search (sort values shielded from index walks)", async () => {
    const names = async (q: string) =>
      (await get(`/api/test-list/voci/?global=ross&${q}`)).json().results.map((r: { cognome: string }) => r.cognome);
    expect(await names("order_field=cognome")).toEqual(["Rossetti", "Rossi"]);
    expect(await names("order_field=cognome&order_asc=false")).toEqual(["Rossi", "Rossetti"]);
    // Every kind of sort value (number, date, timestamp, text): same order as without the search.
    for (const order of ["importo&order_asc=false", "nascita", "creato&order_asc=false", "id", "nome"]) {
      const all = (await get(`/api/test-list/voci/?order_field=${order}`)).json().results as { cognome: string }[];
      const expected = all.map((r) => r.cognome).filter((c) => c.startsWith("Ross"));
      expect(await names(`order_field=${order}`)).toEqual(expected);
    }
  });

  it("sorts descending by an allowed field", async () => {
    const res = (await get("/api/test-list/voci/?order_field=importo&order_asc=false")).json();
    // NULLs first when descending (PostgreSQL default), then by amount
    expect(res.results.map((r: { importo: number | null }) => r.importo)).toEqual([null, 1234.5, 100, 20, 5.25]);
  });

  it("searches globally, case- and accent-insensitively", async () => {
    expect((await get("/api/test-list/voci/?global=ross")).json().count).toBe(2);
    expect((await get("/api/test-list/voci/?global=NICCOLO")).json().count).toBe(1);
    // LIKE wildcards are literal
    expect((await get("/api/test-list/voci/?global=%25")).json().count).toBe(0);
  });

  it("applies eq, in, contains, range and custom filters together", async () => {
    const all = async (q: string) =>
      (await get(`/api/test-list/voci/?${q}`)).json().results.map((r: { cognome: string }) => r.cognome);
    expect(await all("attivo=false")).toEqual(["Bianchi"]);
    expect(await all("prov=MI,TO")).toEqual(["Niccolò", "Rossetti", "Rossi"]);
    expect(await all("prov=RM&prov=TO")).toEqual(["=SOMMA(A1)", "Bianchi", "Niccolò"]);
    expect(await all("cognome=rossi")).toEqual(["Rossi"]);
    expect(await all("nascita_dal=1976-01-01&nascita_al=31/12/1990")).toEqual(["=SOMMA(A1)", "Bianchi", "Rossi"]);
    // a date-only upper bound on a timestamp covers the whole day (Italian time)
    expect(await all("creato_dal=2024-05-31&creato_al=2024-05-31")).toEqual(["Rossetti"]);
    expect(await all("importo_min=50&prov=RM")).toEqual(["=SOMMA(A1)"]);
    expect(await all("attivo=&prov=")).toHaveLength(5);
  });

  it("groups with counts and sums", async () => {
    const res = await get("/api/test-list/voci/?group_by=prov");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 3,
      page: 1,
      results: [
        { prov: "MI", count: 2, importo: 1234.5, ore: 7200 },
        { prov: "RM", count: 2, importo: 120, ore: 7200 },
        { prov: "TO", count: 1, importo: 5.25, ore: 5400 },
      ],
    });
    const byCount = (await get("/api/test-list/voci/?group_by=attivo&order_field=count&order_asc=false")).json();
    expect(byCount.results).toEqual([
      { attivo: true, count: 4, importo: 1339.75, ore: 16200 },
      { attivo: false, count: 1, importo: 20, ore: 3600 },
    ]);
  });

  it("adds the totals row over the whole selection when asked (totali=true, issue 32 item 4)", async () => {
    // Two rows a page: the sums are the selection's, not the page's.
    const all = (await get("/api/test-list/voci/?page_size=2&totali=true")).json();
    expect(all.results).toHaveLength(2);
    expect(all.totali).toEqual({ importo: 1359.75, ore: 19800 });
    const filtered = (await get("/api/test-list/voci/?prov=MI&totali=true")).json();
    expect(filtered.totali).toEqual({ importo: 1234.5, ore: 7200 });
    const none = (await get("/api/test-list/voci/?prov=XX&totali=true")).json();
    expect(none).toMatchObject({ count: 0, totali: { importo: null, ore: null } });
    // Not asked, or grouped: no totals.
    expect((await get("/api/test-list/voci/")).json()).not.toHaveProperty("totali");
    expect((await get("/api/test-list/voci/?group_by=prov&totali=true")).json()).not.toHaveProperty("totali");
  });

  it("refuses users without the list permission", async () => {
    const other = await ctx().createUser({ permissions: ["erp_operatori"] });
    expect((await get("/api/test-list/voci/", other.token)).statusCode).toBe(403);
    expect((await ctx().app.inject({ method: "GET", url: "/api/test-list/voci/" })).statusCode).toBe(401);
  });

  it.each([
    ["order_field=cognome;DROP TABLE prova_voci", "order_field"],
    ["order_field=segreto", "order_field"],
    ["order_field=ore", "order_field"],
    ["group_by=(SELECT 1)", "group_by"],
    ["group_by=cognome", "group_by"],
    ["group_by=prov&order_field=nome", "order_field"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page_size=100000", "page_size"],
    ["page_size=1e3", "page_size"],
    ["order_asc=forse", "order_asc"],
    ["attivo=1 OR 1=1", "attivo"],
    ["nascita_dal=2024-02-30", "nascita_dal"],
    ["nascita_al='; DELETE FROM prova_voci; --", "nascita_al"],
    ["creato_dal=2024-01-01 25:00", "creato_dal"],
    ["importo_min=dieci", "importo_min"],
    [`global=${"a".repeat(201)}`, "global"],
    ["file_type=exe", "file_type"],
    ["totali=si", "totali"],
  ])("answers 400 with an Italian detail for %s", async (query, param) => {
    const res = await get(`/api/test-list/voci/?${query.replace(/ /g, "%20").replace(/;/g, "%3B")}`);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.detail).toBe(query.startsWith("file_type") ? body.detail : "Parametri della lista non validi");
    expect(Object.keys(body.errors)).toEqual([param]);
    expect(res.body).not.toMatch(/SELECT|DROP|DELETE|prova_voci|syntax/i);
  });

  it("treats filter values as data, never as SQL", async () => {
    const res = await get(
      `/api/test-list/voci/?prov=${encodeURIComponent("MI') OR ('1'='1")}&cognome=${encodeURIComponent("' OR 1=1 --")}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(0);
    expect((await get("/api/test-list/voci/")).json().count).toBe(5);
  });
});
