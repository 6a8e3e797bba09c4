/**
 * The anomalies list describes every kind as the detail does (descriviAnomalia): the list's SQL
 * had no sentence for the kinds of issue 30 item 1 and called them "turno non assegnato".
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import { ANOMALIA_TIPI, descriviAnomalia } from "../../../src/domain/contracts/console/anomalie/schemas";
import { auth, describeEachDb } from "../helpers/app";

describeEachDb("anomalie: descrizioni", (ctx) => {
  it("gives every kind the detail's sentence", async () => {
    const db = ctx().database.db;
    const one = async (q: ReturnType<typeof sql>) => (await queryOne<{ id: number }>(db, q))?.id as number;
    const op = await one(sql`INSERT INTO operatori (nome, cognome) VALUES ('Ugo', 'Tipi') RETURNING id`);
    const cl = await one(
      sql`INSERT INTO clienti (ragione_sociale, citta, prov) VALUES ('Tipi S.p.A.', 'Milano', 'MI') RETURNING id`,
    );
    const co = await one(sql`INSERT INTO contratti (titolo, cliente_id) VALUES ('Tipi', ${cl}) RETURNING id`);
    const se = await one(
      sql`INSERT INTO servizi (contratto_id, dal, al) VALUES (${co}, '2026-07-10', '2026-07-10') RETURNING id`,
    );
    const gi = await one(sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${se}, '2026-07-10') RETURNING id`);
    const tu = await one(sql`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
      VALUES (${gi}, '08:00', '14:00', (SELECT min(id) FROM posizioni)) RETURNING id`);
    // The kinds of a guard tour (issue 34) belong to a round.
    const piano = await one(sql`INSERT INTO ronde_piani (servizio_id, nome, ogni_minuti, dalle, alle)
      VALUES (${se}, 'Giro', 60, '08:00', '14:00') RETURNING id`);
    const ronda =
      await one(sql`INSERT INTO ronde (piano_id, servizio_id, cliente_id, turno_id, previsto_il, fine_finestra,
                                                   tolleranza_minuti, ordinata, punti)
      VALUES (${piano}, ${se}, ${cl}, ${tu}, '2026-07-10T08:00:00Z', '2026-07-10T09:00:00Z', 15, false, '[]') RETURNING id`);
    for (const tipo of ANOMALIA_TIPI)
      await db.execute(sql`INSERT INTO anomalie (turno_id, operatore_id, tipo, data_ora, rilevata_il, valore, ronda_id)
        VALUES (${tu}, ${op}, ${tipo}, '2026-07-10T08:00:00Z', '2026-07-10T08:00:00Z', 7,
                ${tipo.startsWith("ronda_") ? ronda : null}::int)`);
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const res = await ctx().app.inject({
      method: "GET",
      url: `/api/comunicazioni/anomalie/?operatore_id=${op}&page_size=50`,
      headers: auth(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const got = Object.fromEntries(
      (res.json().results as { tipo: string; descrizione: string }[]).map((r) => [r.tipo, r.descrizione]),
    );
    expect(got).toEqual(Object.fromEntries(ANOMALIA_TIPI.map((t) => [t, descriviAnomalia(t, 7)])));
  });
});
