/**
 * report_ore_turni as the assignment reports' one table (migration 0660): a row per assignment with
 * its day, operator, service, contract, qualification and money, kept by the database. Whatever the
 * planners write — a price, a shift's qualification, a day's date, an assignment's ranges — the
 * reports answer what the live computation over assignments → shifts → days → services and the
 * contract's rates answers; and under two PostgreSQL transactions writing at once no update is lost.
 */
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";
import { buildScenario, H, PERIODO, type ReportScenario } from "./scenario";

interface Riga {
  id: number;
  giorno: string;
  qualifica: string;
  contratto: string;
  operatore: string;
  ore: number;
  ricavo: number | null;
  compenso: number | null;
}

describeEachDb("report_ore_turni: the assignments' facts", (ctx) => {
  let s: ReportScenario;
  let token: string;
  const get = async (url: string) => {
    const res = await ctx().app.inject({ method: "GET", url, headers: auth(token) });
    expect(res.statusCode).toBe(200);
    return res.json() as { results: Record<string, unknown>[]; count: number };
  };

  /** What the reports answer: every assignment of the period, ricavo from one report, compenso from the other. */
  const report = async (): Promise<Riga[]> => {
    const ricavi = (await get(`/api/report/ricavi-attivita/?${PERIODO}&page_size=1000&order_field=giorno`)).results;
    const compensi = (await get(`/api/report/compensi/?${PERIODO}&page_size=1000&order_field=giorno`)).results;
    const paga = new Map(compensi.map((r) => [r.id, r.compenso]));
    return ricavi
      .map((r) => ({
        id: r.id as number,
        giorno: r.giorno as string,
        qualifica: r.qualifica as string,
        contratto: r.contratto as string,
        operatore: r.operatore as string,
        ore: r.ore as number,
        ricavo: r.ricavo as number | null,
        compenso: paga.get(r.id) as number | null,
      }))
      .sort((a, b) => a.id - b.id);
  };

  /** The same from the source tables and the rates, as the reports computed it before 0660 (the bands are the database's). */
  const live = async (): Promise<Riga[]> => {
    const rows = await queryRows<Riga>(
      ctx().database.db,
      sql`SELECT a.id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, pz.descrizione AS qualifica, c.titolo AS contratto,
                 o.cognome || ' ' || o.nome AS operatore, (r.feriale_diurno + r.feriale_notturno + r.domenica_diurno
                 + r.domenica_notturno + r.festivo_diurno + r.festivo_notturno + r.festivo_domenica_diurno
                 + r.festivo_domenica_notturno)::float8 AS ore,
                 erp_importo_ore(b.b, cp.prezzo_orario, cp.maggiorazione_notturna, cp.maggiorazione_festiva,
                   cp.maggiorazione_domenicale)::float8 AS ricavo,
                 erp_importo_ore(b.b, cc.compenso_orario, cc.maggiorazione_notturna, cc.maggiorazione_festiva,
                   cc.maggiorazione_domenicale)::float8 AS compenso
            FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
            JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id
            JOIN posizioni pz ON pz.id = t.posizione_id JOIN operatori o ON o.id = a.operatore_id
            JOIN report_ore_turni r ON r.turno_operatore_id = a.id
            CROSS JOIN LATERAL (SELECT ARRAY[r.feriale_diurno, r.feriale_notturno, r.domenica_diurno, r.domenica_notturno,
              r.festivo_diurno, r.festivo_notturno, r.festivo_domenica_diurno, r.festivo_domenica_notturno]::integer[] AS b) b
            LEFT JOIN contratti_prezzi cp ON cp.contratto_id = s.contratto_id AND cp.posizione_id = t.posizione_id
            LEFT JOIN contratti_compensi cc ON cc.contratto_id = s.contratto_id AND cc.posizione_id = t.posizione_id
           WHERE g.giorno BETWEEN '2025-12-01' AND '2025-12-31'
           ORDER BY a.id`,
    );
    const num = (v: number | null) => (v === null ? null : Number(v));
    return rows.map((r) => ({ ...r, ore: Number(r.ore), ricavo: num(r.ricavo), compenso: num(r.compenso) }));
  };

  const natale24 = async () =>
    Number(
      (
        await queryRows<{ id: number }>(
          ctx().database.db,
          sql`SELECT a.id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
               WHERE g.giorno = '2025-12-24'`,
        )
      )[0].id,
    );

  beforeAll(async () => {
    s = await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["superadmin"] })).token;
  });

  it("follows a price, a pay, a shift's qualification, a day's date and an assignment's ranges", async () => {
    const db = ctx().database;
    expect(await report()).toEqual(await live());
    expect((await report()).map((r) => r.ricavo)).toEqual([176, 208, null]);

    await db.exec(`UPDATE contratti_prezzi SET prezzo_orario = 30 WHERE contratto_id = ${s.natale}`);
    await db.exec(`UPDATE contratti_compensi SET compenso_orario = 12 WHERE contratto_id = ${s.natale}`);
    expect((await report()).map((r) => r.ricavo)).toEqual([264, 312, null]);
    expect(await report()).toEqual(await live());

    // The shift of the 24th becomes a guard's: no price, no pay for that qualification.
    await db.exec(`UPDATE turni SET posizione_id = (SELECT id FROM posizioni WHERE descrizione <> 'Steward' ORDER BY id LIMIT 1)
                    WHERE id = (SELECT turno_id FROM turni_operatori WHERE id = ${await natale24()})`);
    const dopo = await report();
    expect(dopo[0]).toEqual(expect.objectContaining({ giorno: "2025-12-24", ricavo: null, compenso: null }));
    expect(dopo[0].qualifica).not.toBe("Steward");
    expect(dopo).toEqual(await live());

    // The day of the warehouse's shift moves; its client's contract is now the Christmas one.
    await db.exec("UPDATE giorni SET giorno = date '2025-12-23' WHERE giorno = date '2025-12-22'");
    await db.exec(
      `UPDATE servizi SET contratto_id = ${s.natale} WHERE contratto_id = ${s.magazzino} AND descrizione = 'Ingresso merci'`,
    );
    expect((await report())[2]).toEqual(
      expect.objectContaining({ giorno: "2025-12-23", contratto: "Vigilanza natalizia" }),
    );
    expect(await report()).toEqual(await live());

    // Ranges removed: zero hours, zero money at a price (as before 0660: an assignment without ranges counts nothing).
    await db.exec(
      `DELETE FROM turni_operatori_periodi WHERE turno_operatore_id = (SELECT max(id) FROM turni_operatori)`,
    );
    expect((await report())[2]).toEqual(expect.objectContaining({ ore: 0, ricavo: 0 }));
    expect(await report()).toEqual(await live());
    const gruppi = await get(`/api/report/ricavi-attivita/?${PERIODO}&group_by=contratto`);
    expect(gruppi.results).toEqual([
      expect.objectContaining({ contratto: "Vigilanza natalizia", count: 3, ore: 16 * H }),
    ]);
  });

  it("groups per key then per name: two operators with the same name are one group", async () => {
    const db = ctx().database;
    await db.exec(`UPDATE operatori SET cognome = 'Rossi', nome = 'Anna' WHERE id = ${s.verdi}`);
    const perOperatore = await get(`/api/report/risorse-assegnate/?${PERIODO}&group_by=operatore`);
    expect(perOperatore.count).toBe(1);
    expect(perOperatore.results).toEqual([expect.objectContaining({ operatore: "Rossi Anna", count: 3 })]);
    const righe = await live();
    const perCliente = await get(`/api/report/compensi/?${PERIODO}&group_by=cliente`);
    expect(perCliente.results).toEqual([
      expect.objectContaining({ count: 3, compenso: righe.reduce((t, r) => t + (r.compenso ?? 0), 0) }),
    ]);
  });

  it("two transactions — a price and an assignment's hours — both land in the money (PostgreSQL)", async () => {
    const url = ctx().database.superuserUrl;
    if (ctx().kind !== "postgres" || !url) return; // PGlite has one connection: no concurrent writers
    const c1 = new Client({ connectionString: url });
    const c2 = new Client({ connectionString: url });
    await c1.connect();
    await c2.connect();
    try {
      const id = await natale24();
      // The shift goes back to the steward's price (test above changed it).
      await c2.query(
        `UPDATE turni SET posizione_id = (SELECT id FROM posizioni WHERE descrizione = 'Steward')
          WHERE id = (SELECT turno_id FROM turni_operatori WHERE id = $1)`,
        [id],
      );
      await report();
      // 1: an assignment's hours change in an open transaction while the price changes and commits.
      await c1.query("BEGIN");
      await c1.query(
        `UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), upper(periodo) - interval '1 hour')
          WHERE turno_operatore_id = $1`,
        [id],
      );
      await c2.query(`UPDATE contratti_prezzi SET prezzo_orario = 40 WHERE contratto_id = ${s.natale}`);
      // A reader meanwhile waits for the assignment's writer at most (its re-pricing locks the row).
      const lettura = report();
      await new Promise((r) => setTimeout(r, 200));
      await c1.query("COMMIT");
      await lettura;
      expect(await report()).toEqual(await live());
      // 2: the price changes in an open transaction while the hours change and commit.
      await c1.query("BEGIN");
      await c1.query(`UPDATE contratti_prezzi SET prezzo_orario = 50 WHERE contratto_id = ${s.natale}`);
      await c2.query(
        `UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), upper(periodo) + interval '1 hour')
          WHERE turno_operatore_id = $1`,
        [id],
      );
      expect((await report()).find((r) => r.id === id)?.ore).toBe(8 * H);
      await c1.query("COMMIT");
      const finale = await report();
      expect(finale).toEqual(await live());
      expect(finale.find((r) => r.id === id)?.ricavo).toBe(440); // 4 h × 50 + 2 h × 55 + 2 h × 65
    } finally {
      await c1.end();
      await c2.end();
    }
  });
});
