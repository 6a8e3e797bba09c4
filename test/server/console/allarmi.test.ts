/**
 * The guards' alarms (SOS, issue 33 item 6): sent from /api/app/allarmi/ — idempotent by the app's
 * id, device and server time, position or none, silent flag, the shift the guard is on —; the desk's
 * list, take ("preso in carico", first wins) and close, each audited; who may (erp_allarmi and the
 * admins, nobody else); the header's live wait answered by the NOTIFY of a new or taken alarm, also
 * when it reaches ANOTHER server process (PostgreSQL); the escalation job, once, mailing the admins.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../server/db/query";
import { runDueJob } from "../../../server/lib/jobs";
import { ESCALATION_ALLARMI_JOB } from "../../../server/modules/console/allarmi/allarmi.job";
import { auth, describeEachDb, describeTwoProcesses, memoryMailer, testConfig } from "../helpers/app";
import { testDbKinds } from "../setup/paths";
import { consoleFixture, SITO } from "./console-fixture";

const GIORNO = "2026-07-10";
const at = (hhmm: string) => new Date(`${GIORNO}T${hhmm}:00+02:00`);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function sos(n: number, hhmm: string, over: Record<string, unknown> = {}) {
  return {
    data: {
      id: uuid(n),
      data_ora: at(hhmm).toISOString(),
      lat: SITO.lat,
      lng: SITO.lng,
      accuratezza: 14,
      silenzioso: false,
      ...over,
    },
  };
}

describeEachDb("allarmi", (ctx) => {
  const db = () => ctx().database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryOne<T>(db(), q)) as T;
  const inject = (method: "GET" | "POST", url: string, token: string, payload?: object) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
  const fx = consoleFixture(ctx);
  let russo: number;
  let guardia: string;
  let altra: string;
  let turno: number;
  let desk: { id: number; token: string };
  let collega: { id: number; token: string };
  let senza: { id: number; token: string };

  beforeAll(async () => {
    russo = await fx.operatore("Russo", { nome: "Giuseppe", applicazione: true });
    const bianchi = await fx.operatore("Bianchi", { applicazione: true });
    turno = await fx.turno({ name: "banca", giorno: GIORNO, inizio: "20:00", fine: "23:00", assegnati: [russo] });
    guardia = await fx.appToken(russo, "g.russo");
    altra = await fx.appToken(bianchi, "m.bianchi");
    desk = await ctx().createUser({ permissions: ["erp_allarmi"], nome: "Lucia", cognome: "Neri" });
    collega = await ctx().createUser({ permissions: ["erp_allarmi"], nome: "Paolo", cognome: "Verdi" });
    senza = await ctx().createUser({ permissions: ["erp_anomalie", "erp_ticket-supporto"] });
  });

  it("records an SOS once per app id, with the phone's and the server's time and the shift the guard is on", async () => {
    ctx().setNow(at("21:15"));
    const res = await inject("POST", "/api/app/allarmi/", guardia, sos(1, "21:14"));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: uuid(1),
      stato: "aperto",
      data_ora: `${GIORNO} 21:14:00`,
      ricevuto_il: `${GIORNO} 21:15:00`,
      silenzioso: false,
      preso_da: null,
      preso_il: null,
    });
    // The outbox sends it again: the same answer, nothing new.
    const again = await inject("POST", "/api/app/allarmi/", guardia, sos(1, "21:14"));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    // The same id for another SOS is refused.
    expect((await inject("POST", "/api/app/allarmi/", guardia, sos(1, "21:10"))).statusCode).toBe(409);
    const rows = await queryRows<{ turno_id: number; lat: number; silenzioso: boolean }>(
      db(),
      sql`SELECT turno_id, lat, silenzioso FROM allarmi WHERE operatore_id = ${russo}`,
    );
    expect(rows).toEqual([{ turno_id: turno, lat: SITO.lat, silenzioso: false }]);
    const log = await one<{ note: string; n: number }>(
      sql`SELECT max(note) AS note, count(*)::int AS n FROM log_entries WHERE content_type = 'allarme'`,
    );
    expect(log).toEqual({ n: 1, note: "SOS dall'app di Giuseppe Russo" });
  });

  it("records a silent SOS without a position, and refuses a half position or a phone clock in the future", async () => {
    ctx().setNow(at("23:40"));
    const res = await inject(
      "POST",
      "/api/app/allarmi/",
      altra,
      sos(2, "23:39", { lat: null, lng: null, accuratezza: null, silenzioso: true }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().silenzioso).toBe(true);
    const row = await one<{ turno_id: number | null; lat: number | null }>(
      sql`SELECT turno_id, lat FROM allarmi WHERE client_id = ${uuid(2)}::uuid`,
    );
    expect(row).toEqual({ turno_id: null, lat: null });
    const half = await inject("POST", "/api/app/allarmi/", altra, sos(3, "23:39", { lng: null }));
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.lat).toBe(
      "Posizione incompleta: latitudine, longitudine e accuratezza insieme, o nessuna",
    );
    const future = await inject("POST", "/api/app/allarmi/", altra, sos(4, "23:59"));
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.data_ora).toBe("La data e ora del dispositivo è nel futuro");
    expect((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM allarmi`)).n).toBe(2);
  });

  it("lets only erp_allarmi and the admins see or take alarms; a guard reads only their own", async () => {
    expect((await inject("GET", "/api/comunicazioni/allarmi/", senza.token)).statusCode).toBe(403);
    expect((await inject("GET", "/api/comunicazioni/allarmi/aperti/", senza.token)).statusCode).toBe(403);
    const id = (await one<{ id: number }>(sql`SELECT id FROM allarmi WHERE client_id = ${uuid(1)}::uuid`)).id;
    expect((await inject("POST", `/api/comunicazioni/allarmi/${id}/prendi/`, senza.token)).statusCode).toBe(403);
    // A staff token does not open the app's API, an app token not the desk's.
    expect((await inject("POST", "/api/app/allarmi/", desk.token, sos(9, "21:00"))).statusCode).toBe(401);
    expect((await inject("GET", "/api/comunicazioni/allarmi/", guardia)).statusCode).toBe(401);
    expect((await inject("GET", `/api/app/allarmi/${uuid(1)}/`, altra)).statusCode).toBe(404);
    const admin = await ctx().createUser({ permissions: ["admin"] });
    expect((await inject("GET", "/api/comunicazioni/allarmi/", admin.token)).statusCode).toBe(200);
    expect(await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM allarmi WHERE stato <> 'aperto'`)).toEqual({
      n: 0,
    });
  });

  it("lists alarms newest first with filters", async () => {
    const res = await inject("GET", "/api/comunicazioni/allarmi/", desk.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json().results as Record<string, unknown>[];
    expect(rows.map((r) => [r.operatore, r.stato, r.silenzioso, r.cliente, r.posizione])).toEqual([
      ["Mario Bianchi", "aperto", true, "", "Posizione non disponibile"],
      ["Giuseppe Russo", "aperto", false, "Cliente banca", "45.4642, 9.19 (±14 m)"],
    ]);
    const silenziosi = await inject("GET", "/api/comunicazioni/allarmi/?silenzioso=true", desk.token);
    expect(silenziosi.json().results).toHaveLength(1);
  });

  it("takes an alarm once (the second desk is told who), shows 'ricevuto da' to the guard, closes it, all audited", async () => {
    const id = (await one<{ id: number }>(sql`SELECT id FROM allarmi WHERE client_id = ${uuid(1)}::uuid`)).id;
    ctx().setNow(at("21:16"));
    const [a, b] = await Promise.all([
      inject("POST", `/api/comunicazioni/allarmi/${id}/prendi/`, desk.token),
      inject("POST", `/api/comunicazioni/allarmi/${id}/prendi/`, collega.token),
    ]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(won.statusCode).toBe(200);
    expect(lost.statusCode).toBe(409);
    const taker = won === a ? "Lucia Neri" : "Paolo Verdi";
    expect(lost.json().detail).toBe(`Allarme già preso in carico da ${taker}`);
    expect(won.json()).toMatchObject({ stato: "preso_in_carico", preso_il: `${GIORNO} 21:16:00` });
    expect(won.json().preso_da.full_name).toBe(taker);
    expect(won.json().turno).toMatchObject({ id: turno, cliente: "Cliente banca", inizio: "20:00:00" });
    const phone = await inject("GET", `/api/app/allarmi/${uuid(1)}/`, guardia);
    expect(phone.json()).toMatchObject({ stato: "preso_in_carico", preso_da: taker, preso_il: `${GIORNO} 21:16:00` });

    ctx().setNow(at("21:30"));
    const closed = await inject("POST", `/api/comunicazioni/allarmi/${id}/chiudi/`, desk.token, {
      data: { note: "Guardia raggiunta, tutto a posto" },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      stato: "chiuso",
      chiuso_il: `${GIORNO} 21:30:00`,
      note: "Guardia raggiunta, tutto a posto",
    });
    expect(
      (await inject("POST", `/api/comunicazioni/allarmi/${id}/chiudi/`, desk.token, { data: {} })).statusCode,
    ).toBe(409);
    const log = await queryRows<{ note: string; utente_id: number | null }>(
      db(),
      sql`SELECT note, utente_id FROM log_entries WHERE content_type = 'allarme' AND object_id = ${String(id)} ORDER BY seq`,
    );
    expect(log.map((l) => l.note)).toEqual([
      "SOS dall'app di Giuseppe Russo",
      "Allarme di Giuseppe Russo preso in carico",
      "Allarme di Giuseppe Russo chiuso",
    ]);
    expect(log[2].utente_id).toBe(desk.id);
    const trail = await inject("GET", `/api/log/allarme/${id}/`, desk.token);
    expect(trail.statusCode).toBe(200);
    expect(trail.json().count).toBe(3);
  });

  it("answers the header's wait when an alarm arrives (NOTIFY), and at once when the version is not the caller's", async () => {
    const first = await inject("GET", "/api/comunicazioni/allarmi/aperti/", desk.token);
    expect(first.statusCode).toBe(200);
    const { versione, results } = first.json();
    expect(results.map((a: { operatore: { full_name: string } }) => a.operatore.full_name)).toEqual(["Mario Bianchi"]);
    const started = Date.now();
    const waiting = inject("GET", `/api/comunicazioni/allarmi/aperti/?versione=${versione}`, desk.token);
    await new Promise((r) => setTimeout(r, 300));
    ctx().setNow(at("23:45"));
    expect((await inject("POST", "/api/app/allarmi/", guardia, sos(5, "23:45"))).statusCode).toBe(201);
    const answer = await waiting;
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.json().results.map((a: { operatore: { full_name: string } }) => a.operatore.full_name)).toEqual([
      "Mario Bianchi",
      "Giuseppe Russo",
    ]);
  });

  it("escalates an alarm nobody took in ALARM_ESCALATION_MINUTES: one mail per admin, once, marked and audited", async () => {
    const admin = await ctx().createUser({ permissions: ["admin"], email: "capo.turno@example.it" });
    await ctx().createUser({ permissions: ["admin"], email: "spento@example.it", attivo: false });
    const env = { mailer: memoryMailer(), config: testConfig() };
    await db().execute(sql`UPDATE jobs SET next_run = '2000-01-01' WHERE name = 'escalation-allarmi'`);
    // 23:45's alarm is 1 minute old at 23:46: not yet; 23:40's (Bianchi's) is 6 minutes old.
    const run = await runDueJob(db(), ESCALATION_ALLARMI_JOB, at("23:46"), "test", env);
    const admins = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE attivo AND permissions && '{superadmin,admin,erp_admin}' AND email <> ''`,
    );
    expect(run).toEqual({ name: "escalation-allarmi", result: `1 allarmi inoltrati a ${admins.n} amministratori` });
    const mine = env.mailer.sent.find((m) => m.to === "capo.turno@example.it");
    expect(mine?.subject).toBe("Vigilanza ERP - SOS non preso in carico: Mario Bianchi");
    expect(mine?.text).toContain("non è stato preso in carico entro 2 minuti");
    expect(mine?.text).toContain("Posizione non disponibile");
    expect(env.mailer.sent.some((m) => m.to === "spento@example.it")).toBe(false);
    expect(admin.id).toBeGreaterThan(0);
    const marked = await queryRows<{ client_id: string }>(
      db(),
      sql`SELECT client_id::text FROM allarmi WHERE escalato_il IS NOT NULL`,
    );
    expect(marked).toEqual([{ client_id: uuid(2) }]);
    // Due again four minutes later: only the 23:45 one, the first is not mailed again.
    const sent = env.mailer.sent.length;
    await db().execute(sql`UPDATE jobs SET next_run = '2000-01-01' WHERE name = 'escalation-allarmi'`);
    await runDueJob(db(), ESCALATION_ALLARMI_JOB, at("23:50"), "test", env);
    expect(env.mailer.sent.slice(sent).every((m) => m.subject.endsWith("Giuseppe Russo"))).toBe(true);
    expect(env.mailer.sent.length - sent).toBe(admins.n);
    const list = await inject("GET", "/api/comunicazioni/allarmi/?escalato=true", desk.token);
    expect(list.json().results).toHaveLength(2);
  });
});

// PGlite belongs to one process by design: several processes exist only on PostgreSQL.
if (testDbKinds().includes("postgres"))
  describe("allarmi across server processes [postgres]", () => {
    const procs = describeTwoProcesses();

    it("an SOS received by ANOTHER process reaches this process's waiting header within 2 s; taking it there too", async () => {
      const { t, other } = procs();
      const fx = consoleFixture(() => t);
      const op = await fx.operatore("Esposito", { nome: "Anna", applicazione: true });
      const guardia = await fx.appToken(op, "a.esposito");
      const desk = await t.createUser({ permissions: ["erp_allarmi"] });
      const wait = (versione: string) =>
        t.app.inject({
          method: "GET",
          url: `/api/comunicazioni/allarmi/aperti/?versione=${versione}`,
          headers: auth(desk.token),
        });
      const first = (
        await t.app.inject({ method: "GET", url: "/api/comunicazioni/allarmi/aperti/", headers: auth(desk.token) })
      ).json();
      expect(first).toEqual({ versione: "0", results: [] });

      const started = Date.now();
      const waiting = wait("0");
      await new Promise((r) => setTimeout(r, 300));
      const now = new Date();
      const sent = await other.inject({
        method: "POST",
        url: "/api/app/allarmi/",
        headers: auth(guardia),
        payload: {
          data: {
            id: uuid(77),
            data_ora: now.toISOString(),
            lat: null,
            lng: null,
            accuratezza: null,
            silenzioso: false,
          },
        },
      });
      expect(sent.statusCode).toBe(201);
      const answer = (await waiting).json();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(answer.results.map((a: { operatore: { full_name: string } }) => a.operatore.full_name)).toEqual([
        "Anna Esposito",
      ]);

      // Taken through the other process: this one's next wait answers with none open.
      const waiting2 = wait(answer.versione);
      await new Promise((r) => setTimeout(r, 300));
      const taken = await other.inject({
        method: "POST",
        url: `/api/comunicazioni/allarmi/${answer.results[0].id}/prendi/`,
        headers: auth(desk.token),
      });
      expect(taken.statusCode).toBe(200);
      expect((await waiting2).json()).toEqual({ versione: "0", results: [] });
    });

    it("runs the escalation once across two workers", async () => {
      const { t, otherDb } = procs();
      await t.database.db.execute(sql`UPDATE allarmi SET stato = 'aperto', preso_da = NULL, preso_il = NULL`);
      await t.database.db.execute(
        sql`UPDATE jobs SET next_run = '2000-01-01', runs = 0 WHERE name = 'escalation-allarmi'`,
      );
      const env = { mailer: memoryMailer(), config: testConfig() };
      await t.createUser({ permissions: ["superadmin"], email: "notte@example.it" });
      const later = new Date(Date.now() + 10 * 60_000);
      const runs = await Promise.all([
        runDueJob(t.database.db, ESCALATION_ALLARMI_JOB, later, "worker-1", env),
        runDueJob(otherDb.db, ESCALATION_ALLARMI_JOB, later, "worker-2", env),
        runDueJob(t.database.db, ESCALATION_ALLARMI_JOB, later, "worker-1", env),
      ]);
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(env.mailer.sent.filter((m) => m.to === "notte@example.it")).toHaveLength(1);
    });
  });
