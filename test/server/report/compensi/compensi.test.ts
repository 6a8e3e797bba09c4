/** GET /api/report/compensi/: pay per assignment; the amounts only with erp_compensi_compensi. */
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "../scenario";

const URL = "/api/report/compensi/";

describeEachDb("report compensi", (ctx) => {
  let conImporti: string;
  let senzaImporti: string;
  let s: ReportScenario;
  const get = (url: string, t: string) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    conImporti = (await ctx().createUser({ permissions: ["erp_compensi", "erp_compensi_compensi"] })).token;
    senzaImporti = (await ctx().createUser({ permissions: ["erp_compensi"] })).token;
  });

  it("gives the pay of each assignment: hours × the contract's compenso; none → null and why", async () => {
    const res = await get(`${URL}?${PERIODO}&order_field=giorno`, conImporti);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        giorno: "2025-12-22",
        operatore: "Verdi Bruno",
        ore: 4 * H,
        compenso_orario: null,
        compenso: null,
        motivo: "Nessun compenso per la qualifica nel contratto",
      }),
      expect.objectContaining({ giorno: "2025-12-24", compenso_orario: 10, compenso: 80, motivo: null }),
      expect.objectContaining({ giorno: "2025-12-25", compenso_orario: 10, compenso: 80, motivo: null }),
    ]);
    const byOp = (await get(`${URL}?${PERIODO}&group_by=operatore`, conImporti)).json();
    expect(byOp.results).toEqual([
      expect.objectContaining({ operatore: "Rossi Anna", count: 2, ore: 16 * H, compenso: 80 + 80 }),
      expect.objectContaining({ operatore: "Verdi Bruno", count: 1, compenso: null }),
    ]);
  });

  it("without erp_compensi_compensi: the hours, never the amounts (rows, groups, exports)", async () => {
    const rows = (await get(`${URL}?${PERIODO}&order_field=giorno`, senzaImporti)).json().results;
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).toEqual(expect.objectContaining({ operatore: expect.any(String), ore: expect.any(Number) }));
      expect(r).not.toHaveProperty("compenso");
      expect(r).not.toHaveProperty("compenso_orario");
      expect(r).not.toHaveProperty("motivo");
    }
    const groups = (await get(`${URL}?${PERIODO}&group_by=operatore`, senzaImporti)).json().results;
    for (const g of groups) expect(g).not.toHaveProperty("compenso");
    expect((await get(`${URL}?${PERIODO}&order_field=compenso`, senzaImporti)).statusCode).toBe(400);
    const csv = await get(`${URL}?${PERIODO}&file_type=csv`, senzaImporti);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toMatch(/Compenso/);
    expect(csv.body).toMatch(/Rossi Anna/);
  });

  it("exports the payroll office's file with the amounts in euro", async () => {
    const csv = await get(
      `${URL}?${PERIODO}&file_type=csv&order_field=giorno&show_fields=operatore,giorno,ore,festive,compenso`,
      conImporti,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Operatore;Giorno;Ore;Festive;Compenso");
    expect(lines[2]).toBe("Rossi Anna;24/12/2025;08:00;02:00;80,00\u00a0€");
  });

  it("pays each kind of hour with the contract's compenso surcharges (night, Sunday, holiday)", async () => {
    const admin = (await ctx().createUser({ permissions: ["erp_contratti", "erp_contratti_compensi"] })).token;
    const righe = `/api/pianificazione/contratti/${s.natale}/compensi/`;
    const riga = (await get(righe, admin)).json().results[0];
    expect(riga).toEqual(
      expect.objectContaining({ compenso_orario: 10, maggiorazione_notturna: 0, maggiorazione_festiva: 0 }),
    );
    const put = (data: Record<string, number>) =>
      ctx().app.inject({ method: "PUT", url: `${righe}${riga.id}/`, headers: auth(admin), payload: { data } });
    const res = await put({ maggiorazione_notturna: 20, maggiorazione_festiva: 50, maggiorazione_domenicale: 30 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ compenso_orario: 10, maggiorazione_festiva: 50 }));
    // 24/12: 4 h × 10 + 2 h × 12 (night) + 2 h × 15 (Christmas night: the highest, 50 %); 25/12: 8 h × 15.
    const rows = (await get(`${URL}?${PERIODO}&order_field=giorno&contratto_id=${s.natale}`, conImporti)).json();
    expect(rows.results.map((r: { compenso: number }) => r.compenso)).toEqual([94, 120]);
    const bad = await put({ maggiorazione_notturna: -1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty("maggiorazione_notturna");
    expect(
      (await put({ maggiorazione_notturna: 0, maggiorazione_festiva: 0, maggiorazione_domenicale: 0 })).statusCode,
    ).toBe(200);
  });

  it("refuses a user without erp_compensi", async () => {
    const other = (await ctx().createUser({ permissions: ["erp_risorse-assegnate"] })).token;
    expect((await get(`${URL}?${PERIODO}`, other)).statusCode).toBe(403);
  });
});
