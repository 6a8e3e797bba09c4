/**
 * Automatic staffing through the API on both databases: the proposal as a job (created, claimed
 * once, progress, result, cancelled, taken over when its process died), its cells and uncovered
 * places with their reasons, the fixed rules of the loader equal to the eligibility query of the
 * manual assign, and acceptance through the normal assign path (rows, audit entries, a stale cell
 * refused with its reason).
 */
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { queryOne, queryRows } from "../../../../server/db/query";
import { evaluate } from "../../../../server/modules/pianificazione/assegnazione/eligibility.service";
import { carica } from "../../../../server/modules/pianificazione/auto-assegnazione/carica";
import { violazioni } from "../../../../server/modules/pianificazione/auto-assegnazione/modello";
import {
  avvia,
  MAX_PROPOSTE_PER_PROCESSO,
  PROPOSTE_RETRY_AFTER_SECONDS,
} from "../../../../server/modules/pianificazione/auto-assegnazione/proposta.service";
import { turnoScope } from "../../../../server/modules/pianificazione/scope";
import type { Proposta } from "../../../../src/domain/contracts/pianificazione/auto-assegnazione";
import { auth, createTestApp, describeEachDb, type TestApp } from "../../helpers/app";
import { testDbKinds } from "../../setup/paths";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";
const AUTO = "/api/pianificazione/auto-assegnazione";

