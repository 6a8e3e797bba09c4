/** GET /api/report/ricavi-attivita/: revenue per assignment with surcharges; amounts only with erp_ricavi-attivita_ricavi. */
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "../scenario";

const URL = "/api/report/ricavi-attivita/";

describeEachDb("report ricavi-attivita", (ctx) => {
  let s: ReportScenario;
  let conImporti: string;
  let senzaImporti: string;
  const get = (url: string, t: string) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    conImporti = (await ctx().createUser({ permissions: ["erp_ricavi-attivita_ricavi"] })).token;
    senzaImporti = (await ctx().createUser({ permissions: ["erp_ricavi-attivita"] })).token;
  });

  it("prices every band with its surcharge; no price → null and why", async () => {
    const res = await get(`${URL}?${PERIODO}&order_field=giorno`, conImporti);
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        giorno: "2025-12-22",
        ricavo: null,
        prezzo_orario: null,
        motivo: "Nessun prezzo per la qualifica nel contratto",
      }),
      // 4 h × 20 + 2 h × 22 + 2 h × 26
      expect.objectContaining({ giorno: "2025-12-24", ore: 8 * H, prezzo_orario: 20, ricavo: 176, motivo: null }),
      // 8 h × 26
      expect.objectContaining({ giorno: "2025-12-25", ricavo: 208 }),
    ]);
  });

  it("sums per client / contract / month", async () => {
    const byContratto = (await get(`${URL}?${PERIODO}&group_by=contratto`, conImporti)).json().results;
    expect(byContratto).toEqual([
      expect.objectContaining({ contratto: "Portierato magazzino", count: 1, ricavo: null }),
      expect.objectContaining({ contratto: "Vigilanza natalizia", count: 2, ricavo: 384, ore: 16 * H }),
    ]);
    const byMese = (await get(`${URL}?${PERIODO}&group_by=mese&cliente_id=${s.clienteA}`, conImporti)).json().results;
    expect(byMese).toEqual([expect.objectContaining({ mese: "2025-12", count: 2, ricavo: 384 })]);
  });

  it("without erp_ricavi-attivita_ricavi: the hours, never the amounts", async () => {
    const rows = (await get(`${URL}?${PERIODO}`, senzaImporti)).json().results;
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r).not.toHaveProperty("ricavo");
      expect(r).not.toHaveProperty("prezzo_orario");
    }
    const xl = await get(`${URL}?${PERIODO}&file_type=csv`, senzaImporti);
    expect(xl.body).not.toMatch(/Ricavo|Prezzo/);
  });

  it("refuses a user without the report's permissions", async () => {
    const other = (await ctx().createUser({ permissions: ["erp_compensi"] })).token;
    expect((await get(`${URL}?${PERIODO}`, other)).statusCode).toBe(403);
  });
});
