/**
 * `npm run erp -- app simulate` (issue 12 item 6) against a real listening server: a staff user's
 * day of assignments, each guard's credentials and sign-in, the scenario's check-ins through
 * /api/app/ — on time, 12 and 27 minutes late (with a ticket), 1.2 km away, missing, an early leave —
 * the anomalies they raise, the communications read; run again, it sends nothing twice.
 */
import { sql } from "drizzle-orm";
import { romeInstant, simulateAppDay, stableUuid } from "../../../server/app-simulate";
import { queryOne, queryRows } from "../../../server/db/query";
import { describeEachDb } from "../helpers/app";

const GIORNO = "2026-07-10";
const NOW = romeInstant(GIORNO, "18:00:00");

describeEachDb("app simulate", (ctx) => {
  const db = () => ctx().database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryOne<T>(db(), q)) as T;
  let url: string;
  let admin: { username: string; password: string };

  async function turno(cognome: string, inizio: string, applicazione = true) {
    const op = await one<{ id: number }>(
      sql`INSERT INTO operatori (nome, cognome, applicazione) VALUES ('Paolo', ${cognome}, ${applicazione}) RETURNING id`,
    );
    const t = await one<{ id: number }>(
      sql`WITH cl AS (INSERT INTO clienti (ragione_sociale, citta, prov) VALUES (${`Cliente ${cognome}`}, 'Milano', 'MI') RETURNING id),
               c AS (INSERT INTO contratti (titolo, cliente_id) SELECT 'Portierato', id FROM cl RETURNING id),
               s AS (INSERT INTO servizi (contratto_id, dal, al, lat, lng) SELECT id, ${GIORNO}::date, ${GIORNO}::date, 45.4642, 9.19 FROM c RETURNING id),
               g AS (INSERT INTO giorni (servizio_id, giorno) SELECT id, ${GIORNO}::date FROM s RETURNING id)
          INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
          SELECT id, ${inizio}::time, ${inizio}::time + interval '6 hours', (SELECT min(id) FROM posizioni) FROM g RETURNING id`,
    );
    const to = await one<{ id: number }>(
      sql`INSERT INTO turni_operatori (turno_id, operatore_id) VALUES (${t.id}, ${op.id}) RETURNING id`,
    );
    await db().execute(sql`INSERT INTO turni_operatori_periodi (turno_operatore_id, turno_id, operatore_id, periodo)
      VALUES (${to.id}, ${t.id}, ${op.id}, tstzrange((${GIORNO}::date + ${inizio}::time) AT TIME ZONE 'Europe/Rome',
                                                 (${GIORNO}::date + ${inizio}::time + interval '6 hours') AT TIME ZONE 'Europe/Rome'))`);
  }

  beforeAll(async () => {
    ctx().setNow(NOW);
    const user = await ctx().createUser({ permissions: ["admin"] });
    admin = { username: user.username, password: user.password };
    // in the order of the start: the scenario's steps
    await turno("Primo", "06:00");
    await turno("Secondo", "06:30");
    await turno("Terzo", "07:00");
    await turno("Quarto", "07:30");
    await turno("Quinto", "08:00");
    await turno("Sesto", "08:30");
    await turno("Settimo", "09:00");
    await turno("Senzapp", "06:15", false);
    await db().execute(
      sql`INSERT INTO comunicazioni (oggetto, testo, destinatari, inviata_il) VALUES ('Divise', 'In sede', 'tutti', now())`,
    );
    await db().execute(sql`INSERT INTO comunicazioni_destinatari (comunicazione_id, operatore_id)
      SELECT (SELECT max(id) FROM comunicazioni), id FROM operatori`);
    await ctx().app.listen({ port: 0, host: "127.0.0.1" });
    const address = ctx().app.server.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => ctx().setNow(null));

  const run = () => simulateAppDay({ url, day: GIORNO, ...admin, wait: false, now: () => NOW }, () => {});

  it("plays the day through /api/app/ and the server detects its anomalies", async () => {
    const summary = await run();
    expect(summary).toContain("Timbrature inviate: 12.");
    expect(summary).toContain("Ticket aperti: 1.");
    const rows = await queryRows<{ cognome: string; tipo: string; valore: number | null }>(
      db(),
      sql`SELECT o.cognome, a.tipo, a.valore FROM anomalie a JOIN operatori o ON o.id = a.operatore_id ORDER BY o.cognome, a.tipo`,
    );
    // Judged at their device times: the simulator's outbox says how long each waited (issue 30 item 1).
    expect(rows.filter((r) => r.tipo !== "sincronizzata_ritardo")).toEqual([
      { cognome: "Quarto", tipo: "mancato_ingresso", valore: 15 },
      { cognome: "Quarto", tipo: "ritardo", valore: 27 },
      { cognome: "Quinto", tipo: "distanza", valore: 1200 },
      { cognome: "Secondo", tipo: "uscita_anticipata", valore: 30 },
      { cognome: "Terzo", tipo: "ritardo", valore: 12 },
    ]);
    // All sent at 18:00, hours after they were made: each guard's longest wait is in front of the desk.
    const attese = rows.filter((r) => r.tipo === "sincronizzata_ritardo");
    expect(attese.map((r) => r.cognome)).toEqual(["Primo", "Quarto", "Quinto", "Secondo", "Settimo", "Terzo"]);
    expect(attese.every((r) => (r.valore ?? 0) > 60)).toBe(true);
    expect(summary).toContain(`Anomalie del ${GIORNO}: ${5 + attese.length}`);
    const ticket = await one<{ oggetto: string; cognome: string }>(
      sql`SELECT t.oggetto, o.cognome FROM ticket_supporto t JOIN operatori o ON o.id = t.operatore_id`,
    );
    expect(ticket).toEqual({ oggetto: `Ritardo del ${GIORNO}`, cognome: "Quarto" });
    const checkin = await one<{ client_id: string; sincronizzata_tardi: boolean }>(
      sql`SELECT w.client_id::text AS client_id, w.sincronizzata_tardi FROM app_timbrature w
            JOIN operatori o ON o.id = w.operatore_id WHERE o.cognome = 'Primo' AND w.tipo = 'ingresso'`,
    );
    expect(checkin.sincronizzata_tardi).toBe(true);
    expect(checkin.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stableUuid("x")).toBe(stableUuid("x"));
    const com = await one<{ consegnate: number; lette: number }>(
      sql`SELECT count(consegnata_il)::int AS consegnate, count(letta_il)::int AS lette FROM comunicazioni_destinatari`,
    );
    expect(com).toEqual({ consegnate: 7, lette: 4 });
  });

  it("run again, sends nothing twice", async () => {
    const before = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM app_timbrature`);
    const summary = await run();
    expect(summary).toContain("Timbrature inviate: 0.");
    expect(summary).toContain("Ticket aperti: 0.");
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM app_timbrature`)).n).toBe(before.n);
  });
});
