/**
 * GET /api/report/compensi/mensile/: the payroll office's monthly file — one row per operator and
 * month with the hours by kind and the pay, a stable column layout, personal data and amounts only
 * to who may see them, and totals equal to the compensi report's.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "../scenario";

const URL = "/api/report/compensi/mensile/";
const LAYOUT =
  "Mese;Matricola;Cognome;Nome;Codice fiscale;Turni;Turni da timbrature;Ore pianificate;Ore;Diurne;Notturne;" +
  "Domenicali;Festive;Compenso;Turni senza compenso";

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n")
    .map((l) => l.split(";"));
const euro = (s: string) => (s === "" ? 0 : Number(s.replace(/[\s\u00a0€.]/g, "").replace(",", ".")));
const hhmm = (s: string) => {
  const [h, m] = s.split(":").map(Number);
  return h * 3600 + m * 60;
};

describeEachDb("report compensi mensili (file paghe)", (ctx) => {
  let s: ReportScenario;
  let tutto: string;
  let senzaAnagrafica: string;
  let soloOre: string;
  let matricola: { rossi: string; verdi: string };
  const get = (url: string, t: string) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    const db = ctx().database.db;
    await ctx().database.exec(`UPDATE operatori SET codice_fiscale = 'RSSNNA80A41F205X' WHERE id = ${s.rossi}`);
    const cod = async (id: number) =>
      (await queryOne<{ codice: string }>(db, sql`SELECT codice FROM operatori WHERE id = ${id}`))!.codice;
    matricola = { rossi: await cod(s.rossi), verdi: await cod(s.verdi) };
    tutto = (
      await ctx().createUser({ permissions: ["erp_compensi", "erp_compensi_compensi", "erp_operatori_anagrafica"] })
    ).token;
    senzaAnagrafica = (await ctx().createUser({ permissions: ["erp_compensi", "erp_compensi_compensi"] })).token;
    soloOre = (await ctx().createUser({ permissions: ["erp_compensi"] })).token;
  });

  it("one row per operator and month: hours by kind, shifts, pay; a missing compenso is counted, not 0", async () => {
    const res = await get(`${URL}?${PERIODO}`, tutto);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 2,
      page: 1,
      results: [
        {
          id: `2025-12/${s.rossi}`,
          mese: "12/2025",
          matricola: matricola.rossi,
          cognome: "Rossi",
          nome: "Anna",
          codice_fiscale: "RSSNNA80A41F205X",
          turni: 2,
          turni_timbrati: 0,
          ore_pianificate: 16 * H,
          ore: 16 * H,
          diurne: 4 * H,
          notturne: 2 * H,
          domenicali: 0,
          festive: 10 * H,
          compenso: 160,
          turni_senza_compenso: 0,
          operatore_id: s.rossi,
        },
        expect.objectContaining({
          mese: "12/2025",
          cognome: "Verdi",
          turni: 1,
          ore: 4 * H,
          diurne: 4 * H,
          compenso: null,
          turni_senza_compenso: 1,
        }),
      ],
    });
  });

  it("exports the documented column layout; its totals equal the compensi report's", async () => {
    const file = csvLines((await get(`${URL}?${PERIODO}&file_type=csv`, tutto)).body);
    expect(file[0].join(";")).toBe(LAYOUT);
    expect(file[1].join(";")).toBe(
      `12/2025;${matricola.rossi};Rossi;Anna;RSSNNA80A41F205X;2;0;16:00;16:00;04:00;02:00;00:00;10:00;160,00\u00a0€;0`,
    );
    const screen = (await get(`/api/report/compensi/?${PERIODO}&group_by=operatore`, tutto)).json().results as {
      operatore: string;
      count: number;
      ore: number;
      festive: number;
      compenso: number | null;
    }[];
    const col = (name: string) => file[0].indexOf(name);
    const sum = (name: string, read: (x: string) => number) =>
      file.slice(1).reduce((t, r) => t + read(r[col(name)]), 0);
    expect(sum("Compenso", euro)).toBe(screen.reduce((t, g) => t + (g.compenso ?? 0), 0));
    expect(sum("Ore", hhmm)).toBe(screen.reduce((t, g) => t + g.ore, 0));
    expect(sum("Festive", hhmm)).toBe(screen.reduce((t, g) => t + g.festive, 0));
    expect(sum("Turni", Number)).toBe(screen.reduce((t, g) => t + g.count, 0));
    for (const g of screen) {
      const row = file.find((r) => `${r[col("Cognome")]} ${r[col("Nome")]}` === g.operatore)!;
      expect(euro(row[col("Compenso")])).toBe(g.compenso ?? 0);
    }
    const xlsx = await get(`${URL}?${PERIODO}&file_type=xlsx`, tutto);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers["content-disposition"]).toMatch(/compensi-mensili-\d{8}-\d{4}\.xlsx/);
  });

  it("the fiscal code only for who may see personal data, the pay only with erp_compensi_compensi", async () => {
    const noCf = (await get(`${URL}?${PERIODO}`, senzaAnagrafica)).json().results[0];
    expect(noCf).not.toHaveProperty("codice_fiscale");
    expect(noCf.compenso).toBe(160);
    const csv = csvLines((await get(`${URL}?${PERIODO}&file_type=csv`, senzaAnagrafica)).body);
    expect(csv[0]).not.toContain("Codice fiscale");
    expect(csv.flat().join(";")).not.toMatch(/RSSNNA80A41F205X/);
    const ore = (await get(`${URL}?${PERIODO}`, soloOre)).json().results[0];
    expect(ore).not.toHaveProperty("compenso");
    expect(ore).not.toHaveProperty("codice_fiscale");
    expect(ore.ore).toBe(16 * H);
    expect(csvLines((await get(`${URL}?${PERIODO}&file_type=csv`, soloOre)).body)[0].join(";")).toBe(
      "Mese;Matricola;Cognome;Nome;Turni;Turni da timbrature;Ore pianificate;Ore;Diurne;Notturne;Domenicali;Festive;Turni senza compenso",
    );
    const other = (await ctx().createUser({ permissions: ["erp_risorse-assegnate"] })).token;
    expect((await get(`${URL}?${PERIODO}`, other)).statusCode).toBe(403);
  });

  it("whole months only, a required and bounded period", async () => {
    const half = await get(`${URL}?dal=2025-12-02&al=2025-12-30`, tutto);
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({
      dal: "Il file paghe va per mesi interi: indica il primo giorno di un mese",
      al: "Il file paghe va per mesi interi: indica l'ultimo giorno di un mese",
    });
    expect((await get(URL, tutto)).statusCode).toBe(400);
    expect((await get(`${URL}?dal=2025-11-01&al=2025-11-30`, tutto)).json()).toEqual({
      results: [],
      count: 0,
      page: 1,
    });
    const two = (await get(`${URL}?dal=2025-11-01&al=2026-01-31&cognome=x`, tutto)).json();
    expect(two.count).toBe(2);
  });
});
