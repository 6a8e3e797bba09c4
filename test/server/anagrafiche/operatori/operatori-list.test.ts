import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
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

  it("counts the unfiltered list exactly from the total the database keeps", async () => {
    const db = ctx().database.db;
    const shown = async () =>
      Number(
        (await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM operatori WHERE NOT anonimizzato`))?.n,
      );
    const counted = async () => (await list("page_size=1")).count;
    expect(await counted()).toBe(await shown());
    const id = (await createOperatore(ctx(), token, person({ cognome: "Contati" }))).id;
    expect(await counted()).toBe(await shown());
    await db.execute(sql`UPDATE operatori SET anonimizzato = true WHERE id = ${id}`);
    expect(await counted()).toBe(await shown());
    await db.execute(sql`UPDATE operatori SET anonimizzato = false WHERE id = ${id}`);
    expect(await counted()).toBe(await shown());
    // A filtered request still counts its rows.
    expect((await list("global=Contati&page_size=1")).count).toBe(1);
  });

  it("counts attivo and prov filters exactly from the totals the database keeps per province", async () => {
    const db = ctx().database.db;
    const cases: [string, ReturnType<typeof sql>][] = [
      ["attivo=true&prov=RM", sql`attivo AND prov = 'RM'`],
      ["prov=RM,MI", sql`prov IN ('RM', 'MI')`],
      ["attivo=false", sql`NOT attivo`],
      ["prov=TO&attivo=false", sql`prov = 'TO' AND NOT attivo`],
      ["prov=XX", sql`prov = 'XX'`],
    ];
    const check = async () => {
      for (const [qs, cond] of cases) {
        const shown = await queryOne<{ n: number }>(
          db,
          sql`SELECT count(*)::int AS n FROM operatori WHERE NOT anonimizzato AND ${cond}`,
        );
        expect([qs, (await list(`${qs}&page_size=1`)).count]).toEqual([qs, shown?.n]);
      }
    };
    await check();
    const id = (await createOperatore(ctx(), token, { ...person({ cognome: "Provinciali" }), prov: "RM" })).id;
    await check();
    await db.execute(sql`UPDATE operatori SET prov = 'MI' WHERE id = ${id}`);
    await check();
    await db.execute(sql`UPDATE operatori SET attivo = false, prov = 'TO' WHERE id = ${id}`);
    await check();
    await db.execute(sql`UPDATE operatori SET anonimizzato = true WHERE id = ${id}`);
    await check();
    await db.execute(sql`UPDATE operatori SET anonimizzato = false, attivo = true, prov = 'RM' WHERE id = ${id}`);
    await check();
    // The kept figure is what the list answers: moved by hand, the count moves with it — but not
    // for a request that filters on anything else, which counts its rows.
    const before = (await list("attivo=true&prov=RM&page_size=1")).count;
    const cessati = (await list("attivo=true&prov=RM&cessato=false&page_size=1")).count;
    await db.execute(sql`UPDATE operatori_totali_prov SET n = n + 1000 WHERE prov = 'RM' AND attivo`);
    try {
      expect((await list("attivo=true&prov=RM&page_size=1")).count).toBe(before + 1000);
      expect((await list("attivo=true&prov=RM&cessato=false&page_size=1")).count).toBe(cessati);
    } finally {
      await db.execute(sql`UPDATE operatori_totali_prov SET n = n - 1000 WHERE prov = 'RM' AND attivo`);
    }
    await db.execute(sql`DELETE FROM operatori WHERE id = ${id}`);
    await check();
  });

  it("keeps the next expiry in step with documents and courses added, moved and removed, and sorts by it", async () => {
    const id = (await createOperatore(ctx(), token, person({ cognome: "Scadenzi" }))).id;
    const send = (method: "POST" | "PUT" | "DELETE", path: string, data?: Record<string, unknown>) =>
      ctx().app.inject({ method, url: `${url}${id}/${path}`, headers: auth(token), payload: data && { data } });
    const next = async () =>
      (await list(`global=Scadenzi&order_field=prossima_scadenza`)).results.find((x) => x.id === id)?.prossima_scadenza;
    expect(await next()).toBeNull();
    const doc = (await send("POST", "documenti/", { tipo: "porto_armi", data_scadenza: "2027-03-01" })).json().id;
    const corso = (
      await send("POST", "corsi/", {
        tipo: "primo_soccorso",
        data_conseguimento: "2024-09-30",
        data_scadenza: "2026-09-30",
      })
    ).json().id;
    expect(await next()).toBe("2026-09-30");
    await send("PUT", `corsi/${corso}/`, { data_scadenza: "2028-01-31" });
    expect(await next()).toBe("2027-03-01");
    await send("DELETE", `documenti/${doc}/`);
    expect(await next()).toBe("2028-01-31");
    // documenti_in_scadenza reads the same value: 2028-01-31 is 960 days after the test's today (2025-06-15).
    expect((await list("documenti_in_scadenza=1000")).results.map((x) => x.id)).toContain(id);
    expect((await list("documenti_in_scadenza=900")).results.map((x) => x.id)).not.toContain(id);
    // The sort puts the operators without expiry last, ascending.
    const sorted = (await list("order_field=prossima_scadenza&page_size=100")).results.map((x) => x.prossima_scadenza);
    const dated = sorted.filter((d) => d !== null) as string[];
    expect(dated).toEqual([...dated].sort());
    expect(sorted.indexOf(null)).toBe(dated.length);
    await send("DELETE", `corsi/${corso}/`);
    expect(await next()).toBeNull();
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
