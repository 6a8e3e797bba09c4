/** GET /api/report/pratiche/: the operators' pratiche, administrators only. */
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, type ReportScenario } from "../scenario";

describeEachDb("report pratiche", (ctx) => {
  let s: ReportScenario;
  let token: string;
  const get = (url: string, t = token) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["erp_admin"] })).token;
    await ctx().database.exec(`INSERT INTO operatori_pratiche (operatore_id, tipo, stato, data_apertura, data_chiusura, note) VALUES
      (${s.rossi}, 'rinnovo_decreto', 'chiusa', date '2025-01-10', date '2025-02-09', 'Rinnovato'),
      (${s.verdi}, 'infortunio', 'in_corso', date '2025-06-01', NULL, '')`);
  });

  it("lists pratiche with type, state, opening, closing and their age; filters the state", async () => {
    const res = await get("/api/report/pratiche/");
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        operatore: "Verdi Bruno",
        tipo: "infortunio",
        tipo_descrizione: "Infortunio",
        stato: "in_corso",
        stato_descrizione: "In corso",
        data_apertura: "2025-06-01",
        data_chiusura: null,
        giorni: expect.any(Number),
      }),
      expect.objectContaining({
        operatore: "Rossi Anna",
        tipo_descrizione: "Rinnovo decreto GPG",
        stato_descrizione: "Chiusa",
        data_chiusura: "2025-02-09",
        giorni: 30,
        note: "Rinnovato",
      }),
    ]);
    const aperte = (await get("/api/report/pratiche/?stato=aperta,in_corso,sospesa")).json().results;
    expect(aperte.map((r: { operatore: string }) => r.operatore)).toEqual(["Verdi Bruno"]);
  });

  it("is for administrators only", async () => {
    const hr = (await ctx().createUser({ permissions: ["erp_operatori_contratti-pratiche"] })).token;
    expect((await get("/api/report/pratiche/", hr)).statusCode).toBe(403);
  });
});
