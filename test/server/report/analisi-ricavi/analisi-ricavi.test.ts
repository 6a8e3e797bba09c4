/** GET /api/report/analisi-ricavi/ (Marginalità): revenue − pay − service costs per contract and month. */
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "../scenario";

const URL = "/api/report/analisi-ricavi/";

describeEachDb("report analisi-ricavi (Marginalità)", (ctx) => {
  let s: ReportScenario;
  let token: string;
  const get = (url: string, t = token) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["erp_marginalita"] })).token;
    // A cost on the Christmas service in December and one in January (a month without shifts).
    await ctx().database.exec(`INSERT INTO servizi_costi (servizio_id, tipo, importo, data)
      SELECT s.id, 'Noleggio radio', 50.5, date '2025-12-20' FROM servizi s WHERE s.contratto_id = ${s.natale}
      UNION ALL SELECT s.id, 'Pulizia', 30, date '2026-01-10' FROM servizi s WHERE s.contratto_id = ${s.natale}`);
  });

  it("gives revenue, pay, costs, margin and margin % per contract and month", async () => {
    const res = await get(`${URL}?${PERIODO}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        mese: "2025-12-01",
        cliente: "Banca Natalizia S.p.A.",
        contratto: "Vigilanza natalizia",
        ore: 16 * H,
        ricavi: 384,
        compensi: 160,
        costi: 50.5,
        margine: 173.5,
        margine_pct: 45.18,
        in_perdita: false,
        turni: 2,
        turni_senza_prezzo: 0,
        contratto_id: s.natale,
      }),
      expect.objectContaining({
        mese: "2025-12-01",
        contratto: "Portierato magazzino",
        ricavi: 0,
        compensi: 0,
        margine: 0,
        margine_pct: null,
        turni: 1,
        turni_senza_prezzo: 1,
        turni_senza_compenso: 1,
      }),
    ]);
  });

  it("marks a contract losing money and filters it", async () => {
    const jan = (await get(`${URL}?dal=2026-01-01&al=2026-01-31`)).json().results;
    expect(jan).toEqual([
      expect.objectContaining({
        mese: "2026-01-01",
        contratto: "Vigilanza natalizia",
        costi: 30,
        margine: -30,
        in_perdita: true,
      }),
    ]);
    const losing = (await get(`${URL}?dal=2025-12-01&al=2026-01-31&in_perdita=true`)).json().results;
    expect(losing.map((r: { mese: string }) => r.mese)).toEqual(["2026-01-01"]);
  });

  it("sums per client over the months (group_by) and filters a client", async () => {
    const res = await get(`${URL}?dal=2025-12-01&al=2026-01-31&group_by=cliente&cliente_id=${s.clienteA}`);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        cliente: "Banca Natalizia S.p.A.",
        count: 2,
        ricavi: 384,
        compensi: 160,
        costi: 80.5,
        margine: 143.5,
      }),
    ]);
  });

  it("exports xlsx-ready totals in csv that match the rows", async () => {
    const csv = await get(`${URL}?${PERIODO}&file_type=csv&show_fields=contratto,ricavi,margine`);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Contratto;Ricavi;Margine");
    expect(lines[1]).toMatch(/^Vigilanza natalizia;384,00\s€;173,50\s€$/);
    expect(lines[2]).toMatch(/^Portierato magazzino;0,00\s€;0,00\s€$/);
  });

  it("requires the period and erp_marginalita", async () => {
    expect((await get(URL)).statusCode).toBe(400);
    const other = (await ctx().createUser({ permissions: ["erp_ricavi-attivita_ricavi"] })).token;
    expect((await get(`${URL}?${PERIODO}`, other)).statusCode).toBe(403);
  });
});