describeEachDb("pianificazione: automatic staffing", (ctx) => {
  let token: string;
  let steward: number;
  let contratto: number;
  let servizio: number;
  let altroServizio: number;
  const ops: Record<string, number> = {};
  const turni: { id: number; giorno: number; giornoData: string; servizio: number }[] = [];

  const req = (method: "GET" | "POST", url: string, data?: unknown, tk = token) =>
    ctx().app.inject({ method, url, headers: auth(tk), ...(data !== undefined ? { payload: { data } } : {}) });

  async function day(serv: number, giorno: string): Promise<number> {
    const r = await req("POST", `${BASE}/${contratto}/servizi/${serv}/giorni/`, { giorno });
    if (r.statusCode === 201) return r.json().id;
    const g = await queryOne<{ id: number }>(
      ctx().database.db,
      sql`SELECT id FROM giorni WHERE servizio_id = ${serv} AND giorno = ${giorno}::date`,
    );
    return g!.id;
  }
  async function shift(serv: number, giorno: string, f1: [string, string], richiesti = 1) {
    const g = await day(serv, giorno);
    const r = await req("POST", `${BASE}/${contratto}/servizi/${serv}/giorni/${g}/turni/`, {
      inizio_f1: f1[0],
      fine_f1: f1[1],
      posizione: steward,
      operatori_richiesti: richiesti,
    });
    expect(r.statusCode).toBe(201);
    return { id: r.json().id as number, giorno: g, giornoData: giorno, servizio: serv };
  }

  async function finished(id: number): Promise<Proposta> {
    for (let i = 0; i < 600; i++) {
      const r = await req("GET", `${AUTO}/${id}/`);
      expect(r.statusCode).toBe(200);
      const p = r.json() as Proposta;
      if (p.stato !== "in_attesa" && p.stato !== "in_corso") return p;
      await new Promise((res) => setTimeout(res, 100));
    }
    throw new Error("proposal still running");
  }

  beforeAll(async () => {
    const db = ctx().database.db;
    token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    steward = await posizioneId(db, "Steward");
    const cliente = await createCliente(db, "Fiera di Prova S.p.A.");
    contratto = (await req("POST", `${BASE}/`, { titolo: "Fiera d'autunno", cliente })).json().id;
    const servizioBody = {
      dal: "2026-11-02",
      al: "2026-11-08",
      indirizzo: "Viale della Fiera 1",
      lat: 45.52,
      lng: 9.08,
      giorni_settimana: [],
    };
    servizio = (await req("POST", `${BASE}/${contratto}/servizi/`, servizioBody)).json().id;
    altroServizio = (await req("POST", `${BASE}/${contratto}/servizi/`, servizioBody)).json().id;
    const valid = [{ tipo: "attestato_steward" }];
    const near = { lat: 45.5, lng: 9.1 };
    ops.a = await createOperatore(db, { cognome: "Abate", posizioni: [steward], documenti: valid, ...near, rating: 5 });
    ops.b = await createOperatore(db, { cognome: "Bellini", posizioni: [steward], documenti: valid, rating: 3 });
    ops.scaduto = await createOperatore(db, {
      cognome: "Scaduti",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward", data_scadenza: "2026-10-31" }],
    });
    ops.ferie = await createOperatore(db, { cognome: "Ferie", posizioni: [steward], documenti: valid });
    await db.execute(
      sql`INSERT INTO operatori_indisponibilita (operatore_id, dal, al, motivo)
          VALUES (${ops.ferie}, '2026-11-01T00:00:00+01', '2026-11-10T00:00:00+01', 'Ferie')`,
    );
    ops.sgradito = await createOperatore(db, { cognome: "Sgradito", posizioni: [steward], documenti: valid });
    await db.execute(
      sql`INSERT INTO contratti_non_graditi (contratto_id, operatore_id, motivo) VALUES (${contratto}, ${ops.sgradito}, 'Reclamo')`,
    );
    ops.weekend = await createOperatore(db, { cognome: "Feriale", posizioni: [steward], documenti: valid });
    await db.execute(
      sql`INSERT INTO operatori_disponibilita (operatore_id, giorno_settimana, disponibile)
          VALUES (${ops.weekend}, 1, false), (${ops.weekend}, 2, false), (${ops.weekend}, 3, false),
                 (${ops.weekend}, 4, false), (${ops.weekend}, 5, false)`,
    );
    ops.altro = await createOperatore(db, {
      cognome: "Portiere",
      posizioni: [await posizioneId(db, "Portiere / Addetto alla reception")],
    });
    // Busy: already on the other service every evening, so mornings after it break the rest.
    ops.impegnato = await createOperatore(db, { cognome: "Impegnato", posizioni: [steward], documenti: valid });
    for (const d of ["2026-11-02", "2026-11-03", "2026-11-04", "2026-11-05", "2026-11-06"]) {
      const t = await shift(altroServizio, d, ["18:00", "23:59"]);
      const r = await req(
        "POST",
        `${BASE}/${contratto}/servizi/${altroServizio}/giorni/${t.giorno}/turni/${t.id}/operatori/`,
        {
          operatore: { id: ops.impegnato },
          add: true,
        },
      );
      expect(r.statusCode).toBe(200);
    }
    // The service's week: mornings and afternoons, and Saturday evening for two.
    for (const d of [
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
      "2026-11-08",
    ]) {
      turni.push(await shift(servizio, d, ["06:00", "14:00"]));
      turni.push(await shift(servizio, d, ["14:00", "22:00"]));
    }
    turni.push(await shift(servizio, "2026-11-07", ["22:00", "06:00"], 2));
  });

  it("the loader's fixed rules and the model's time rules accept exactly whom the manual assign's eligibility accepts", async () => {
    const db = ctx().database.db;
    const c = await carica(db, { dal: "2026-11-02", al: "2026-11-08", servizi: [servizio] });
    expect(c.posti).toHaveLength(turni.length);
    for (const p of c.posti) {
      const scope = await turnoScope(db, {
        idContratto: contratto,
        idServizio: servizio,
        idGiorno: p.giorno_id,
        idTurno: p.turno_id,
      });
      const manual = (await evaluate(db, scope))
        .filter((v) => v.eligible)
        .map((v) => v.id)
        .sort((a, b) => a - b);
      const ops = new Map(c.istanza.operatori.map((o) => [o.id, o]));
      const model = (c.istanza.idonei.get(p.turno_id) ?? [])
        .filter((id) => violazioni(p, ops.get(id)!.lavori).length === 0)
        .sort((a, b) => a - b);
      expect({ turno: p.turno_id, ids: model }).toEqual({ turno: p.turno_id, ids: manual });
    }
  });

  it("scopes the places by service, contract, client and region (the client's province)", async () => {
    const db = ctx().database.db;
    const period = { dal: "2026-11-02", al: "2026-11-08" };
    const mine = (await carica(db, { ...period, servizi: [servizio] })).posti.map((p) => p.turno_id).sort();
    // the contract's other service has every shift covered: no place there
    const byContract = await carica(db, { ...period, contratti: [contratto] });
    expect(byContract.posti.map((p) => p.turno_id).sort()).toEqual(mine);
    expect(byContract.coperti_prima).toBe(5);
    const cliente = (await queryOne<{ cliente_id: number }>(
      db,
      sql`SELECT cliente_id FROM contratti WHERE id = ${contratto}`,
    ))!.cliente_id;
    const byClient = await carica(db, { ...period, cliente, servizi: [servizio] });
    expect(byClient.posti.map((p) => p.turno_id).sort()).toEqual(mine);
    const lombardia = await carica(db, { ...period, regione: "Lombardia", servizi: [servizio] }); // prov MI
    expect(lombardia.posti.map((p) => p.turno_id).sort()).toEqual(mine);
    expect(lombardia.posti.every((p) => p.regione === "Lombardia")).toBe(true);
    expect((await carica(db, { ...period, regione: "Sicilia" })).posti).toEqual([]);
  });

  it("refuses a bad period (400, Italian, nothing written) and callers without erp_contratti (403)", async () => {
    const before = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM auto_assegnazioni`,
    );
    const bad = await req("POST", `${AUTO}/`, { dal: "2026-11-08", al: "2026-11-02" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.al).toBe("La data di fine non può precedere la data di inizio");
    const long = await req("POST", `${AUTO}/`, { dal: "2026-01-01", al: "2026-06-30" });
    expect(long.json().errors.al).toBe("Il periodo può coprire al massimo 62 giorni");
    const other = (await ctx().createUser({ permissions: ["erp_operatori"] })).token;
    expect((await req("POST", `${AUTO}/`, { dal: "2026-11-02", al: "2026-11-08" }, other)).statusCode).toBe(403);
    const after = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM auto_assegnazioni`,
    );
    expect(after!.n).toBe(before!.n);
    expect((await req("GET", `${AUTO}/999999/`)).statusCode).toBe(404);
  });

  it("one proposal waiting or running per user: another is 409 with the running one's id (issue 30 item 10)", async () => {
    const db = ctx().database.db;
    const user = await ctx().createUser({ permissions: ["erp_contratti"] });
    const mine = await queryOne<{ id: number }>(
      db,
      sql`INSERT INTO auto_assegnazioni (richiesta, utente_id) VALUES ('{"dal":"2026-11-02","al":"2026-11-03"}'::jsonb, ${user.id})
          RETURNING id`,
    );
    const body = { dal: "2026-11-02", al: "2026-11-08", servizi: [servizio] };
    const again = await req("POST", `${AUTO}/`, body, user.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      detail: "Hai già una proposta di assegnazione automatica in corso: attendi che termini o annullala.",
      reason: "proposta_in_corso",
      id: mine!.id,
    });
    const rows = await queryRows(db, sql`SELECT id FROM auto_assegnazioni WHERE utente_id = ${user.id}`);
    expect(rows).toHaveLength(1);
    // another user is not held up by it; once cancelled, the user asks again
    const other = await ctx().createUser({ permissions: ["erp_contratti"] });
    const theirs = await req("POST", `${AUTO}/`, body, other.token);
    expect(theirs.statusCode).toBe(201);
    expect((await req("POST", `${AUTO}/${mine!.id}/annulla/`, undefined, user.token)).statusCode).toBe(200);
    const next = await req("POST", `${AUTO}/`, body, user.token);
    expect(next.statusCode).toBe(201);
    expect((await finished(next.json().id)).stato).toBe("completata");
    expect((await finished(theirs.json().id)).stato).toBe("completata");
  });

  it("refuses an id beyond PostgreSQL's integer (2^31−1) with 400 and an Italian message, in paths and bodies (issue 30 item 10)", async () => {
    const count = async () =>
      (await queryOne<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM auto_assegnazioni`))!.n;
    const before = await count();
    for (const body of [
      { dal: "2026-11-02", al: "2026-11-08", servizi: [2147483648] },
      { dal: "2026-11-02", al: "2026-11-08", contratti: [contratto, 2147483648] },
      { dal: "2026-11-02", al: "2026-11-08", cliente: 2147483648 },
    ]) {
      const res = await req("POST", `${AUTO}/`, body);
      expect(res.statusCode).toBe(400);
      expect(Object.values(res.json().errors)).toEqual(["Identificativo non valido"]);
    }
    expect(await count()).toBe(before);
    for (const url of [
      `${AUTO}/2147483648/`,
      `${BASE}/2147483648/servizi/`,
      `${BASE}/${contratto}/servizi/99999999999/`,
    ]) {
      const res = await req("GET", url);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(Object.values(res.json().errors)).toContain("Identificativo non valido");
    }
    // the largest integer is an id like any other: not found
    expect((await req("GET", `${AUTO}/2147483647/`)).statusCode).toBe(404);
  });

  it("proposes a week: cells with their reason, uncovered places with theirs, totals; accepting assigns through the normal path", async () => {
    const created = await req("POST", `${AUTO}/`, { dal: "2026-11-02", al: "2026-11-08", servizi: [servizio] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.any(Number), stato: "in_attesa" });
    const id = created.json().id as number;
    const p = await finished(id);
    expect(p.stato).toBe("completata");
    expect(p.avanzamento).toBe(1);
    const r = p.risultato!;
    const eligible = new Set([ops.a, ops.b, ops.weekend, ops.impegnato]);
    for (const c of r.celle) expect(eligible.has(c.operatore.id)).toBe(true);
    // two operators available on weekdays (a, b) + impegnato on afternoons only: every place is covered
    // except what the rules forbid
    expect(r.totali.posti).toBe(turni.length + 1);
    expect(r.totali.coperti_prima).toBe(0);
    expect(r.totali.coperti_dopo).toBe(r.celle.length);
    expect(r.celle.length + r.scoperti.reduce((s, x) => s + x.mancanti, 0)).toBe(turni.length + 1);
    expect(r.celle.length).toBeGreaterThanOrEqual(12);
    const cell = r.celle.find((c) => c.operatore.id === ops.a)!;
    expect(cell.motivo).toMatch(/^A \d+,\d km, \d+ h già pianificate nella settimana, valutazione 5\/5/);
    expect(r.ore_operatori.find((o) => o.id === ops.a)).toEqual(
      expect.objectContaining({ cognome: "Abate", turni: expect.any(Number), ore_pianificate: 0 }),
    );
    for (const s of r.scoperti) expect(s.motivo).not.toBe("");
    expect(r.calcolo).toEqual(expect.objectContaining({ metodo: "HiGHS MIP", blocchi: 1 }));
    // the creation is in the audit trail
    const entry = await queryOne<{ azione: string }>(
      ctx().database.db,
      sql`SELECT azione FROM log_entries WHERE content_type = 'auto_assegnazione' AND object_id = ${String(id)}`,
    );
    expect(entry!.azione).toBe("Proposta di assegnazione automatica");

    // Another planner takes one proposed operator elsewhere at the same time: that cell is stale.
    const stale = r.celle[0];
    const clash = await shift(altroServizio, stale.giorno, [stale.inizio_f1.slice(0, 5), stale.fine_f1.slice(0, 5)]);
    expect(
      (
        await req(
          "POST",
          `${BASE}/${contratto}/servizi/${altroServizio}/giorni/${clash.giorno}/turni/${clash.id}/operatori/`,
          {
            operatore: { id: stale.operatore.id },
            add: true,
          },
        )
      ).statusCode,
    ).toBe(200);

    const chosen = r.celle.map((c) => ({ turno: c.turno_id, operatore: c.operatore.id }));
    const acc = await req("POST", `${AUTO}/${id}/accetta/`, {
      celle: [...chosen, { turno: turni[0].id, operatore: ops.altro }],
    });
    expect(acc.statusCode).toBe(200);
    const out = acc.json();
    expect(out.assegnati).toHaveLength(chosen.length - 1);
    expect(out.rifiutati).toEqual([
      {
        turno: stale.turno_id,
        operatore: stale.operatore.id,
        detail: expect.stringContaining("L'operatore è già assegnato a un turno sovrapposto"),
        reason: "turno_sovrapposto",
      },
      {
        turno: turni[0].id,
        operatore: ops.altro,
        detail: "La cella non fa parte della proposta",
        reason: "non_proposta",
      },
    ]);
    const rows = await queryRows<{ turno_id: number; operatore_id: number }>(
      ctx().database.db,
      sql`SELECT a.turno_id, a.operatore_id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id
          JOIN giorni g ON g.id = t.giorno_id WHERE g.servizio_id = ${servizio}`,
    );
    expect(rows).toHaveLength(chosen.length - 1);
    const audits = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM log_entries WHERE azione = 'Assegnazione operatore'
          AND related @> ${JSON.stringify([{ content_type: "servizio", object_id: String(servizio) }])}::jsonb`,
    );
    expect(audits!.n).toBe(chosen.length - 1);
    const registro = await queryOne<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM registro_turni WHERE turno_id IN (SELECT turno_id FROM turni_operatori a
          JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id WHERE g.servizio_id = ${servizio})`,
    );
    expect(registro!.n).toBe(chosen.length - 1);

    // A new proposal for the same week sees what is now assigned.
    const again = await finished(
      (await req("POST", `${AUTO}/`, { dal: "2026-11-02", al: "2026-11-08", servizi: [servizio] })).json().id,
    );
    expect(again.risultato!.totali.coperti_prima).toBe(chosen.length - 1);
  });

  it("runs once: a claimed proposal is not run again; a dead worker's proposal is taken over; a running one is cancelled", async () => {
    const db = ctx().database.db;
    const richiesta = JSON.stringify({ dal: "2026-11-02", al: "2026-11-03", servizi: [servizio] });
    // held by a live worker elsewhere: nobody else runs it, and it can be cancelled
    const held = await queryOne<{ id: number }>(
      db,
      sql`INSERT INTO auto_assegnazioni (richiesta, stato, worker, heartbeat_il, avviata_il)
          VALUES (${richiesta}::jsonb, 'in_corso', 'altro:1:1', now(), now()) RETURNING id`,
    );
    await avvia(db, held!.id);
    const still = (await req("GET", `${AUTO}/${held!.id}/`)).json();
    expect(still.stato).toBe("in_corso");
    const cancelled = await req("POST", `${AUTO}/${held!.id}/annulla/`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual(expect.objectContaining({ stato: "annullata", risultato: null }));
    expect((await req("POST", `${AUTO}/${held!.id}/annulla/`)).statusCode).toBe(409);
    expect(
      (await req("POST", `${AUTO}/${held!.id}/accetta/`, { celle: [{ turno: 1, operatore: 1 }] })).statusCode,
    ).toBe(409);
    // the other worker's next progress write finds the row cancelled and stops
    const write = await queryRows(
      db,
      sql`UPDATE auto_assegnazioni SET avanzamento = 0.5 WHERE id = ${held!.id} AND stato = 'in_corso' AND worker = 'altro:1:1' RETURNING id`,
    );
    expect(write).toHaveLength(0);

    // a worker that died two minutes ago: the next GET takes it over and completes it
    const dead = await queryOne<{ id: number }>(
      db,
      sql`INSERT INTO auto_assegnazioni (richiesta, stato, worker, heartbeat_il, avviata_il)
          VALUES (${richiesta}::jsonb, 'in_corso', 'morto:1:1', now() - interval '2 minutes', now() - interval '3 minutes')
          RETURNING id`,
    );
    expect((await req("GET", `${AUTO}/${dead!.id}/`)).json().stato).toBe("in_corso");
    const done = await finished(dead!.id);
    expect(done.stato).toBe("completata");
    const w = await queryOne<{ worker: string; terminata_il: string }>(
      db,
      sql`SELECT worker, terminata_il::text FROM auto_assegnazioni WHERE id = ${dead!.id}`,
    );
    expect(w!.worker).not.toBe("morto:1:1");
    // done: running it again changes nothing
    await avvia(db, dead!.id);
    const w2 = await queryOne<{ worker: string; terminata_il: string }>(
      db,
      sql`SELECT worker, terminata_il::text FROM auto_assegnazioni WHERE id = ${dead!.id}`,
    );
    expect(w2).toEqual(w);
  });
});

describeEachDb(
  "pianificazione: automatic staffing leaves locked past days out",
  (ctx) => {
    it("proposes only the days after the lock (PLAN_LOCK_DAYS 0: before today)", async () => {
      const db = ctx().database.db;
      // planned while its days were ahead (a whole service over past days takes a derogation)
      ctx().setNow(new Date("2026-11-01T10:00:00+01:00"));
      let token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      const req = (method: "GET" | "POST", url: string, data?: unknown) =>
        ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });
      const fiduciari = await posizioneId(db, "Addetto ai servizi fiduciari");
      await createOperatore(db, { cognome: "Presente", posizioni: [fiduciari] });
      const cliente = await createCliente(db, "Magazzini di Prova S.r.l.");
      const contratto = (await req("POST", `${BASE}/`, { titolo: "Magazzino", cliente })).json().id;
      const servizio = await req("POST", `${BASE}/${contratto}/servizi/`, {
        dal: "2026-11-03",
        al: "2026-11-07",
        turni: [{ inizio_f1: "08:00", fine_f1: "12:00", posizione: fiduciari, operatori_richiesti: 1 }],
      });
      expect(servizio.statusCode).toBe(201);
      ctx().setNow(new Date("2026-11-05T10:00:00+01:00"));
      token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      const id = (await req("POST", `${AUTO}/`, { dal: "2026-11-01", al: "2026-11-30", contratti: [contratto] })).json()
        .id as number;
      let p: Proposta | undefined;
      for (let i = 0; i < 300 && (!p || p.stato === "in_attesa" || p.stato === "in_corso"); i++) {
        await new Promise((r) => setTimeout(r, 100));
        p = (await req("GET", `${AUTO}/${id}/`)).json() as Proposta;
      }
      expect(p!.stato).toBe("completata");
      expect(p!.richiesta).toEqual({ dal: "2026-11-01", al: "2026-11-30", contratti: [contratto] });
      expect(p!.risultato!.totali.posti).toBe(3);
      expect(p!.risultato!.celle.map((c) => c.giorno)).toEqual(["2026-11-05", "2026-11-06", "2026-11-07"]);
      ctx().setNow(null);
    });
  },
  { planLockDays: 0 },
);

// Several proposals held running at once needs a second connection holding a lock: PostgreSQL.
(testDbKinds().includes("postgres") ? describe : describe.skip)(
  "pianificazione: automatic staffing, proposals per process [postgres]",
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp("postgres");
    });
    afterAll(async () => {
      await t?.close();
    });

    it(`runs at most ${MAX_PROPOSTE_PER_PROCESSO} at once in a process: one more is 503 with Retry-After, nothing written (issue 30 item 10)`, async () => {
      const post = (token: string) =>
        t.app.inject({
          method: "POST",
          url: `${AUTO}/`,
          headers: auth(token),
          payload: { data: { dal: "2026-11-02", al: "2026-11-08" } },
        });
      const users = await Promise.all(
        Array.from({ length: MAX_PROPOSTE_PER_PROCESSO + 1 }, () => t.createUser({ permissions: ["erp_contratti"] })),
      );
      const count = async () =>
        (await queryOne<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM auto_assegnazioni`))!.n;
      // The runs stop at their first read (the rule profiles), locked here, so they stay running.
      const holder = new Client({ connectionString: t.database.superuserUrl });
      await holder.connect();
      const ids: number[] = [];
      try {
        await holder.query("BEGIN");
        await holder.query("LOCK TABLE profili_regole IN ACCESS EXCLUSIVE MODE");
        for (const u of users.slice(0, MAX_PROPOSTE_PER_PROCESSO)) {
          const res = await post(u.token);
          expect(res.statusCode).toBe(201);
          ids.push(res.json().id);
        }
        const before = await count();
        const busy = await post(users[MAX_PROPOSTE_PER_PROCESSO].token);
        expect(busy.statusCode).toBe(503);
        expect(busy.headers["retry-after"]).toBe(String(PROPOSTE_RETRY_AFTER_SECONDS));
        expect(busy.json()).toEqual({
          detail: "Il server sta già calcolando altre proposte di assegnazione automatica: riprova tra poco.",
        });
        expect(await count()).toBe(before);
      } finally {
        await holder.query("ROLLBACK");
        await holder.end();
      }
      for (const id of ids) {
        let stato = "in_corso";
        for (let i = 0; i < 600 && (stato === "in_attesa" || stato === "in_corso"); i++) {
          await new Promise((r) => setTimeout(r, 50));
          stato = (await t.app.inject({ method: "GET", url: `${AUTO}/${id}/`, headers: auth(users[0].token) })).json()
            .stato;
        }
        expect(stato).toBe("completata");
      }
      // room again
      expect((await post(users[MAX_PROPOSTE_PER_PROCESSO].token)).statusCode).toBe(201);
    });
  },
);
