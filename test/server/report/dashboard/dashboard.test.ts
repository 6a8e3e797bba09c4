/** GET /api/report/dashboard/: today's shifts, the expiries within 30 days, this month's money — in one request. */
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, type ReportScenario } from "../scenario";

const URL = "/api/report/dashboard/";

describeEachDb("report dashboard", (ctx) => {
  let s: ReportScenario;
  const get = async (permissions: string[]) => {
    const { token } = await ctx().createUser({ permissions });
    return ctx().app.inject({ method: "GET", url: URL, headers: auth(token) });
  };

  beforeAll(async () => {
    s = await buildScenario(ctx());
    ctx().setNow(new Date("2025-12-24T10:00:00+01:00"));
    const { database } = ctx();
    // A second shift today on the Christmas service, needing two operators, nobody on it.
    await database.exec(`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id, operatori_richiesti)
      SELECT t.giorno_id, '06:00', '14:00', t.posizione_id, 2 FROM turni t JOIN giorni g ON g.id = t.giorno_id
      WHERE g.giorno = date '2025-12-24'`);
    await database.exec(`
      INSERT INTO operatori_documenti (operatore_id, tipo, data_scadenza) VALUES
        (${s.rossi}, 'porto_armi', date '2025-12-20'), (${s.verdi}, 'patente', date '2026-01-20'),
        (${s.verdi}, 'passaporto', date '2026-02-01');
      INSERT INTO operatori_corsi (operatore_id, tipo, data_scadenza) VALUES (${s.rossi}, 'blsd', date '2026-01-23');
      INSERT INTO servizi_costi (servizio_id, tipo, importo, data)
        SELECT s.id, 'Noleggio radio', 24, date '2025-12-01' FROM servizi s WHERE s.contratto_id = ${s.natale};
      -- The Console: two open tickets and one being handled; an open anomaly and a closed one.
      INSERT INTO ticket_supporto (operatore_id, tipo, oggetto, stato) VALUES
        (${s.rossi}, 'problema', 'Radio guasta', 'aperto'), (${s.verdi}, 'richiesta', 'Ferie', 'aperto'),
        (${s.verdi}, 'segnalazione', 'Cancello', 'in_lavorazione');
      INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, stato)
        SELECT a.turno_id, a.operatore_id, x.tipo, now(), now(), x.stato FROM turni_operatori a
        CROSS JOIN (VALUES ('ritardo', 'aperta'), ('mancata_uscita', 'chiusa')) x (tipo, stato) LIMIT 2;
      -- The CMS: one event running on 24/12/2025 at 10:00, one over, one to come.
      INSERT INTO cms_eventi (titolo, data_inizio, data_fine) VALUES
        ('Mercatino', '2025-12-24T08:00:00+01:00', '2025-12-24T20:00:00+01:00'),
        ('Concerto', '2025-12-20T20:00:00+01:00', '2025-12-20T23:00:00+01:00'),
        ('Capodanno', '2025-12-31T21:00:00+01:00', '2026-01-01T02:00:00+01:00');`);
  });

  afterAll(() => ctx().setNow(null));

  it("gives the day's shifts, the expiries and the month's money", async () => {
    const res = await get(["erp_admin"]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      oggi: "2025-12-24",
      turni: { totale: 2, coperti: 1, scoperti: 1, non_confermati: 1 },
      // by 23/01/2026: the expired porto d'armi and the patente; the BLSD course
      scadenze: { entro: "2026-01-23", documenti: 2, corsi: 1 },
      mese: { dal: "2025-12-01", al: "2025-12-31", ricavi: 384, compensi: 160, costi: 24, margine: 200 },
      // The admins read the Console; the CMS is superadmin's and the cms_ permissions' (no figure here).
      ticket_aperti: 2,
      anomalie_aperte: 1,
    });
  });

  it("gives the Console's and the CMS's figures only to those who may open their lists", async () => {
    const figures = async (permissions: string[]) => {
      const res = await get(permissions);
      expect(res.statusCode).toBe(200);
      const { ticket_aperti, anomalie_aperte, eventi_in_corso } = res.json();
      return { ticket_aperti, anomalie_aperte, eventi_in_corso };
    };
    const none = { ticket_aperti: undefined, anomalie_aperte: undefined, eventi_in_corso: undefined };
    expect(await figures(["erp_dashboard"])).toEqual(none);
    expect(Object.keys((await get(["erp_dashboard"])).json())).not.toContain("ticket_aperti");
    expect(await figures(["erp_dashboard", "erp_ticket-supporto"])).toEqual({ ...none, ticket_aperti: 2 });
    expect(await figures(["erp_dashboard", "erp_anomalie"])).toEqual({ ...none, anomalie_aperte: 1 });
    expect(await figures(["erp_dashboard", "cms_view_control_room"])).toEqual({ ...none, eventi_in_corso: 1 });
    expect(await figures(["superadmin"])).toEqual({ ticket_aperti: 2, anomalie_aperte: 1, eventi_in_corso: 1 });
  });

  it("gives the expiries only to those who may open their lists", async () => {
    const scadenze = async (permissions: string[]) => {
      const res = await get(permissions);
      expect(res.statusCode).toBe(200);
      return Object.keys(res.json().scadenze).sort();
    };
    expect(await scadenze(["erp_dashboard"])).toEqual(["entro"]);
    expect(await scadenze(["erp_dashboard", "erp_scadenze-documenti"])).toEqual(["documenti", "entro"]);
    expect(await scadenze(["erp_dashboard", "erp_scadenze-corsi"])).toEqual(["corsi", "entro"]);
    expect(await scadenze(["admin"])).toEqual(["corsi", "documenti", "entro"]);
  });

  it("the Console's and the CMS's figures equal the filtered lists they link to", async () => {
    const { token } = await ctx().createUser({ permissions: ["superadmin"] });
    const count = async (url: string) =>
      (await ctx().app.inject({ method: "GET", url, headers: auth(token) })).json().count;
    const figures = (await get(["superadmin"])).json();
    expect(await count("/api/comunicazioni/ticket/?stato=aperto")).toBe(figures.ticket_aperti);
    expect(await count("/api/comunicazioni/anomalie/?stato=aperta")).toBe(figures.anomalie_aperte);
    expect(await count("/api/cms/control-room/eventi/?periodo=in-corso")).toBe(figures.eventi_in_corso);
  });

  it("shows the money only to those who may open Marginalità", async () => {
    const planner = await get(["erp_dashboard"]);
    expect(planner.statusCode).toBe(200);
    expect(planner.json().mese).toEqual({ dal: "2025-12-01", al: "2025-12-31" });
    expect(planner.json().turni.totale).toBe(2);
    expect((await get(["erp_dashboard", "erp_marginalita"])).json().mese.margine).toBe(200);
  });

  it("figures equal the lists they link to", async () => {
    const { token } = await ctx().createUser({ permissions: ["erp_admin"] });
    const list = async (url: string) => (await ctx().app.inject({ method: "GET", url, headers: auth(token) })).json();
    expect((await list("/api/report/scadenze-documenti/?entro=2026-01-23")).count).toBe(2);
    const mese = await list("/api/report/analisi-ricavi/?dal=2025-12-01&al=2025-12-31");
    const sum = (k: string) => mese.results.reduce((t: number, r: Record<string, number>) => t + r[k], 0);
    expect(sum("margine")).toBe(200);
  });

  it("the uncovered and unconfirmed figures link to the day's shifts behind them", async () => {
    const { token } = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const list = (q: string) =>
      ctx().app.inject({ method: "GET", url: `/api/report/dashboard/turni/?${q}`, headers: auth(token) });
    const scoperti = (await list("giorno=2025-12-24&copertura=scoperti")).json();
    expect(scoperti).toEqual({
      count: 1,
      page: 1,
      results: [
        {
          id: expect.any(Number),
          giorno: "2025-12-24",
          cliente: "Banca Natalizia S.p.A.",
          contratto: "Vigilanza natalizia",
          servizio: "Filiale centro",
          orario: "06:00–14:00",
          qualifica: "Steward",
          operatori_richiesti: 2,
          assegnati: 0,
          confermati: 0,
          mancanti: 2,
          contratto_id: s.natale,
          servizio_id: expect.any(Number),
          giorno_id: expect.any(Number),
        },
      ],
    });
    const nc = (await list("giorno=2025-12-24&copertura=non_confermati")).json();
    expect(nc.results).toEqual([expect.objectContaining({ orario: "18:00–02:00", assegnati: 1, confermati: 0 })]);
    expect((await list("giorno=2025-12-24")).json().count).toBe(2);
    const figures = (await get(["erp_dashboard"])).json().turni;
    for (const k of ["coperti", "scoperti", "non_confermati"] as const)
      expect((await list(`giorno=2025-12-24&copertura=${k}`)).json().count).toBe(figures[k]);
    const bad = await list("giorno=2025-12-24&copertura=tutti");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ copertura: "Copertura non valida" });
    expect((await list("copertura=scoperti")).json().errors).toEqual({ giorno: "Indica il giorno" });
    const other = (await ctx().createUser({ permissions: ["erp_operatori"] })).token;
    expect(
      (
        await ctx().app.inject({
          method: "GET",
          url: "/api/report/dashboard/turni/?giorno=2025-12-24",
          headers: auth(other),
        })
      ).statusCode,
    ).toBe(403);
  });

  it("refuses a user without the dashboard", async () => {
    expect((await get(["erp_operatori"])).statusCode).toBe(403);
  });
});
