/**
 * Marginalità's money is kept per contract and month by the database (migration 0654,
 * report_margini_mesi): after every kind of write it equals what the per-assignment reports compute
 * live — revenue as ricavi-attivita sums it, pay as compensi sums it, the assignments counted —
 * and its service costs follow the costs written.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../../server/db/query";
import { runDueJob } from "../../../../server/lib/jobs";
import { REPORT_MARGINI_JOB } from "../../../../server/modules/report/analisi-ricavi/margini.job";
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, PERIODO, type ReportScenario } from "../scenario";

describeEachDb("report Marginalità kept by the database", (ctx) => {
  let s: ReportScenario;
  let token: string;
  const get = async (url: string) =>
    (await ctx().app.inject({ method: "GET", url, headers: auth(token) })).json() as {
      results: Record<string, number>[];
      count: number;
    };
  const sum = (rows: Record<string, number>[], k: string) => rows.reduce((t, r) => t + (r[k] ?? 0), 0);
  /** Marginalità's totals against the live per-assignment reports of the same period. */
  const agree = async () => {
    const margini = (await get(`/api/report/analisi-ricavi/?${PERIODO}&page_size=1000`)).results;
    const ricavi = await get(`/api/report/ricavi-attivita/?${PERIODO}&page_size=1000`);
    const compensi = await get(`/api/report/compensi/?${PERIODO}&page_size=1000`);
    expect(sum(margini, "ricavi")).toBeCloseTo(sum(ricavi.results, "ricavo"), 2);
    expect(sum(margini, "compensi")).toBeCloseTo(sum(compensi.results, "compenso"), 2);
    expect(sum(margini, "turni")).toBe(ricavi.count);
    expect(sum(margini, "ore")).toBe(sum(ricavi.results, "ore"));
    expect(sum(margini, "turni_senza_prezzo")).toBe(ricavi.results.filter((r) => r.ricavo === null).length);
    return { ricavi: sum(margini, "ricavi"), compensi: sum(margini, "compensi"), turni: sum(margini, "turni") };
  };

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["superadmin"] })).token;
  });

  it("follows the rates, a shift's qualification, check-ins, service costs and assignments removed", async () => {
    const { database } = ctx();
    const prima = await agree();
    expect(prima.turni).toBeGreaterThan(0);

    await database.exec(
      `UPDATE contratti_prezzi SET prezzo_orario = prezzo_orario + 10 WHERE contratto_id = ${s.natale}`,
    );
    const rincaro = await agree();
    expect(rincaro.ricavi).toBeGreaterThan(prima.ricavi);

    await database.exec(`DELETE FROM contratti_compensi WHERE contratto_id = ${s.natale}`);
    expect((await agree()).compensi).toBeLessThan(rincaro.compensi);

    await database.exec(`UPDATE turni SET posizione_id = (SELECT max(id) FROM posizioni)
      WHERE id = (SELECT min(a.turno_id) FROM turni_operatori a)`);
    await agree();

    await database.exec(`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il, lat, lng,
        accuratezza, sincronizzata_tardi, assegnato)
      SELECT a.operatore_id, gen_random_uuid(), a.turno_id, x.tipo, x.at, x.at, 45.46, 9.19, 10, false, true
        FROM turni_operatori a JOIN turni_operatori_periodi p ON p.turno_operatore_id = a.id
        CROSS JOIN LATERAL (VALUES ('ingresso', lower(p.periodo) + interval '1 hour'), ('uscita', upper(p.periodo))) x (tipo, at)
       WHERE a.id = (SELECT max(id) FROM turni_operatori)`);
    await agree();

    // Service costs: added, moved to another month, removed.
    const costi = async () =>
      sum((await get(`/api/report/analisi-ricavi/?${PERIODO}&page_size=1000`)).results, "costi");
    const senza = await costi();
    await database.exec(`INSERT INTO servizi_costi (servizio_id, tipo, importo, data)
      SELECT s.id, 'Noleggio radio', 40, date '2025-12-10' FROM servizi s WHERE s.contratto_id = ${s.natale}`);
    expect(await costi()).toBeCloseTo(senza + 40, 2);
    await database.exec("UPDATE servizi_costi SET data = date '2026-01-10' WHERE importo = 40");
    expect(await costi()).toBeCloseTo(senza, 2);
    await database.exec("UPDATE servizi_costi SET data = date '2025-12-11' WHERE importo = 40");
    expect(await costi()).toBeCloseTo(senza + 40, 2);
    await database.exec("DELETE FROM servizi_costi WHERE importo = 40");
    expect(await costi()).toBeCloseTo(senza, 2);

    await database.exec("DELETE FROM app_timbrature");
    await database.exec("DELETE FROM turni_operatori WHERE id = (SELECT max(id) FROM turni_operatori)");
    expect((await agree()).turni).toBe(prima.turni - 1);
  });

  it("is recomputed by the 'report-margini' job from the queue the writes fill, once across workers", async () => {
    const { database } = ctx();
    const queued = async () =>
      Number(
        (await queryOne<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM report_margini_da_rifare`))?.n,
      );
    await database.exec("DELETE FROM turni_operatori WHERE id = (SELECT max(id) FROM turni_operatori)");
    expect(await queued()).toBeGreaterThan(0);
    const future = new Date("2100-01-01T00:00:00Z");
    const run = await runDueJob(database.db, REPORT_MARGINI_JOB, future, "test-1");
    // The removed assignment's operator-month too (report_ore_mesi, migration 0894).
    expect(run?.result).toBe(
      "assegnazioni riprezzate: 0, mesi di operatore ricalcolati: 1, mesi di contratto ricalcolati: 1",
    );
    expect(await queued()).toBe(0);
    // Claimed once: another worker at the same moment finds it not due.
    expect(await runDueJob(database.db, REPORT_MARGINI_JOB, future, "test-2")).toBeUndefined();
    await agree();
  });
});
