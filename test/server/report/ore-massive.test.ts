/**
 * report_ore_turni written for many assignments at once (migration 0904): a call of
 * report_ore_turni_aggiorna with more than 100 ids plans its statements for that array (custom plans)
 * instead of 0891's kept generic plan. The rows it writes are the ones the one-assignment path writes
 * — each assignment rewritten alone gives them back unchanged — and the plan mode it switches to
 * holds for the call only.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../pianificazione/fixtures";

const P = "/api/pianificazione";

describeEachDb("report_ore_turni: many assignments in one write", (ctx) => {
  let turni: number[];

  beforeAll(async () => {
    const t = ctx();
    const db = t.database.db;
    const token = (await t.createUser({ permissions: ["erp_contratti"] })).token;
    const req = async (url: string, data: unknown) => {
      const res = await t.app.inject({ method: "POST", url, headers: auth(token), payload: { data } });
      if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      return res.json();
    };
    const steward = await posizioneId(db, "Steward");
    // Milano: Sant'Ambrogio (7/12) is a holiday there; the period holds Christmas, Easter and 25/4.
    const cliente = await createCliente(db, "Fiera Lunga S.p.A.");
    const contratto = (await req(`${P}/contratti/`, { titolo: "Presidio stagionale", cliente })).id;
    await req(`${P}/contratti/${contratto}/servizi/`, {
      dal: "2025-12-01",
      al: "2026-04-30",
      descrizione: "Padiglioni",
      turni: [
        { inizio_f1: "18:00", fine_f1: "02:00", posizione: steward },
        { inizio_f1: "08:00", fine_f1: "12:00", inizio_f2: "14:00", fine_f2: "18:00", posizione: steward },
      ],
    });
    const operatori = [];
    for (const cognome of ["Neri", "Bianchi"])
      operatori.push(
        await createOperatore(db, { cognome, posizioni: [steward], documenti: [{ tipo: "attestato_steward" }] }),
      );
    // Every shift of the 151 days given an operator in one statement with its ranges (as the scale
    // seed writes them): the ranges' trigger rewrites 302 assignments in one call.
    await t.database.exec(`
      WITH a AS (
        INSERT INTO turni_operatori (turno_id, operatore_id, confermato)
        SELECT t.id, (ARRAY[${operatori.join(",")}])[1 + (t.inizio_f2 IS NOT NULL)::int], false
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        WHERE s.contratto_id = ${contratto}
        RETURNING id, turno_id, operatore_id)
      INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
      SELECT a.id, a.turno_id, a.operatore_id, r.periodo
      FROM a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
      CROSS JOIN LATERAL (
        SELECT tstzrange((g.giorno + t.inizio_f1) AT TIME ZONE 'Europe/Rome',
                         (g.giorno + (t.fine_f1 <= t.inizio_f1)::int + t.fine_f1) AT TIME ZONE 'Europe/Rome', '[)') AS periodo
        UNION ALL
        SELECT tstzrange((g.giorno + t.inizio_f2) AT TIME ZONE 'Europe/Rome', (g.giorno + t.fine_f2) AT TIME ZONE 'Europe/Rome', '[)')
        WHERE t.inizio_f2 IS NOT NULL) r`);
    turni = (
      await queryRows<{ id: number }>(
        db,
        sql`SELECT a.id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
            JOIN servizi s ON s.id = g.servizio_id WHERE s.contratto_id = ${contratto} ORDER BY a.id`,
      )
    ).map((r) => Number(r.id));
  });

  const righe = async () =>
    queryRows<Record<string, unknown>>(
      ctx().database.db,
      sql`SELECT turno_operatore_id, giorno::text, operatore_id, fonte, pianificate, feriale_diurno, feriale_notturno,
                 domenica_diurno, domenica_notturno, festivo_diurno, festivo_notturno, festivo_domenica_diurno,
                 festivo_domenica_notturno
            FROM report_ore_turni WHERE turno_operatore_id = ANY (${`{${turni.join(",")}}`}::integer[])
           ORDER BY turno_operatore_id`,
    );

  it("writes for each assignment what the one-assignment rewrite writes", async () => {
    expect(turni).toHaveLength(302);
    const insieme = await righe();
    expect(insieme).toHaveLength(302);
    // Planned hours on every row; holidays among them (Sant'Ambrogio, Christmas, Easter Monday, 25/4).
    expect(insieme.every((r) => r.fonte === "pianificate" && Number(r.pianificate) > 0)).toBe(true);
    expect(insieme.filter((r) => Number(r.festivo_diurno) + Number(r.festivo_notturno) > 0).length).toBeGreaterThan(8);
    for (const id of turni)
      await ctx().database.db.execute(sql`SELECT report_ore_turni_aggiorna(ARRAY[${id}]::integer[])`);
    expect(await righe()).toEqual(insieme);
  });

  it("the plan mode of a many-assignment call holds for the call only", async () => {
    const prima = await ctx().database.db.transaction(async (tx) => {
      const p = await queryOne<{ modo: string }>(tx, sql`SELECT current_setting('plan_cache_mode') AS modo`);
      await tx.execute(sql`SELECT report_ore_turni_aggiorna(${`{${turni.join(",")}}`}::integer[])`);
      const d = await queryOne<{ modo: string }>(tx, sql`SELECT current_setting('plan_cache_mode') AS modo`);
      return { p: p?.modo, d: d?.modo };
    });
    expect(prima.d).toBe(prima.p);
    expect(prima.d).not.toBe("force_custom_plan");
  });
});
