import { auth, describeEachDb } from "../../helpers/app";
import { ADMIN, createOperatore, person } from "./fixtures";

describeEachDb("operatori: list", (ctx) => {
  const url = "/api/anagrafiche/operatori/";
  let token = "";
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ({ token } = await ctx().createUser({ permissions: ADMIN }));
    ctx().setNow(new Date("2025-06-15T10:00:00+02:00"));
    ids.a = (
      await createOperatore(ctx(), token, {
        ...person({ cognome: "Zanetti" }),
        prov: "MI",
        rating: 5,
        posizioni_operatore: [1],
      })
    ).id;
    ids.b = (await createOperatore(ctx(), token, { ...person({ cognome: "Amato" }), prov: "RM", black_list: true })).id;
    ids.c = (
      await createOperatore(ctx(), token, { ...person({ cognome: "Bruno" }), prov: "TO", cessato: true, attivo: false })
    ).id;
    await ctx().app.inject({
      method: "POST",
      url: `${url}${ids.b}/documenti/`,
      headers: auth(token),
      payload: { data: { tipo: "porto_armi", data_scadenza: "2025-07-01" } },
    });
  });
  afterAll(() => ctx().setNow(null));

  const list = async (qs: string, tok = token) => {
    const res = await ctx().app.inject({ method: "GET", url: `${url}?${qs}`, headers: auth(tok) });
    expect(res.statusCode).toBe(200);
    return res.json() as { results: Record<string, unknown>[]; count: number; page: number };
  };

  it("pages and sorts by cognome", async () => {
    const r = await list("page=1&page_size=25");
    expect(r.page).toBe(1);
    const cognomi = r.results.map((x) => x.cognome as string);
    expect(cognomi.slice(0, 3)).toEqual(["Amato", "Bruno", "Zanetti"]);
  });

  it("filters by prov, rating, posizione, black_list, cessato and expiring documents", async () => {
    expect((await list("prov=MI,TO")).results.map((x) => x.id).sort()).toEqual([ids.a, ids.c].sort());
    expect((await list("rating=5")).results.map((x) => x.id)).toEqual([ids.a]);
    expect((await list("posizione_id=1")).results.map((x) => x.id)).toEqual([ids.a]);
    expect((await list("black_list=true")).results.map((x) => x.id)).toEqual([ids.b]);
    expect((await list("cessato=true")).results.map((x) => x.id)).toEqual([ids.c]);
    expect((await list("documenti_in_scadenza=30")).results.map((x) => x.id)).toEqual([ids.b]);
    expect((await list("documenti_in_scadenza=10")).results).toEqual([]);
    expect((await list("global=zanet")).results.map((x) => x.id)).toEqual([ids.a]);
  });

  it("finds a full name whatever the order of its words, each word in any searchable field", async () => {
    // Two Marco Rossi (told apart by code and city) and a Rossi who is not Marco.
    const milano = (
      await createOperatore(ctx(), token, { ...person({ cognome: "Rossi", nome: "Marco" }), citta: "Milano" })
    ).id;
    const roma = (
      await createOperatore(ctx(), token, { ...person({ cognome: "Rossi", nome: "Marco" }), citta: "Roma" })
    ).id;
    await createOperatore(ctx(), token, { ...person({ cognome: "Rossi", nome: "Paolo" }), citta: "Roma" });
    const found = async (global: string) =>
      (await list(`global=${encodeURIComponent(global)}&order_field=id`)).results.map((x) => x.id);
    expect(await found("Rossi Marco")).toEqual([milano, roma]);
    expect(await found("marco  rossi")).toEqual([milano, roma]);
    expect(await found("Marco Rossi Roma")).toEqual([roma]);
    expect((await list(`global=${encodeURIComponent("Rossi Marco")}`)).count).toBe(2);
    expect(await found("Rossi Nessuno")).toEqual([]);
  });

  it("hides personal fields without erp_operatori_anagrafica, and needs erp_operatori", async () => {
    const { token: planner } = await ctx().createUser({ permissions: ["erp_operatori"] });
    const r = await list("page_size=5", planner);
    expect(r.results[0]).not.toHaveProperty("codice_fiscale");
    expect(r.results[0]).not.toHaveProperty("data_nascita");
    const full = await list("page_size=5");
    expect(full.results[0]).toHaveProperty("codice_fiscale");
    const { token: other } = await ctx().createUser({ permissions: ["erp_clienti"] });
    const denied = await ctx().app.inject({ method: "GET", url, headers: auth(other) });
    expect(denied.statusCode).toBe(403);
  });
});
