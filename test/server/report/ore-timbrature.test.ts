/**
 * Worked hours from the Console's check-ins (migration 0650): report_ore_turni takes the worked
 * bands when an assignment's app_timbrature are complete, the planned ones otherwise, and the
 * reports (hours, pay, revenue) say which. The pairing in SQL — only the check-ins within the shift
 * (migration 0690) — equals periodiLavorati of src/domain/hours/checkins.ts on 150 pseudo-random
 * sequences of check-ins, many of them outside the shift.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { periodiLavorati, type Timbratura } from "../../../src/domain/hours/checkins";
import { FASCE, type Fascia, hasWorkedHours, splitHours } from "../../../src/domain/hours/split";
import { rng } from "../../src/domain/hours/random-shifts";
import { auth, describeEachDb } from "../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "./scenario";

const TURNO_VIGILIA = {
  inizio: Date.parse("2025-12-24T18:00:00+01:00"),
  fine: Date.parse("2025-12-25T02:00:00+01:00"),
};

describeEachDb("report worked hours from check-ins", (ctx) => {
  let s: ReportScenario;
  let token: string;
  /** Rossi's assignment of 24/12/2025 (18:00–02:00 planned: 4 h diurne, 2 h notturne, 2 h festive). */
  let vigilia: { id: number; turno_id: number };
  const get = (url: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });
  const timbra = async (rows: { tipo: string; at: string }[]) => {
    const { database } = ctx();
    await database.exec(`DELETE FROM app_timbrature WHERE turno_id = ${vigilia.turno_id}`);
    if (!rows.length) return;
    await database.exec(`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il,
        lat, lng, accuratezza, sincronizzata_tardi, assegnato) VALUES ${rows
          .map(
            (r) =>
              `(${s.rossi}, gen_random_uuid(), ${vigilia.turno_id}, '${r.tipo}', '${r.at}', '${r.at}', 45.46, 9.19, 10, false, true)`,
          )
          .join(", ")}`);
  };
  const bands = async () =>
    (
      await queryRows<Record<Fascia, number> & { fonte: string; pianificate: number }>(
        ctx().database.db,
        sql`SELECT * FROM report_ore_turni WHERE turno_operatore_id = ${vigilia.id}`,
      )
    )[0];

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (
      await ctx().createUser({
        permissions: [
          "erp_risorse-assegnate",
          "erp_compensi",
          "erp_compensi_compensi",
          "erp_ricavi-attivita",
          "erp_ricavi-attivita_ricavi",
        ],
      })
    ).token;
    vigilia = (
      await queryRows<{ id: number; turno_id: number }>(
        ctx().database.db,
        sql`SELECT a.id, a.turno_id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id
             JOIN giorni g ON g.id = t.giorno_id WHERE a.operatore_id = ${s.rossi} AND g.giorno = '2025-12-24'`,
      )
    )[0];
  });

  afterEach(() => timbra([]));

  it("complete check-ins make the hours, pay and revenue worked; the planned hours stay beside them", async () => {
    // 17:30–01:00 Rome: 4 h 30 diurne, 2 h notturne, 1 h festive (Christmas from 00:00).
    await timbra([
      { tipo: "ingresso", at: "2025-12-24T17:30:00+01:00" },
      { tipo: "uscita", at: "2025-12-25T01:00:00+01:00" },
    ]);
    const url = `?${PERIODO}&operatore_id=${s.rossi}&order_field=giorno`;
    const ore = (await get(`/api/report/risorse-assegnate/${url}`)).json().results;
    expect(ore[0]).toEqual(
      expect.objectContaining({
        giorno: "2025-12-24",
        fonte: "effettive",
        ore_pianificate: 8 * H,
        ore: 7.5 * H,
        diurne: 4.5 * H,
        notturne: 2 * H,
        festive: 1 * H,
      }),
    );
    expect(ore[1]).toEqual(expect.objectContaining({ giorno: "2025-12-25", fonte: "pianificate", ore: 8 * H }));
    // pay 10 €/h × 7,5 h; revenue 20 €/h: 4,5 × 20 + 2 × 22 + 1 × 26 = 160 €.
    const pay = (await get(`/api/report/compensi/${url}`)).json().results[0];
    expect(pay).toEqual(expect.objectContaining({ fonte: "effettive", compenso: 75 }));
    const rev = (await get(`/api/report/ricavi-attivita/${url}`)).json().results[0];
    expect(rev).toEqual(expect.objectContaining({ fonte: "effettive", ricavo: 160 }));
    const byFonte = (await get(`/api/report/risorse-assegnate/?${PERIODO}&group_by=fonte`)).json().results;
    expect(byFonte).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fonte: "effettive", count: 1, ore: 7.5 * H, ore_pianificate: 8 * H }),
        expect.objectContaining({ fonte: "pianificate", count: 2, ore: 12 * H }),
      ]),
    );
  });

  it("a check-in without its check-out keeps the planned hours; the check-out makes them worked", async () => {
    await timbra([{ tipo: "ingresso", at: "2025-12-24T18:05:00+01:00" }]);
    expect(await bands()).toEqual(expect.objectContaining({ fonte: "pianificate", pianificate: 8 * H }));
    await ctx().database.exec(`INSERT INTO app_timbrature (operatore_id, client_id, turno_id, tipo, data_ora,
      ricevuta_il, lat, lng, accuratezza, sincronizzata_tardi, assegnato) VALUES (${s.rossi}, gen_random_uuid(),
      ${vigilia.turno_id}, 'uscita', '2025-12-24T22:05:00+01:00', now(), 45.46, 9.19, 10, false, true)`);
    expect(await bands()).toEqual(
      expect.objectContaining({ fonte: "effettive", pianificate: 8 * H, feriale_diurno: 3 * 3600 + 55 * 60 }),
    );
    await ctx().database.exec(`DELETE FROM app_timbrature WHERE tipo = 'uscita' AND turno_id = ${vigilia.turno_id}`);
    expect(await bands()).toEqual(expect.objectContaining({ fonte: "pianificate", feriale_diurno: 4 * H }));
  });

  it("a change of the planned times keeps the worked bands and updates the planned seconds", async () => {
    await timbra([
      { tipo: "ingresso", at: "2025-12-24T18:00:00+01:00" },
      { tipo: "uscita", at: "2025-12-24T20:00:00+01:00" },
    ]);
    await ctx().database.exec(`UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), lower(periodo) + interval '3 hours')
      WHERE turno_operatore_id = ${vigilia.id}`);
    expect(await bands()).toEqual(
      expect.objectContaining({ fonte: "effettive", pianificate: 3 * H, feriale_diurno: 2 * H }),
    );
    await ctx().database.exec(`UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), lower(periodo) + interval '8 hours')
      WHERE turno_operatore_id = ${vigilia.id}`);
  });

  it("pairs check-ins like periodiLavorati (150 pseudo-random sequences: retries, gaps, split shifts)", async () => {
    const r = rng(13);
    const base = Date.parse("2025-12-24T17:00:00+01:00");
    const planned = await bands();
    const seen = { effettive: 0, pianificate: 0 };
    for (let n = 0; n < 150; n++) {
      let at = base + Math.floor(r() * 3_600_000);
      const seq: (Timbratura & { at: string })[] = Array.from({ length: Math.floor(r() * 6) }, () => {
        at += Math.floor(r() * 4 * 3_600_000) + (r() < 0.1 ? 0 : 1);
        const tipo = r() < 0.5 ? "ingresso" : "uscita";
        return { tipo, data_ora: at, at: new Date(at).toISOString() };
      });
      await timbra(seq);
      // Only those within the shift (18:00–02:00 planned, ± TOLLERANZA_TURNO_MINUTI) count.
      const periodi = periodiLavorati(seq, TURNO_VIGILIA);
      const row = await bands();
      seen[row.fonte as keyof typeof seen]++;
      if (hasWorkedHours(periodi)) {
        const attesa = splitHours(periodi).fasce;
        expect({ n, fonte: row.fonte, fasce: pick(row) }).toEqual({ n, fonte: "effettive", fasce: attesa });
      } else {
        expect({ n, fonte: row.fonte, fasce: pick(row) }).toEqual({ n, fonte: "pianificate", fasce: pick(planned) });
      }
    }
    expect(seen.effettive).toBeGreaterThan(20);
    expect(seen.pianificate).toBeGreaterThan(20);
  });
});

const pick = (row: Record<string, unknown>) => Object.fromEntries(FASCE.map((f) => [f, Number(row[f])]));
