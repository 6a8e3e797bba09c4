/** GET /api/report/scadenze-corsi/ and /scadenze-documenti/: latest expiry per type, state, shifts after it. */
import { addDays } from "../../../../src/domain/shift-rules";
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, type ReportScenario } from "../scenario";

const oggi = new Date().toLocaleDateString("sv-SE", { timeZone: "Europe/Rome" });

describeEachDb("report scadenze", (ctx) => {
  let s: ReportScenario;
  let token: string;
  const get = (url: string, t = token) => ctx().app.inject({ method: "GET", url, headers: auth(t) });

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["erp_scadenze-corsi", "erp_scadenze-documenti"] })).token;
    await ctx().database.exec(`
      INSERT INTO operatori_corsi (operatore_id, tipo, data_scadenza) VALUES
        (${s.rossi}, 'antincendio', date '2025-12-24'),
        (${s.rossi}, 'antincendio', date '2024-01-01'),
        (${s.verdi}, 'blsd', date '${addDays(oggi, 10)}'),
        (${s.verdi}, 'privacy', date '${addDays(oggi, 100)}'),
        (${s.verdi}, 'primo_soccorso', NULL);
      INSERT INTO operatori_documenti (operatore_id, tipo, data_scadenza) VALUES
        (${s.rossi}, 'porto_armi', date '2025-12-20'),
        (${s.verdi}, 'carta_identita', date '2025-01-10'),
        (${s.verdi}, 'carta_identita', date '${addDays(oggi, 2000)}');`);
  });

  it("lists each operator's latest course of a type with its state and the shifts after the expiry", async () => {
    const res = await get("/api/report/scadenze-corsi/");
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      expect.objectContaining({
        operatore: "Rossi Anna",
        tipo: "antincendio",
        tipo_descrizione: "Addetto antincendio",
        data_scadenza: "2025-12-24",
        stato: "scaduto",
        turni_dopo_scadenza: 1,
        primo_turno_dopo: "2025-12-25",
        operatore_id: s.rossi,
      }),
      expect.objectContaining({
        operatore: "Verdi Bruno",
        tipo: "blsd",
        stato: "in_scadenza",
        giorni_alla_scadenza: 10,
        turni_dopo_scadenza: 0,
        primo_turno_dopo: null,
      }),
      expect.objectContaining({ tipo: "privacy", stato: "valido", giorni_alla_scadenza: 100 }),
    ]);
  });

  it("filters: expiring by a day (expired included), the state, who is on shifts after it", async () => {
    const tipi = async (q: string) =>
      (await get(`/api/report/scadenze-corsi/?${q}`)).json().results.map((r: { tipo: string }) => r.tipo);
    expect(await tipi(`entro=${addDays(oggi, 30)}`)).toEqual(["antincendio", "blsd"]);
    expect(await tipi("stato=in_scadenza")).toEqual(["blsd"]);
    expect(await tipi("con_turni=true")).toEqual(["antincendio"]);
    expect(await tipi(`scadenza_dal=${oggi}`)).toEqual(["blsd", "privacy"]);
  });

  it("documents: a renewed one hides the old; the shifts after an expired licence are counted", async () => {
    const rows = (await get("/api/report/scadenze-documenti/")).json().results;
    expect(rows).toEqual([
      expect.objectContaining({
        tipo: "porto_armi",
        tipo_descrizione: "Porto d'armi",
        stato: "scaduto",
        turni_dopo_scadenza: 2,
        primo_turno_dopo: "2025-12-24",
      }),
      expect.objectContaining({ tipo: "carta_identita", stato: "valido" }),
    ]);
  });

  it("each report needs its own permission", async () => {
    const corsi = (await ctx().createUser({ permissions: ["erp_scadenze-corsi"] })).token;
    expect((await get("/api/report/scadenze-corsi/", corsi)).statusCode).toBe(200);
    expect((await get("/api/report/scadenze-documenti/", corsi)).statusCode).toBe(403);
  });
});
