/**
 * Issue 33, privacy and offline tickets in the guards' app: the information notice on positions
 * (art. 13 GDPR, art. 4 L. 300/1970, Garante provv. n. 232 of 18 April 2018) is unacknowledged at
 * the first sign-in, its acknowledgement is recorded once per version with its audit entry; the
 * 'purga-posizioni' job erases the positions of check-ins older than POSITION_RETENTION_DAYS, once
 * across workers, keeping the check-ins; a ticket with the app's UUID opens once however often it
 * is sent. The notice's text is in the README.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { runDueJob } from "../../../server/lib/jobs";
import { PURGA_POSIZIONI_JOB } from "../../../server/modules/console/app/posizioni.job";
import { INFORMATIVA_VERSIONE, informativaPosizione } from "../../../src/domain/informativa-posizione";
import { auth, describeEachDb } from "../helpers/app";
import { consoleFixture, SITO } from "./console-fixture";

const NOW = new Date("2026-07-10T08:00:00Z");
const DAY = 24 * 3600_000;

describeEachDb("app delle guardie: informativa, conservazione delle posizioni, ticket offline", (ctx) => {
  const db = () => ctx().database.db;
  const fx = consoleFixture(ctx);
  const inject = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  let guardia: number;
  let token: string;

  beforeAll(async () => {
    ctx().setNow(NOW);
    guardia = await fx.operatore("Privacy", { applicazione: true });
    token = await fx.appToken(guardia, "privacy.guardia", { informativa: false });
  });
  afterAll(() => {
    ctx().setNow(null);
    delete process.env.POSITION_RETENTION_DAYS;
  });

  it("before the notice is acknowledged the server keeps no position: the check-in is recorded all the same, without it", async () => {
    const turno = await fx.turno({
      name: "prima",
      giorno: "2026-07-01",
      inizio: "08:00",
      fine: "16:00",
      assegnati: [guardia],
    });
    const before = NOW;
    ctx().setNow(new Date("2026-07-01T06:05:00Z"));
    const res = await inject("POST", "/api/app/timbrature/", token, {
      data: {
        id: "5a1c2a8e-4b7d-4f3a-9a51-2c0e8d7b1f34",
        turno_id: turno,
        tipo: "ingresso",
        data_ora: "2026-07-01T08:04:00+02:00",
        lat: 45.4642,
        lng: 9.19,
        accuratezza: 10,
      },
    });
    ctx().setNow(before);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ lat: null, lng: null, accuratezza: null });
    const row = await queryRows<{ lat: number | null }>(
      db(),
      sql`SELECT lat FROM app_timbrature WHERE client_id = '5a1c2a8e-4b7d-4f3a-9a51-2c0e8d7b1f34'`,
    );
    expect(row).toEqual([{ lat: null }]);
  });

  it("the notice is unacknowledged at the first sign-in; acknowledging it is recorded once and audited", async () => {
    const first = await inject("GET", "/api/app/informativa/", token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ versione: INFORMATIVA_VERSIONE, giorni_conservazione: 90, confermata_il: null });

    const stale = await inject("POST", "/api/app/informativa/", token, {
      data: { versione: INFORMATIVA_VERSIONE + 1 },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors.versione).toMatch(/aggiornata/);

    const ok = await inject("POST", "/api/app/informativa/", token, { data: { versione: INFORMATIVA_VERSIONE } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().confermata_il).toBe(NOW.toISOString());
    ctx().setNow(new Date(NOW.getTime() + 60_000));
    const again = await inject("POST", "/api/app/informativa/", token, { data: { versione: INFORMATIVA_VERSIONE } });
    expect(again.json().confermata_il).toBe(NOW.toISOString());
    ctx().setNow(NOW);

    const rows = await queryRows<{ versione: number }>(
      db(),
      sql`SELECT versione FROM app_informativa_conferme WHERE operatore_id = ${guardia}`,
    );
    expect(rows.map((r) => Number(r.versione))).toEqual([INFORMATIVA_VERSIONE]);
    const audit = await queryRows<{ note: string }>(
      db(),
      sql`SELECT note FROM log_entries WHERE content_type = 'operatore' AND object_id = ${String(guardia)} AND note LIKE 'Informativa%'`,
    );
    expect(audit.map((a) => a.note)).toEqual([
      `Informativa sulla posizione (versione ${INFORMATIVA_VERSIONE}) confermata dall'app da Mario Privacy`,
    ]);
    expect((await inject("GET", "/api/app/informativa/", token)).json().confermata_il).toBe(NOW.toISOString());
  });

  it("the job erases the positions older than POSITION_RETENTION_DAYS, once across workers, keeping the check-ins", async () => {
    const turno = await fx.turno({ name: "privacy", giorno: "2026-04-01", assegnati: [guardia] });
    const at = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();
    await fx.timbratura({ operatore: guardia, turno, tipo: "ingresso", at: at(91) });
    await fx.timbratura({ operatore: guardia, turno, tipo: "uscita", at: at(89) });
    await fx.timbratura({ operatore: guardia, turno, tipo: "ingresso", at: at(31) });
    const positions = () =>
      queryRows<{ lat: number | null; cancellata: string | null }>(
        db(),
        sql`SELECT lat, posizione_cancellata_il AS cancellata FROM app_timbrature
             WHERE turno_id = ${turno} ORDER BY data_ora`,
      );

    await db().execute(sql`UPDATE jobs SET next_run = '2000-01-01' WHERE name = 'purga-posizioni'`);
    const runs = await Promise.all([
      runDueJob(db(), PURGA_POSIZIONI_JOB, NOW, "worker-1"),
      runDueJob(db(), PURGA_POSIZIONI_JOB, NOW, "worker-2"),
    ]);
    expect(runs.filter(Boolean)).toEqual([
      { name: "purga-posizioni", result: "1 posizioni cancellate (conservazione 90 giorni)" },
    ]);
    expect((await positions()).map((p) => [p.lat === null ? null : Number(p.lat), p.cancellata !== null])).toEqual([
      [null, true],
      [SITO.lat, false],
      [SITO.lat, false],
    ]);
    // Not due again for an hour.
    expect(await runDueJob(db(), PURGA_POSIZIONI_JOB, new Date(NOW.getTime() + 60_000), "worker-1")).toBeUndefined();

    // A shorter retention, from the environment.
    process.env.POSITION_RETENTION_DAYS = "30";
    const later = new Date(NOW.getTime() + 3600_000);
    expect(await runDueJob(db(), PURGA_POSIZIONI_JOB, later, "worker-2")).toEqual({
      name: "purga-posizioni",
      result: "2 posizioni cancellate (conservazione 30 giorni)",
    });
    delete process.env.POSITION_RETENTION_DAYS;
    const left = await queryOne<{ n: number; senza: number }>(
      db(),
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE lat IS NULL AND lng IS NULL AND accuratezza IS NULL)::int AS senza
            FROM app_timbrature WHERE turno_id = ${turno}`,
    );
    expect([Number(left?.n), Number(left?.senza)]).toEqual([3, 3]);
  });

  it("a ticket with the app's UUID opens once however often it is sent; the same id with another text is a 409", async () => {
    const data = {
      id: "0b8f3c1e-7d2a-4e5b-9c6f-1a2b3c4d5e6f",
      tipo: "problema",
      oggetto: "Cancello rotto",
      testo: "Scritto offline nel seminterrato.",
    };
    const first = await inject("POST", "/api/app/ticket/", token, { data });
    expect(first.statusCode).toBe(201);
    const again = await inject("POST", "/api/app/ticket/", token, { data });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const reused = await inject("POST", "/api/app/ticket/", token, { data: { ...data, testo: "Altro" } });
    expect([reused.statusCode, reused.json().detail]).toEqual([409, "Identificativo già usato per un altro ticket"]);
    const n = await queryOne<{ n: number; audit: number }>(
      db(),
      sql`SELECT (SELECT count(*)::int FROM ticket_supporto WHERE operatore_id = ${guardia} AND oggetto = 'Cancello rotto') AS n,
                 (SELECT count(*)::int FROM log_entries WHERE content_type = 'ticket' AND object_id = ${String(first.json().id)}) AS audit`,
    );
    expect([Number(n?.n), Number(n?.audit)]).toEqual([1, 1]);
    // Without an id (older apps): each post opens a ticket.
    const { id: _id, ...senzaId } = data;
    expect((await inject("POST", "/api/app/ticket/", token, { data: senzaId })).statusCode).toBe(201);
    expect((await inject("POST", "/api/app/ticket/", token, { data: senzaId })).statusCode).toBe(201);
  });

  it("the README carries the notice's text", () => {
    const readme = fs.readFileSync(path.join(__dirname, "..", "..", "..", "README.md"), "utf8");
    for (const p of informativaPosizione()) expect(readme).toContain(p);
  });
});
