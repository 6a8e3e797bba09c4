/**
 * Issue 30 item 1 — "a guard can make the payroll file pay any number of hours". The probe's
 * reproduction through the guards' API: a check-in dated 24 days before the shift turned a 6 h
 * shift into 627.8 h and the payroll file paid them; a late check-in backdated to the start hid
 * its lateness. Now a check-in/out far outside its shift is kept but counts nothing ("timbratura
 * fuori turno"), worked hours beyond the plan are an anomaly for the office, lateness is judged on
 * the receive time unless the app's outbox says how long it waited — and a long wait is an anomaly.
 *
 * Scenario (test/server/report/scenario.ts): Rossi 18:00–02:00 on 24 and 25/12/2025 (pay 10 €/h,
 * 80 € a shift), Verdi 09:00–13:00 on 22/12/2025.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { hashPassword } from "../../../server/lib/passwords";
import { auth, describeEachDb } from "../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "../report/scenario";

describeEachDb("timbrature: solo nel turno", (ctx) => {
  let s: ReportScenario;
  let report: string;
  const turni: Record<string, number> = {};
  const db = () => ctx().database.db;

  async function login(operatore: number, username: string, at: string): Promise<string> {
    ctx().setNow(new Date(at));
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/app/login/",
      payload: { username, password: "Timbra-Bene-2025" },
    });
    expect([operatore, res.statusCode]).toEqual([operatore, 200]);
    return res.json().token;
  }

  const timbra = (token: string, turno: number, tipo: string, dataOra: string, coda?: number) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/app/timbrature/",
      headers: auth(token),
      payload: {
        data: {
          id: crypto.randomUUID(),
          turno_id: turno,
          tipo,
          data_ora: dataOra,
          lat: 45.4642,
          lng: 9.19,
          accuratezza: 10,
          ...(coda === undefined ? {} : { secondi_in_coda: coda }),
        },
      },
    });

  const anomalie = async (operatore: number) =>
    queryRows<{ tipo: string; valore: number | null }>(
      db(),
      sql`SELECT tipo, valore FROM anomalie WHERE operatore_id = ${operatore} ORDER BY tipo`,
    );

  beforeAll(async () => {
    s = await buildScenario(ctx());
    for (const [op, username] of [
      [s.rossi, "a.rossi"],
      [s.verdi, "b.verdi"],
    ] as const) {
      await ctx().database.exec(`UPDATE operatori SET applicazione = true WHERE id = ${op}`);
      const hash = await hashPassword("Timbra-Bene-2025", 2 ** 10);
      await db().execute(
        sql`INSERT INTO app_credenziali (operatore_id, username, password_hash) VALUES (${op}, ${username}, ${hash})`,
      );
    }
    for (const r of await queryRows<{ giorno: string; operatore_id: number; turno_id: number }>(
      db(),
      sql`SELECT to_char(g.giorno, 'YYYY-MM-DD') AS giorno, a.operatore_id, a.turno_id
            FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id`,
    ))
      turni[`${r.operatore_id} ${r.giorno}`] = r.turno_id;
    report = (
      await ctx().createUser({ permissions: ["erp_compensi", "erp_compensi_compensi", "erp_risorse-assegnate"] })
    ).token;
  });
  afterAll(() => ctx().setNow(null));

  it("the probe: a check-in dated 24 days early counts from when it arrived, and the payroll pays the plan", async () => {
    const token = await login(s.rossi, "a.rossi", "2025-12-25T02:05:00+01:00");
    const turno = turni[`${s.rossi} 2025-12-24`];
    expect((await timbra(token, turno, "ingresso", "2025-11-30T18:00:00+01:00")).statusCode).toBe(201);
    expect((await timbra(token, turno, "uscita", "2025-12-25T02:00:00+01:00")).statusCode).toBe(201);

    ctx().setNow(new Date("2025-12-26T09:00:00+01:00"));
    const ore = (
      await ctx().app.inject({
        method: "GET",
        url: `/api/report/risorse-assegnate/?${PERIODO}&operatore_id=${s.rossi}&order_field=giorno`,
        headers: auth(report),
      })
    ).json().results;
    // The check-in is judged at 02:05 (its arrival), after the check-out: no worked period, the plan's 8 h.
    expect(ore[0]).toMatchObject({ giorno: "2025-12-24", fonte: "pianificate", ore: 8 * H });
    const paghe = (
      await ctx().app.inject({
        method: "GET",
        url: `/api/report/compensi/mensile/?${PERIODO}&operatore_id=${s.rossi}`,
        headers: auth(report),
      })
    ).json().results;
    // Two planned shifts at 10 €/h: 160 €, where the old rule paid thousands.
    expect(paghe).toHaveLength(1);
    expect(paghe[0].compenso).toBe(160);
    const trovate = await anomalie(s.rossi);
    expect(trovate).toContainEqual({ tipo: "sincronizzata_ritardo", valore: 24 * 24 * 60 + 8 * 60 + 5 });
    expect(trovate).toContainEqual({ tipo: "ritardo", valore: 8 * 60 + 5 });
  });

  it("a late check-in backdated to the start is judged at its arrival: the lateness shows", async () => {
    const token = await login(s.rossi, "a.rossi", "2025-12-25T18:27:00+01:00");
    const turno = turni[`${s.rossi} 2025-12-25`];
    const res = await timbra(token, turno, "ingresso", "2025-12-25T18:00:00+01:00");
    expect(res.statusCode).toBe(201);
    const ritardo = await queryRows<{ valore: number }>(
      db(),
      sql`SELECT valore FROM anomalie WHERE turno_id = ${turno} AND tipo = 'ritardo'`,
    );
    expect(ritardo).toEqual([{ valore: 27 }]);
    const attivita = (
      await ctx().app.inject({
        method: "GET",
        url: `/api/comunicazioni/attivita/?giorno=2025-12-25&operatore_id=${s.rossi}`,
        headers: auth((await ctx().createUser({ permissions: ["erp_attivita"] })).token),
      })
    ).json().results;
    expect(attivita[0]).toMatchObject({ ritardo_minuti: 27 });
  });

  it("a check-in the app's outbox held for 90 minutes is judged at its device time, and the wait is an anomaly", async () => {
    const token = await login(s.verdi, "b.verdi", "2025-12-22T10:30:00+01:00");
    const turno = turni[`${s.verdi} 2025-12-22`];
    expect((await timbra(token, turno, "ingresso", "2025-12-22T08:58:00+01:00", 92 * 60)).statusCode).toBe(201);
    let trovate = await anomalie(s.verdi);
    expect(trovate.filter((a) => a.tipo === "ritardo")).toEqual([]);
    expect(trovate).toContainEqual({ tipo: "sincronizzata_ritardo", valore: 92 });

    // Out 40 minutes after the end: counted (within the shift's hour of tolerance) and flagged for approval.
    ctx().setNow(new Date("2025-12-22T13:40:00+01:00"));
    expect((await timbra(token, turno, "uscita", "2025-12-22T13:40:00+01:00")).statusCode).toBe(201);
    trovate = await anomalie(s.verdi);
    expect(trovate).toContainEqual({ tipo: "oltre_previsto", valore: 42 });
    const ore = (
      await ctx().app.inject({
        method: "GET",
        url: `/api/report/risorse-assegnate/?${PERIODO}&operatore_id=${s.verdi}`,
        headers: auth(report),
      })
    ).json().results;
    expect(ore[0]).toMatchObject({ fonte: "effettive", ore: 4 * H + 42 * 60 });

    // A check-out two days later is kept, counts nothing, and is said.
    ctx().setNow(new Date("2025-12-24T10:00:00+01:00"));
    const tardi = await login(s.verdi, "b.verdi", "2025-12-24T10:00:00+01:00");
    expect((await timbra(tardi, turno, "uscita", "2025-12-24T10:00:00+01:00")).statusCode).toBe(201);
    expect(await anomalie(s.verdi)).toContainEqual({ tipo: "fuori_turno", valore: 2 * 24 * 60 - 3 * 60 });
    const dopo = (
      await ctx().app.inject({
        method: "GET",
        url: `/api/report/risorse-assegnate/?${PERIODO}&operatore_id=${s.verdi}`,
        headers: auth(report),
      })
    ).json().results;
    expect(dopo[0]).toMatchObject({ fonte: "effettive", ore: 4 * H + 42 * 60 });
  });
});
