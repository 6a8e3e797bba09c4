/** GET /api/report/risorse-assegnate/: hours per assignment in a period, grouped, split, planned vs worked. */
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "../scenario";

const URL = "/api/report/risorse-assegnate/";

describeEachDb("report risorse-assegnate", (ctx) => {
  let s: ReportScenario;
  let token: string;
  const get = (url: string, t = token) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["erp_risorse-assegnate"] })).token;
  });

  it("lists the period's assignments with their hours split, planned (no check-ins yet)", async () => {
    const res = await get(`${URL}?${PERIODO}&order_field=giorno`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(3);
    expect(body.results).toEqual([
      expect.objectContaining({
        giorno: "2025-12-22",
        mese: "2025-12",
        operatore: "Verdi Bruno",
        cliente: "Magazzini Generali S.r.l.",
        contratto: "Portierato magazzino",
        servizio: "Ingresso merci",
        qualifica: "Steward",
        fonte: "pianificate",
        ore_pianificate: 4 * H,
        ore: 4 * H,
        diurne: 4 * H,
        notturne: 0,
        domenicali: 0,
        festive: 0,
        operatore_id: s.verdi,
        contratto_id: s.magazzino,
      }),
      expect.objectContaining({ giorno: "2025-12-24", ore: 8 * H, diurne: 4 * H, notturne: 2 * H, festive: 2 * H }),
      expect.objectContaining({ giorno: "2025-12-25", ore: 8 * H, diurne: 0, notturne: 0, festive: 8 * H }),
    ]);
  });

  it("groups by operator and client with the sums, filters by contract", async () => {
    const byOp = (await get(`${URL}?${PERIODO}&group_by=operatore`)).json();
    expect(byOp.results).toEqual([
      expect.objectContaining({ operatore: "Rossi Anna", count: 2, ore: 16 * H, festive: 10 * H, notturne: 2 * H }),
      expect.objectContaining({ operatore: "Verdi Bruno", count: 1, ore: 4 * H }),
    ]);
    const byCliente = (await get(`${URL}?${PERIODO}&group_by=cliente&contratto_id=${s.natale}`)).json();
    expect(byCliente.results).toEqual([
      expect.objectContaining({ cliente: "Banca Natalizia S.p.A.", count: 2, ore_pianificate: 16 * H }),
    ]);
  });

  it("follows a change of the shift's times (the database rewrites the bands)", async () => {
    const { database } = ctx();
    await database.exec(`UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), lower(periodo) + interval '2 hours')
      WHERE operatore_id = ${s.verdi}`);
    const row = (await get(`${URL}?${PERIODO}&operatore_id=${s.verdi}`)).json().results[0];
    expect(row).toEqual(expect.objectContaining({ ore: 2 * H, diurne: 2 * H, ore_pianificate: 2 * H }));
    await database.exec(`UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), lower(periodo) + interval '4 hours')
      WHERE operatore_id = ${s.verdi}`);
  });

  it("a period outside the shifts is empty; the period is required and bounded", async () => {
    expect((await get(`${URL}?dal=2026-01-01&al=2026-01-31`)).json()).toEqual({ results: [], count: 0, page: 1 });
    const missing = await get(URL);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      dal: "Indica la data di inizio del periodo",
      al: "Indica la data di fine del periodo",
    });
    const long = await get(`${URL}?dal=2024-01-01&al=2025-12-31`);
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.al).toBe("Il periodo può coprire al massimo 366 giorni");
  });

  it("exports the hours as HH:MM in csv", async () => {
    const res = await get(
      `${URL}?${PERIODO}&file_type=csv&order_field=giorno&show_fields=giorno,operatore,ore,festive`,
    );
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "Giorno;Operatore;Ore;Festive",
      "22/12/2025;Verdi Bruno;04:00;00:00",
      "24/12/2025;Rossi Anna;08:00;02:00",
      "25/12/2025;Rossi Anna;08:00;08:00",
    ]);
  });

  it("refuses a user without erp_risorse-assegnate", async () => {
    const other = (await ctx().createUser({ permissions: ["erp_compensi"] })).token;
    expect((await get(`${URL}?${PERIODO}`, other)).statusCode).toBe(403);
  });
});
