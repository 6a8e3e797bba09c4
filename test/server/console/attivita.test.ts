/**
 * /api/comunicazioni/attivita/ (issue 12 item 3): each planned assignment against the app's
 * check-ins — planned and actual times, minutes late / left early, distance from the site,
 * planned vs worked hours (day totals through group_by), filters, export, permissions.
 */
import { auth, describeEachDb } from "../helpers/app";
import { consoleFixture } from "./console-fixture";

describeEachDb("attività: presenze rispetto al pianificato", (ctx) => {
  const get = (url: string, token: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });

  let staff: { token: string };
  let planner: { token: string };
  const op: Record<string, number> = {};
  const turni: Record<string, number> = {};

  const fx = consoleFixture(ctx);
  async function operatore(nome: string, cognome: string) {
    op[cognome] = await fx.operatore(cognome, { nome });
  }
  async function turno(name: string, cliente: string, giorno: string, assegnati: string[]) {
    turni[name] = await fx.turno({ name, cliente, giorno, assegnati: assegnati.map((c) => op[c]) });
  }
  const timbra = (turno: string, cognome: string, tipo: "ingresso" | "uscita", at: string, lat: number) =>
    fx.timbratura({ operatore: op[cognome], turno: turni[turno], tipo, at, lat });

  beforeAll(async () => {
    staff = await ctx().createUser({ permissions: ["erp_attivita"] });
    planner = await ctx().createUser({ permissions: ["erp_contratti"] });
    await operatore("Giuseppe", "Russo");
    await operatore("Anna", "Ferrari");
    await turno("banca", "Banca Popolare S.p.A.", "2026-07-10", ["Russo", "Ferrari"]);
    await turno("ieri", "Museo Civico", "2026-07-09", ["Russo"]);
    await timbra("banca", "Russo", "ingresso", "2026-07-10T06:12:00Z", 45.4652);
    await timbra("banca", "Russo", "uscita", "2026-07-10T13:50:00Z", 45.4642);
  });

  it("shows each planned operator of the day against the check-ins", async () => {
    const res = await get(
      "/api/comunicazioni/attivita/?giorno=2026-07-10&order_field=operatore&order_asc=true",
      staff.token,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(2);
    const [ferrari, russo] = body.results;
    expect(russo).toMatchObject({
      giorno: "2026-07-10",
      cliente: "Banca Popolare S.p.A.",
      servizio: "Servizio banca",
      operatore: "Russo Giuseppe",
      inizio_previsto: "2026-07-10 08:00:00",
      fine_prevista: "2026-07-10 16:00:00",
      ingresso: "2026-07-10 08:12:00",
      uscita: "2026-07-10 15:50:00",
      ritardo_minuti: 12,
      anticipo_uscita_minuti: 10,
      distanza_m: 111,
      ore_previste: 8 * 3600,
      ore_lavorate: 7 * 3600 + 38 * 60,
    });
    expect(ferrari).toMatchObject({
      operatore: "Ferrari Anna",
      ingresso: null,
      uscita: null,
      ritardo_minuti: null,
      distanza_m: null,
      ore_previste: 8 * 3600,
      ore_lavorate: null,
    });
  });

  it("totals planned vs worked hours of the day (group_by=giorno), filters by client and operator", async () => {
    const totals = (await get("/api/comunicazioni/attivita/?giorno=2026-07-10&group_by=giorno", staff.token)).json();
    expect(totals.results).toEqual([
      expect.objectContaining({
        giorno: "2026-07-10",
        count: 2,
        ore_previste: 16 * 3600,
        ore_lavorate: 7 * 3600 + 38 * 60,
      }),
    ]);
    const byClient = (await get("/api/comunicazioni/attivita/?cliente=museo", staff.token)).json();
    expect(byClient.results.map((r: { giorno: string }) => r.giorno)).toEqual(["2026-07-09"]);
    const byOp = (await get(`/api/comunicazioni/attivita/?operatore_id=${op.Ferrari}`, staff.token)).json();
    expect(byOp.count).toBe(1);
  });

  it("exports like every list and is closed to whoever lacks erp_attivita", async () => {
    const csv = await get("/api/comunicazioni/attivita/?giorno=2026-07-10&file_type=csv", staff.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Russo Giuseppe");
    expect(csv.body).toContain("07:38");
    expect((await get("/api/comunicazioni/attivita/", planner.token)).statusCode).toBe(403);
  });
});
