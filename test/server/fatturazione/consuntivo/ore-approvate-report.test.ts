/**
 * Issue 35 item 1, "reports read the approved figures when they exist", on both databases: a
 * correction of the worked times counts in the reports once the month is approved (not before: until
 * then they show the check-ins or the plan), and a correction by derogation afterwards moves them
 * again — risorse-assegnate (its rows and its groups per operator), compensi, Marginalità.
 *
 * Data (scenario.ts): Rossi 18:00–02:00 on 24 and 25/12/2025 on "Vigilanza natalizia" (20 €/h,
 * festiva 30 %; pay 10 €/h), Verdi's New Year's Eve night. Christmas corrected to 18:00–23:00:
 * 5 h festive (4 diurne, 1 notturna) instead of 8; then, by derogation, 18:00–20:00.
 */
import { auth, describeEachDb } from "../../helpers/app";
import { buildFatturazione, type FatturazioneScenario } from "../scenario";

const H = 3600;
const PERIODO = "dal=2025-12-01&al=2025-12-31";

describeEachDb("fatturazione: the reports read the approved hours", (ctx) => {
  let s: FatturazioneScenario;
  let ufficio: string;
  let derogante: string;
  let lettore: string;
  const req = (method: "GET" | "POST", url: string, token: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), payload: data === undefined ? undefined : { data } });
  const get = async (url: string) => {
    const res = await req("GET", url, lettore);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const natale = async () => {
    const id = s.assegnazioni["2025-12-25"].id;
    const [risorsa, compenso] = await Promise.all([
      get(`/api/report/risorse-assegnate/?${PERIODO}&operatore_id=${s.rossi}`),
      get(`/api/report/compensi/?${PERIODO}&operatore_id=${s.rossi}`),
    ]);
    const r = risorsa.results.find((x: { id: number }) => x.id === id);
    const c = compenso.results.find((x: { id: number }) => x.id === id);
    return { fonte: r.fonte, ore: r.ore, festive: r.festive, ore_pianificate: r.ore_pianificate, compenso: c.compenso };
  };
  const rossi = async () =>
    (await get(`/api/report/risorse-assegnate/?${PERIODO}&group_by=operatore`)).results.find(
      (g: { operatore: string }) => g.operatore === "Rossi Anna",
    ).ore;
  const dicembre = async () => {
    const m = (await get(`/api/report/analisi-ricavi/?${PERIODO}&contratto_id=${s.natale}`)).results.find(
      (x: { contratto_id: number; mese: string }) => x.contratto_id === s.natale && x.mese === "2025-12-01",
    );
    return { ore: m.ore, ricavi: m.ricavi, compensi: m.compensi };
  };
  const rettifica = async (token: string, inizio: string, fine: string, deroga?: boolean) => {
    const res = await req("POST", "/api/fatturazione/consuntivo/rettifiche/", token, {
      turno_operatore: s.assegnazioni["2025-12-25"].id,
      periodi: [{ inizio, fine }],
      motivo: "Servizio ridotto su richiesta del cliente",
      ...(deroga ? { deroga } : {}),
    });
    expect(res.statusCode).toBe(201);
  };

  beforeAll(async () => {
    s = await buildFatturazione(ctx());
    ufficio = (await ctx().createUser({ permissions: ["erp_consuntivo", "erp_consuntivo_approva"] })).token;
    derogante = (await ctx().createUser({ permissions: ["erp_consuntivo", "erp_contratti_deroghe"] })).token;
    lettore = (
      await ctx().createUser({
        permissions: ["erp_risorse-assegnate", "erp_compensi", "erp_compensi_compensi", "erp_marginalita"],
      })
    ).token;
  });

  it("shows the planned hours while the month is not approved, a correction included", async () => {
    const prima = await dicembre();
    const pianificate = { fonte: "pianificate", ore: 8 * H, festive: 8 * H, ore_pianificate: 8 * H, compenso: 80 };
    expect(await natale()).toEqual(pianificate);
    await rettifica(ufficio, "2025-12-25T18:00:00+01:00", "2025-12-25T23:00:00+01:00");
    expect(await natale()).toEqual(pianificate);
    expect(await rossi()).toBe(16 * H);
    expect(await dicembre()).toEqual(prima);
  });

  it("shows the approved hours once the month is approved: rows, groups, pay and Marginalità", async () => {
    const prima = await dicembre();
    const res = await req("POST", "/api/fatturazione/consuntivo/approvazioni/", ufficio, {
      contratto: s.natale,
      mese: "2025-12",
    });
    expect(res.statusCode).toBe(200);
    // The corrected worked times: 'effettive'; the planned seconds stay the plan's.
    expect(await natale()).toEqual({
      fonte: "effettive",
      ore: 5 * H,
      festive: 5 * H,
      ore_pianificate: 8 * H,
      compenso: 50,
    });
    expect(await rossi()).toBe(13 * H);
    // 3 h less at 26 €/h (festiva 30 %) and 10 €/h of pay.
    const dopo = await dicembre();
    expect(dopo.ore).toBe(prima.ore - 3 * H);
    expect(dopo.ricavi).toBeCloseTo(prima.ricavi - 78, 2);
    expect(dopo.compensi).toBeCloseTo(prima.compensi - 30, 2);
    // The days approved as planned stay as they were.
    const vigilia = (await get(`/api/report/risorse-assegnate/?${PERIODO}&operatore_id=${s.rossi}`)).results.find(
      (x: { giorno: string }) => x.giorno === "2025-12-24",
    );
    expect(vigilia).toMatchObject({ fonte: "pianificate", ore: 8 * H });
  });

  it("follows a correction by derogation of the approved month", async () => {
    await rettifica(derogante, "2025-12-25T18:00:00+01:00", "2025-12-25T20:00:00+01:00", true);
    expect(await natale()).toEqual({
      fonte: "effettive",
      ore: 2 * H,
      festive: 2 * H,
      ore_pianificate: 8 * H,
      compenso: 20,
    });
    expect(await rossi()).toBe(10 * H);
  });

  it("keeps the approved hours when the plan changes afterwards", async () => {
    const id = s.assegnazioni["2025-12-25"].id;
    await ctx().database.exec(
      `UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), lower(periodo) + interval '3 hours')
       WHERE turno_operatore_id = ${id}`,
    );
    expect(await natale()).toEqual({
      fonte: "effettive",
      ore: 2 * H,
      festive: 2 * H,
      ore_pianificate: 3 * H,
      compenso: 20,
    });
  });
});
