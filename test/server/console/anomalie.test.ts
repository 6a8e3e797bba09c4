/**
 * Anomalies (issue 12 item 4): detected by the server — each kind, on a check-in through /api/app/
 * (same transaction) and by the scheduled job —, the contract's thresholds, idempotent detection,
 * one job run across two workers, the desk's list / detail / state / notes / read, and the
 * header's notifications (new anomalies join the unread tickets: what the alert counts is what
 * the popup lists).
 */
import { sql } from "drizzle-orm";
import { openPostgres } from "../../../server/db/client";
import { queryOne, queryRows } from "../../../server/db/query";
import { runDueJob } from "../../../server/lib/jobs";
import { RILEVA_ANOMALIE_JOB } from "../../../server/modules/console/anomalie/anomalie.job";
import { auth, describeEachDb } from "../helpers/app";
import { consoleFixture } from "./console-fixture";

const GIORNO = "2026-07-10";
/** A Rome wall-clock time of GIORNO as an instant. */
const at = (hhmm: string) => new Date(`${GIORNO}T${hhmm}:00+02:00`);

describeEachDb("anomalie", (ctx) => {
  const db = () => ctx().database.db;
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryOne<T>(db(), q)) as T;
  const inject = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) =>
    payload === undefined
      ? ctx().app.inject({ method, url, headers: auth(token) })
      : ctx().app.inject({ method, url, headers: auth(token), payload });

  const op: Record<string, number> = {};
  const turni: Record<string, number> = {};
  const tokens: Record<string, string> = {};
  let desk: { id: number; token: string };
  let admin: { id: number; token: string };
  let uuid = 0;

  const fx = consoleFixture(ctx);
  async function operatore(cognome: string, applicazione = true) {
    op[cognome] = await fx.operatore(cognome, { applicazione });
  }
  async function turno(name: string, assegnati: string[], soglie: { minuti?: number; metri?: number } = {}) {
    turni[name] = await fx.turno({ name, giorno: GIORNO, assegnati: assegnati.map((c) => op[c]), soglie });
  }
  async function login(cognome: string) {
    tokens[cognome] = await fx.appToken(op[cognome], cognome.toLowerCase());
  }

  /** A check-in/out through /api/app/ at Rome time `hhmm`, `metri` north of the site. */
  async function timbra(cognome: string, turno: string, tipo: "ingresso" | "uscita", hhmm: string, metri = 10) {
    ctx().setNow(at(hhmm));
    uuid += 1;
    const res = await inject("POST", "/api/app/timbrature/", tokens[cognome], {
      data: {
        id: `00000000-0000-4000-8000-${String(uuid).padStart(12, "0")}`,
        turno_id: turni[turno],
        tipo,
        data_ora: at(hhmm).toISOString(),
        lat: 45.4642 + metri / 111_195,
        lng: 9.19,
        accuratezza: 8,
      },
    });
    expect(res.statusCode).toBe(201);
  }

  const anomalie = () =>
    queryRows<{ turno: number; cognome: string; tipo: string; valore: number | null }>(
      db(),
      sql`SELECT a.turno_id AS turno, o.cognome, a.tipo, a.valore FROM anomalie a JOIN operatori o ON o.id = a.operatore_id
           ORDER BY o.cognome, a.tipo`,
    );
  const kinds = async (cognome: string) =>
    (await anomalie()).filter((a) => a.cognome === cognome).map((a) => [a.tipo, a.valore]);

  /** The job, due: its row's next_run moved back so any call may claim it. */
  async function runJob(hhmm: string) {
    await db().execute(sql`UPDATE jobs SET next_run = '2000-01-01' WHERE name = 'rileva-anomalie'`);
    return runDueJob(db(), RILEVA_ANOMALIE_JOB, at(hhmm), "test");
  }

  beforeAll(async () => {
    desk = await ctx().createUser({ permissions: ["erp_anomalie"], nome: "Lucia", cognome: "Neri" });
    admin = await ctx().createUser({ permissions: ["admin"] });
    for (const c of ["Puntuale", "Ritardo", "Assente", "Lontano", "Presente", "Estraneo", "Paziente", "Tollerato"])
      await operatore(c);
    await operatore("Senzapp", false);
    await turno("puntuale", ["Puntuale"]);
    await turno("ritardo", ["Ritardo"]);
    await turno("assente", ["Assente", "Senzapp"]);
    await turno("lontano", ["Lontano"]);
    await turno("presente", ["Presente"]);
    await turno("soglie", ["Paziente", "Tollerato"], { minuti: 30, metri: 2000 });
    for (const c of ["Puntuale", "Ritardo", "Lontano", "Presente", "Estraneo", "Tollerato"]) await login(c);
    await timbra("Presente", "presente", "ingresso", "07:55");
  });
  afterAll(() => ctx().setNow(null));

  it("reads N and M from the contract, set through the contract's API (15 and 300 by default)", async () => {
    const c = await one<{ id: number }>(
      sql`SELECT s.contratto_id AS id FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
           WHERE t.id = ${turni.puntuale}`,
    );
    const url = `/api/pianificazione/contratti/${c.id}/`;
    expect((await inject("GET", url, admin.token)).json()).toMatchObject({
      anomalie_minuti: 15,
      anomalie_distanza_m: 300,
    });
    const bad = await inject("PUT", url, admin.token, { data: { anomalie_minuti: 0, anomalie_distanza_m: "lontano" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      anomalie_minuti: "Minuti interi da 1 a 1440",
      anomalie_distanza_m: "Metri interi da 10 a 100000",
    });
    const ok = await inject("PUT", url, admin.token, { data: { anomalie_minuti: "20" } });
    expect(ok.json()).toMatchObject({ anomalie_minuti: 20, anomalie_distanza_m: 300 });
    await inject("PUT", url, admin.token, { data: { anomalie_minuti: 15 } });
  });

  it("records nothing for a guard on time, in and out", async () => {
    await timbra("Puntuale", "puntuale", "ingresso", "07:57");
    await timbra("Puntuale", "puntuale", "uscita", "16:02");
    expect(await kinds("Puntuale")).toEqual([]); // and still nothing after every run of the job below
  });

  it("detects a late arrival on the check-in, in its transaction", async () => {
    await timbra("Ritardo", "ritardo", "ingresso", "08:04");
    expect(await kinds("Ritardo")).toEqual([]); // within the 5 minutes' tolerance
    await timbra("Ritardo", "ritardo", "ingresso", "08:12");
    // the first check-in decides: 08:04 is on time
    expect(await kinds("Ritardo")).toEqual([]);
    await db().execute(sql`DELETE FROM app_timbrature WHERE operatore_id = ${op.Ritardo}`);
    await timbra("Ritardo", "ritardo", "ingresso", "08:12");
    expect(await kinds("Ritardo")).toEqual([["ritardo", 12]]);
    await timbra("Ritardo", "ritardo", "uscita", "16:00");
    const entry = await one<{ note: string; utente_id: number | null }>(
      sql`SELECT note, utente_id FROM log_entries WHERE content_type = 'anomalia' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry).toEqual({ note: "Anomalia rilevata: Ingresso in ritardo", utente_id: null });
  });

  it("detects a check-in farther than the contract's metres, and an early leave", async () => {
    await timbra("Lontano", "lontano", "ingresso", "07:59", 1200);
    await timbra("Lontano", "lontano", "uscita", "15:30");
    expect(await kinds("Lontano")).toEqual([
      ["distanza", 1200],
      ["uscita_anticipata", 30],
    ]);
  });

  it("detects a check-in on a shift the guard is not assigned to", async () => {
    await timbra("Estraneo", "puntuale", "ingresso", "08:01");
    expect(await kinds("Estraneo")).toEqual([["turno_non_assegnato", null]]);
  });

  it("detects, on schedule, no check-in N minutes after the start (guards with the app only)", async () => {
    await runJob("08:14");
    expect(await kinds("Assente")).toEqual([]);
    const run = await runJob("08:16");
    expect(run?.result).toMatch(/nuove anomalie$/);
    expect(await kinds("Assente")).toEqual([["mancato_ingresso", 15]]);
    expect(await kinds("Senzapp")).toEqual([]);
    // the contract's own threshold: 30 minutes, 2000 metres
    expect(await kinds("Paziente")).toEqual([]);
    await timbra("Tollerato", "soglie", "ingresso", "08:20", 1200);
    expect(await kinds("Tollerato")).toEqual([["ritardo", 20]]);
    await runJob("08:31");
    expect(await kinds("Paziente")).toEqual([["mancato_ingresso", 30]]);
    expect(await kinds("Tollerato")).toEqual([["ritardo", 20]]);
    await timbra("Tollerato", "soglie", "uscita", "16:00");
  });

  it("detects, on schedule, a missing check-out N minutes after the end", async () => {
    await runJob("16:14");
    expect(await kinds("Presente")).toEqual([]);
    await runJob("16:16");
    expect(await kinds("Presente")).toEqual([["mancata_uscita", 15]]);
  });

  it("is idempotent: running again records nothing twice and writes no audit entry", async () => {
    const before = await anomalie();
    const entries = await one<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'anomalia'`,
    );
    const run = await runJob("17:00");
    expect(run?.result).toBe("0 nuove anomalie");
    expect(await anomalie()).toEqual(before);
    expect(
      (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'anomalia'`)).n,
    ).toBe(entries.n);
    expect(entries.n).toBe(before.length);
    expect(before).toHaveLength(8);
    expect(await kinds("Puntuale")).toEqual([]);
  });

  it("runs a due job once across two workers, and not again until it is due", async () => {
    await db().execute(sql`UPDATE jobs SET next_run = '2000-01-01', runs = 0 WHERE name = 'rileva-anomalie'`);
    const other = ctx().database.appUrl ? await openPostgres(ctx().database.appUrl as string, 5) : null;
    try {
      const second = other?.db ?? db();
      const now = at("17:05");
      const runs = await Promise.all([
        runDueJob(db(), RILEVA_ANOMALIE_JOB, now, "worker-1"),
        runDueJob(second, RILEVA_ANOMALIE_JOB, now, "worker-2"),
        runDueJob(db(), RILEVA_ANOMALIE_JOB, now, "worker-1"),
        runDueJob(second, RILEVA_ANOMALIE_JOB, now, "worker-2"),
      ]);
      expect(runs.filter(Boolean)).toHaveLength(1);
      const job = await one<{ runs: number; next_run: number }>(
        sql`SELECT runs, extract(epoch FROM next_run)::float8 AS next_run FROM jobs WHERE name = 'rileva-anomalie'`,
      );
      expect(job.runs).toBe(1);
      expect(Number(job.next_run) * 1000).toBe(now.getTime() + 60_000);
      expect(await runDueJob(second, RILEVA_ANOMALIE_JOB, at("17:05"), "worker-2")).toBeUndefined();
      expect(await runDueJob(second, RILEVA_ANOMALIE_JOB, new Date(now.getTime() + 60_000), "worker-2")).toEqual({
        name: "rileva-anomalie",
        result: "0 nuove anomalie",
      });
    } finally {
      await other?.close();
    }
  });

  describe("the desk", () => {
    const id = async (cognome: string, tipo: string) =>
      (await one<{ id: number }>(sql`SELECT id FROM anomalie WHERE operatore_id = ${op[cognome]} AND tipo = ${tipo}`))
        .id;

    it("lists anomalies, new first, with filters, and refuses those without erp_anomalie", async () => {
      const noPerm = await ctx().createUser({ permissions: ["erp_ticket-supporto"] });
      expect((await inject("GET", "/api/comunicazioni/anomalie/", noPerm.token)).statusCode).toBe(403);
      const res = await inject("GET", "/api/comunicazioni/anomalie/?page_size=50", desk.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.count).toBe(8);
      expect(body.results[0]).toMatchObject({ nuova: true, stato: "aperta", gestita_da: "" });
      const late = body.results.find(
        (r: { tipo: string; operatore: string }) => r.tipo === "ritardo" && r.operatore === "Mario Ritardo",
      );
      expect(late).toMatchObject({
        descrizione: "Ingresso 12 minuti dopo l'inizio",
        cliente: "Cliente ritardo",
        servizio: "Servizio ritardo",
        giorno: GIORNO,
        data_ora: "2026-07-10 08:12:00",
      });
      const filtered = await inject(
        "GET",
        "/api/comunicazioni/anomalie/?tipo=mancato_ingresso,mancata_uscita&cliente=assente",
        desk.token,
      );
      expect(filtered.json().results.map((r: { operatore: string }) => r.operatore)).toEqual(["Mario Assente"]);
      const csv = await inject("GET", "/api/comunicazioni/anomalie/?file_type=csv", desk.token);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain("Ingresso a 1200 m dal servizio");
    });

    it("shows the anomaly with its shift and check-ins, in the same words as the list", async () => {
      const res = await inject("GET", `/api/comunicazioni/anomalie/${await id("Lontano", "distanza")}/`, desk.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        tipo: "distanza",
        descrizione: "Ingresso a 1200 m dal servizio",
        stato: "aperta",
        valore: 1200,
        operatore: { id: op.Lontano, full_name: "Mario Lontano" },
        turno: { id: turni.lontano, giorno: GIORNO, inizio: "08:00:00", fine: "16:00:00", cliente: "Cliente lontano" },
        gestita_da: null,
        letta_il: null,
        timbrature: [
          { tipo: "ingresso", data_ora: "2026-07-10 07:59:00", distanza_m: 1200, sincronizzata_tardi: false },
          { tipo: "uscita", data_ora: "2026-07-10 15:30:00", distanza_m: 10, sincronizzata_tardi: false },
        ],
      });
      expect((await inject("GET", "/api/comunicazioni/anomalie/999999/", desk.token)).json()).toEqual({
        detail: "Anomalia non trovata",
      });
    });

    it("changes state and notes (only what the PUT names), records who handled it, audits it", async () => {
      const a = await id("Assente", "mancato_ingresso");
      ctx().setNow(at("09:00"));
      const bad = await inject("PUT", `/api/comunicazioni/anomalie/${a}/`, desk.token, { data: { stato: "persa" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ stato: "Stato non valido" });
      const res = await inject("PUT", `/api/comunicazioni/anomalie/${a}/`, desk.token, {
        data: { stato: "in_gestione" },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        stato: "in_gestione",
        note: "",
        gestita_da: { id: desk.id, full_name: "Lucia Neri" },
        gestita_il: "2026-07-10 09:00:00",
      });
      const notes = await inject("PUT", `/api/comunicazioni/anomalie/${a}/`, desk.token, {
        data: { note: "Chiamato: sostituito da un collega" },
      });
      expect(notes.json()).toMatchObject({ stato: "in_gestione", note: "Chiamato: sostituito da un collega" });
      const entry = await one<{ utente_id: number; dati: { change_log: string[] } }>(
        sql`SELECT utente_id, dati FROM log_entries WHERE content_type = 'anomalia' AND object_id = ${String(a)}
             ORDER BY id DESC LIMIT 1`,
      );
      expect(entry.utente_id).toBe(desk.id);
      expect(entry.dati.change_log).toEqual(['Note: "—" → "Chiamato: sostituito da un collega"']);
    });

    it("puts new anomalies in the header's notifications until opened: the count is the list", async () => {
      const list = async () => (await inject("GET", "/api/comunicazioni/problemi-attivi/", admin.token)).json();
      const before = await list();
      const anomalieNuove = before.filter((n: { fonte: string }) => n.fonte === "anomalia");
      // eight detected, one taken in hand: seven new
      expect(anomalieNuove).toHaveLength(7);
      const far = await id("Lontano", "distanza");
      expect(anomalieNuove).toContainEqual({
        id: far,
        operatore: { id: op.Lontano, full_name: "Mario Lontano" },
        data_ora: "2026-07-10 07:59:00",
        fonte: "anomalia",
        titolo: "Ingresso lontano dal servizio",
        chiave: `anomalia-${far}`,
      });
      // One key per item even where a ticket and an anomaly share an id (issue 32 item 7).
      const chiavi = before.map((n: { chiave: string }) => n.chiave);
      expect(new Set(chiavi).size).toBe(before.length);
      const read = await inject("POST", `/api/comunicazioni/anomalie/${far}/letto/`, desk.token);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toMatchObject({ result: "OK", id: far, letta_da: { id: desk.id, full_name: "Lucia Neri" } });
      const again = await inject("POST", `/api/comunicazioni/anomalie/${far}/letto/`, admin.token);
      expect(again.json().letta_da.id).toBe(desk.id);
      const after = await list();
      expect(after).toHaveLength(before.length - 1);
      expect(after.some((n: { fonte: string; id: number }) => n.fonte === "anomalia" && n.id === far)).toBe(false);
    });
  });
});
