import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

interface Shift {
  id: number;
  giorno: number;
  url: string;
}

describeEachDb("pianificazione: assignment rules", (ctx) => {
  let token: string;
  let steward: number;
  let armata: number;
  let contratto: number;
  let servizio: number;
  const days = new Map<string, number>();

  const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });

  /** A new shift on a day of the service (June 2025). */
  async function shift(
    day: string,
    f1: [string, string],
    opts: { posizione?: number; f2?: [string, string]; richiesti?: number } = {},
  ): Promise<Shift> {
    let g = days.get(day);
    if (!g) {
      g = (await req("POST", `${BASE}/${contratto}/servizi/${servizio}/giorni/`, { giorno: day })).json().id as number;
      days.set(day, g);
    }
    const res = await req("POST", `${BASE}/${contratto}/servizi/${servizio}/giorni/${g}/turni/`, {
      inizio_f1: f1[0],
      fine_f1: f1[1],
      inizio_f2: opts.f2?.[0],
      fine_f2: opts.f2?.[1],
      posizione: opts.posizione ?? steward,
      operatori_richiesti: opts.richiesti ?? 1,
    });
    expect(res.statusCode).toBe(201);
    return {
      id: res.json().id,
      giorno: g,
      url: `${BASE}/${contratto}/servizi/${servizio}/giorni/${g}/turni/${res.json().id}`,
    };
  }
  const assign = (s: Shift, operatore: number, add = true) =>
    req("POST", `${s.url}/operatori/`, { operatore: { id: operatore }, add });
  const stewardOp = (cognome: string, extra: Parameters<typeof createOperatore>[1] = { cognome }) =>
    createOperatore(ctx().database.db, {
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
      ...extra,
      cognome,
    });

  beforeAll(async () => {
    const db = ctx().database.db;
    token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    steward = await posizioneId(db, "Steward");
    armata = await posizioneId(db, "Guardia particolare giurata armata");
    const cliente = await createCliente(db, "Stadio Comunale S.r.l.");
    contratto = (await req("POST", `${BASE}/`, { titolo: "Partite", cliente })).json().id;
    servizio = (
      await req("POST", `${BASE}/${contratto}/servizi/`, {
        dal: "2025-03-01",
        al: "2025-10-31",
        indirizzo: "Piazzale dello Sport 1",
        lat: 45.4781,
        lng: 9.124,
        giorni_settimana: [],
      })
    ).json().id;
  });

  it("assigns, shows the operator in the grid, confirms, unconfirms and unassigns, with audit lines", async () => {
    const op = await stewardOp("Verdi");
    const s = await shift("2025-06-02", ["08:00", "16:00"]);
    const a = await assign(s, op);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual({
      result: "OK",
      operatore: { id: op, cognome: "Verdi", nome: "Mario", confermato: false },
      warnings: [],
    });
    const conf = await req("POST", `${s.url}/operatori-conf/`, { operatore: { id: op }, add: true });
    expect(conf.json().operatore.confermato).toBe(true);
    const grid = (await req("GET", `${BASE}/${contratto}/servizi/${servizio}/?dal=2025-06-02&al=2025-06-02`)).json();
    expect(grid.giorni[0].turni.find((t: { id: number }) => t.id === s.id).operatori).toEqual([
      { id: op, cognome: "Verdi", nome: "Mario", confermato: true },
    ]);
    const unconf = await req("POST", `${s.url}/operatori-conf/`, { operatore: { id: op } });
    expect(unconf.json().operatore.confermato).toBe(false);
    expect((await assign(s, op, false)).json()).toMatchObject({ result: "OK" });
    const logs = await queryRows<{
      azione: string;
      dati: { change_log: string[] };
      related: { content_type: string }[];
    }>(
      ctx().database.db,
      sql`SELECT azione, dati, related FROM log_entries WHERE content_type = 'turno' AND object_id = ${String(s.id)} ORDER BY id`,
    );
    expect(logs.map((l) => l.azione)).toEqual([
      "Creazione",
      "Assegnazione operatore",
      "Conferma operatore",
      "Annullamento conferma operatore",
      "Rimozione operatore",
    ]);
    expect(logs[1].dati.change_log).toEqual(['Operatore: "—" → "Verdi Mario"']);
    expect(logs[1].related.map((r) => r.content_type)).toEqual(["servizio", "contratto", "operatore", "giorno"]);
    const rows = await queryRows(
      ctx().database.db,
      sql`SELECT 1 FROM turni_operatori_periodi WHERE operatore_id = ${op}`,
    );
    expect(rows).toHaveLength(0);
  });

  it("refuses an overlapping shift, across midnight, naming the other shift", async () => {
    const op = await stewardOp("Neri");
    const night = await shift("2025-06-03", ["22:00", "06:00"]);
    const morning = await shift("2025-06-04", ["05:00", "13:00"]);
    expect((await assign(night, op)).statusCode).toBe(200);
    const res = await assign(morning, op);
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe("turno_sovrapposto");
    expect(res.json().detail).toBe(
      "L'operatore è già assegnato a un turno sovrapposto: 03/06/2025 22:00–06:00, contratto «Partite» (Stadio Comunale S.r.l.)",
    );
    // A shift starting when the night ends does not overlap it (the ranges only touch); it is
    // refused for the rest alone, which a holder of erp_contratti_deroghe may override.
    const after = await shift("2025-06-04", ["06:00", "07:00"]);
    const touching = await assign(after, op);
    expect(touching.statusCode).toBe(409);
    expect(touching.json()).toMatchObject({ reason: "riposo_insufficiente", derogabile: true });
    expect(touching.json().reasons.map((r: { code: string }) => r.code)).toEqual(["riposo_insufficiente"]);
  });

  it("refuses ceased, black-listed, inactive, refused, unqualified and unlicensed operators", async () => {
    const db = ctx().database.db;
    const s = await shift("2025-06-05", ["08:00", "16:00"]);
    const cases: [string, number][] = [
      ["cessato", await stewardOp("Cessati", { cognome: "Cessati", cessato: true })],
      ["black_list", await stewardOp("Nerolista", { cognome: "Nerolista", black_list: true })],
      ["non_attivo", await stewardOp("Inattivi", { cognome: "Inattivi", attivo: false })],
      [
        "qualifica_mancante",
        await createOperatore(db, { cognome: "Senzaqualifica", documenti: [{ tipo: "attestato_steward" }] }),
      ],
      ["licenza_mancante", await createOperatore(db, { cognome: "Senzattestato", posizioni: [steward] })],
    ];
    const ng = await stewardOp("Sgradito");
    const add = await req("POST", `${BASE}/${contratto}/non-graditi/`, {
      operatore: ng,
      motivo: "Richiesta del cliente",
    });
    expect(add.statusCode).toBe(201);
    cases.push(["non_gradito", ng]);
    for (const [reason, op] of cases) {
      const res = await assign(s, op);
      expect(res.statusCode).toBe(409);
      expect(res.json().reason).toBe(reason);
      expect(typeof res.json().detail).toBe("string");
    }
    expect((await assign(s, ng)).json().detail).toBe(
      "L'operatore non è gradito dal cliente su questo contratto (Richiesta del cliente)",
    );
  });

  it("requires the armed guard's licences valid on the day of the shift", async () => {
    const s = await shift("2025-06-06", ["08:00", "16:00"], { posizione: armata });
    const expired = await createOperatore(ctx().database.db, {
      cognome: "Scaduto",
      posizioni: [armata],
      documenti: [{ tipo: "decreto_gpg" }, { tipo: "porto_armi", data_scadenza: "2025-06-05" }],
    });
    const res = await assign(s, expired);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ reason: "licenza_mancante" });
    expect(res.json().detail).toContain("valida il 06/06/2025");
    const valid = await createOperatore(ctx().database.db, {
      cognome: "Valido",
      posizioni: [armata],
      documenti: [{ tipo: "decreto_gpg" }, { tipo: "porto_armi", data_scadenza: "2025-06-06" }],
    });
    expect((await assign(s, valid)).statusCode).toBe(200);
  });

  it("refuses an unavailable operator (period or weekday)", async () => {
    const db = ctx().database.db;
    const s = await shift("2025-06-07", ["08:00", "16:00"]); // a Saturday
    const ill = await stewardOp("Malato");
    await db.execute(
      sql`INSERT INTO operatori_indisponibilita (operatore_id, dal, al, motivo) VALUES (${ill}, '2025-06-07 15:00+02', '2025-06-08 00:00+02', 'Ferie')`,
    );
    const r1 = await assign(s, ill);
    expect(r1.statusCode).toBe(409);
    expect(r1.json()).toMatchObject({
      reason: "indisponibile",
      detail: "L'operatore è indisponibile in questo orario (Ferie)",
    });
    const noSat = await stewardOp("Nosabato");
    await db.execute(
      sql`INSERT INTO operatori_disponibilita (operatore_id, giorno_settimana, disponibile) VALUES (${noSat}, 6, false)`,
    );
    const r2 = await assign(s, noSat);
    expect(r2.json()).toMatchObject({
      reason: "non_disponibile_giorno",
      detail: "L'operatore non è disponibile di sabato",
    });
  });

  it("refuses less than 11 hours of rest and more than 48 hours in 7 days with the Italian reason (issue 15)", async () => {
    const op = await stewardOp("Stakanov");
    const late = await shift("2025-06-09", ["14:00", "23:00"]);
    expect((await assign(late, op)).json().warnings).toEqual([]);
    const early = await shift("2025-06-10", ["06:00", "14:00"]);
    const w = await assign(early, op);
    expect(w.statusCode).toBe(409);
    const rest =
      "Riposo insufficiente: solo 7:00 ore dalla fine del turno precedente (09/06/2025 23:00), il minimo è di 11 ore consecutive (D.Lgs. 66/2003)";
    expect(w.json()).toEqual({
      detail: rest,
      reason: "riposo_insufficiente",
      reasons: [{ code: "riposo_insufficiente", message: rest }],
      derogabile: true,
    });
    for (const d of ["2025-06-11", "2025-06-12", "2025-06-13", "2025-06-14"]) {
      const s = await shift(d, ["06:00", "15:00"]);
      expect((await assign(s, op)).statusCode).toBe(200);
    }
    // 9 + 4 × 9 = 45 h already
    const sun = await shift("2025-06-15", ["06:00", "10:00"]);
    const res = await assign(sun, op);
    expect(res.statusCode).toBe(409);
    expect(res.json().reasons).toContainEqual({
      code: "ore_settimanali",
      message:
        "Superato il limite di 48 ore in 7 giorni: con questo turno l'operatore lavorerebbe 49:00 ore (D.Lgs. 66/2003)",
    });
    const rows = await queryRows<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM turni_operatori WHERE operatore_id = ${op}`,
    );
    expect(rows[0].n).toBe(5);
  });

  it("refuses a shift longer than the profile allows and a required course expired by the day", async () => {
    const op = await stewardOp("Lungo");
    const long = await shift("2025-07-01", ["06:00", "20:00"]);
    const res = await assign(long, op);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      reason: "turno_lungo",
      detail: "Il turno dura 14:00 ore, oltre il massimo di 13 ore per turno (D.Lgs. 66/2003)",
      derogabile: true,
    });
    const db = ctx().database.db;
    const gpg = await posizioneId(db, "Guardia particolare giurata");
    const guard = await createOperatore(db, {
      cognome: "Scaduto",
      posizioni: [gpg],
      documenti: [{ tipo: "decreto_gpg" }],
    });
    await db.execute(
      sql`INSERT INTO operatori_corsi (operatore_id, tipo, data_scadenza) VALUES (${guard}, 'aggiornamento_gpg', '2025-06-30')`,
    );
    const s = await shift("2025-07-02", ["08:00", "16:00"], { posizione: gpg });
    const refused = await assign(s, guard);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: "corso_scaduto",
      detail:
        "Corso richiesto dalla qualifica scaduto, non valido il 02/07/2025: Aggiornamento guardia particolare giurata",
    });
    // A renewed course (a valid one of the same kind) lets the guard in.
    await db.execute(
      sql`INSERT INTO operatori_corsi (operatore_id, tipo, data_scadenza) VALUES (${guard}, 'aggiornamento_gpg', '2026-06-30')`,
    );
    expect((await assign(s, guard)).statusCode).toBe(200);
  });

  it("a holder of erp_contratti_deroghe overrides a limit with a reason: recorded with the assignment, audited, reported", async () => {
    const op = await stewardOp("Derogato");
    await assign(await shift("2025-07-07", ["14:00", "23:00"]), op);
    const early = await shift("2025-07-08", ["06:00", "14:00"]);
    const body = { operatore: { id: op }, add: true, deroga: "Sostituzione urgente per malattia del titolare" };

    // Without the permission, a reason does not open the door: 403, nothing written.
    const planner = await req("POST", `${early.url}/operatori/`, body);
    expect(planner.statusCode).toBe(403);
    expect(planner.json().detail).toBe(
      "Non disponi del permesso di derogare ai limiti di lavoro (erp_contratti_deroghe)",
    );
    const capo = (await ctx().createUser({ permissions: ["erp_contratti", "erp_contratti_deroghe"] })).token;
    const as = (method: "GET" | "POST", url: string, data?: unknown) =>
      ctx().app.inject({ method, url, headers: auth(capo), ...(data ? { payload: { data } } : {}) });
    // With the permission but no reason: still the 409.
    expect((await as("POST", `${early.url}/operatori/`, { ...body, deroga: "  " })).statusCode).toBe(409);

    const ok = await as("POST", `${early.url}/operatori/`, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().operatore).toMatchObject({ id: op, confermato: false });
    const db = ctx().database.db;
    const [row] = await queryRows<{ motivo: string; codici: string[] | string; dettaglio: string }>(
      db,
      sql`SELECT d.motivo, d.codici, d.dettaglio FROM turni_operatori a JOIN turni_deroghe d ON d.id = a.deroga_id
          WHERE a.turno_id = ${early.id} AND a.operatore_id = ${op}`,
    );
    expect(row.motivo).toBe("Sostituzione urgente per malattia del titolare");
    expect(row.dettaglio).toMatch(/^Riposo insufficiente: solo 7:00 ore/);
    const [log] = await queryRows<{ note: string; dati: { change_log: string[] } }>(
      db,
      sql`SELECT note, dati FROM log_entries WHERE content_type = 'turno' AND object_id = ${String(early.id)}
          AND azione = 'Assegnazione operatore'`,
    );
    expect(log.note).toMatch(/^Deroga: Sostituzione urgente per malattia del titolare \(Riposo insufficiente/);
    expect(log.dati.change_log).toContain('Deroga: "—" → "Sostituzione urgente per malattia del titolare"');

    // A refusal that is not a limit (black list) is never overridden.
    const black = await stewardOp("Nero", { cognome: "Nero", black_list: true });
    const s2 = await shift("2025-07-09", ["08:00", "12:00"]);
    const refused = await as("POST", `${s2.url}/operatori/`, { ...body, operatore: black });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ reason: "black_list", derogabile: false });

    // The report lists it, and keeps it after the operator is removed from the shift.
    expect((await as("POST", `${early.url}/operatori/`, { operatore: op, add: false })).statusCode).toBe(200);
    const report = await as("GET", "/api/pianificazione/deroghe/?global=Derogato");
    expect(report.statusCode).toBe(200);
    expect(report.json().results).toEqual([
      expect.objectContaining({
        operatore: "Derogato Mario",
        giorno: "2025-07-08",
        orario: "06:00–14:00",
        cliente: "Stadio Comunale S.r.l.",
        motivo: "Sostituzione urgente per malattia del titolare",
        codici: ["riposo_insufficiente"],
      }),
    ]);
    // Append-only.
    await expect(db.execute(sql`DELETE FROM turni_deroghe`)).rejects.toThrow();
  });

  it("puts one operator on every shift of a week that fits them, skipping and reporting the rest; then removes them all (issue 15 item 4)", async () => {
    const op = await stewardOp("Settimana");
    const db = ctx().database.db;
    const gpg = await posizioneId(db, "Guardia particolare giurata");
    const mon = await shift("2025-08-04", ["08:00", "14:00"]);
    const tue = await shift("2025-08-05", ["08:00", "14:00"]);
    const tueGpg = await shift("2025-08-05", ["15:00", "19:00"], { posizione: gpg });
    const wed = await shift("2025-08-06", ["08:00", "14:00"]);
    const thuNight = await shift("2025-08-07", ["22:00", "06:00"]);
    const fri = await shift("2025-08-08", ["08:00", "14:00"]);
    const url = `${BASE}/${contratto}/servizi/${servizio}/operatori-periodo/`;
    const res = await req("POST", url, {
      operatore: op,
      dal: "2025-08-04",
      al: "2025-08-08",
      azione: "assegna",
      conferma: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.eseguiti.map((t: { turno_id: number }) => t.turno_id)).toEqual([mon.id, tue.id, wed.id, thuNight.id]);
    // Not qualified for the guard's shift; Friday morning comes 2 hours after the night: rest refused.
    expect(body.saltati).toEqual([
      expect.objectContaining({
        turno_id: tueGpg.id,
        giorno: "2025-08-05",
        orario: "15:00–19:00",
        reason: "qualifica_mancante",
      }),
      expect.objectContaining({ turno_id: fri.id, reason: "riposo_insufficiente" }),
    ]);
    const rows = await queryRows<{ turno_id: number; confermato: boolean }>(
      db,
      sql`SELECT turno_id, confermato FROM turni_operatori WHERE operatore_id = ${op} ORDER BY turno_id`,
    );
    expect(rows).toEqual([mon, tue, wed, thuNight].map((s) => ({ turno_id: s.id, confermato: true })));

    const unconf = await req("POST", url, {
      operatore: op,
      dal: "2025-08-04",
      al: "2025-08-05",
      azione: "annulla_conferma",
    });
    expect(unconf.json().eseguiti).toHaveLength(2);
    const off = await req("POST", url, { operatore: op, dal: "2025-08-04", al: "2025-08-08", azione: "rimuovi" });
    expect(off.json()).toMatchObject({ saltati: [] });
    expect(off.json().eseguiti).toHaveLength(4);
    const left = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM turni_operatori WHERE operatore_id = ${op}`,
    );
    expect(left[0].n).toBe(0);

    const bad = await req("POST", url, { operatore: op, dal: "2025-08-08", al: "2025-08-04", azione: "assegna" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ al: "La data di fine non può precedere la data di inizio" });
  });

  it("uses the profile an administrator sets for the qualification", async () => {
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const list = await ctx().app.inject({
      method: "GET",
      url: "/api/pianificazione/profili-regole/",
      headers: auth(admin.token),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().results.map((p: { codice: string }) => p.codice)).toEqual(["CCNL_VIGILANZA", "DLGS_66_2003"]);
    const forbidden = await req("PUT", "/api/pianificazione/profili-regole/", { profili: [] });
    expect(forbidden.statusCode).toBe(403);
    const put = await ctx().app.inject({
      method: "PUT",
      url: "/api/pianificazione/profili-regole/",
      headers: auth(admin.token),
      payload: { data: { profili: [{ codice: "DLGS_66_2003", riposo_minimo_ore: 6 }] } },
    });
    expect(put.statusCode).toBe(200);
    const op = await stewardOp("Riposato");
    await assign(await shift("2025-06-16", ["14:00", "23:00"]), op);
    expect((await assign(await shift("2025-06-17", ["06:00", "14:00"]), op)).json().warnings).toEqual([]);
    await ctx().app.inject({
      method: "PUT",
      url: "/api/pianificazione/profili-regole/",
      headers: auth(admin.token),
      payload: { data: { profili: [{ codice: "DLGS_66_2003", riposo_minimo_ore: 11 }] } },
    });
  });

  it("bulk-assigns, skipping and reporting failures, then consolidates and reports what is uncovered", async () => {
    const s = await shift("2025-06-20", ["08:00", "16:00"], { richiesti: 4 });
    const ok1 = await stewardOp("Bulk1");
    const ok2 = await stewardOp("Bulk2");
    const bad = await stewardOp("Bulk3", { cognome: "Bulk3", black_list: true });
    const res = await req("POST", `${s.url}/operatori/bulk/`, { operatori: [ok1, bad, ok2] });
    expect(res.statusCode).toBe(200);
    expect(res.json().assegnati.map((o: { id: number }) => o.id)).toEqual([ok1, ok2]);
    expect(res.json().falliti).toEqual([{ id: bad, detail: "L'operatore è in black list", reason: "black_list" }]);
    const cons = await req("POST", `${s.url}/consolida/`);
    expect(cons.json()).toMatchObject({
      result: "OK",
      confermati: 2,
      scoperti: [{ turno_id: s.id, assegnati: 2, mancanti: 2 }],
    });
    const grid = (await req("GET", `${BASE}/${contratto}/servizi/${servizio}/?dal=2025-06-20&al=2025-06-20`)).json();
    expect(grid.giorni[0].turni[0].operatori.every((o: { confermato: boolean }) => o.confermato)).toBe(true);
    const day = await req("POST", `${BASE}/${contratto}/servizi/${servizio}/giorni/${s.giorno}/consolida/`);
    expect(day.json().confermati).toBe(0);
  });

  it("refuses to change a shift's qualification while an assigned operator lacks it; allowed once they are removed", async () => {
    const s = await shift("2025-06-21", ["08:00", "12:00"]);
    const op = await stewardOp("Cambioqualifica");
    expect((await assign(s, op)).statusCode).toBe(200);
    const put = await req("PUT", `${s.url}/`, { posizione: armata });
    expect(put.statusCode).toBe(409);
    expect(put.json().reason).toBe("qualifica_mancante");
    expect(put.json().detail).toMatch(/Cambioqualifica .* non ha i requisiti della nuova qualifica/);
    const [still] = await queryRows<{ posizione_id: number }>(
      ctx().database.db,
      sql`SELECT posizione_id FROM turni WHERE id = ${s.id}`,
    );
    expect(still.posizione_id).toBe(steward);
    // The other fields still change freely; the qualification once the operator is off the shift.
    expect((await req("PUT", `${s.url}/`, { operatori_richiesti: 2 })).statusCode).toBe(200);
    expect((await assign(s, op, false)).statusCode).toBe(200);
    expect((await req("PUT", `${s.url}/`, { posizione: armata })).statusCode).toBe(200);
  });

  it("ranks candidates: eligible first, then nearest, with reasons for the others", async () => {
    const s = await shift("2025-06-21", ["08:00", "16:00"]);
    const near = await stewardOp("Vicino", { cognome: "Vicino", lat: 45.48, lng: 9.13 });
    const far = await stewardOp("Lontano", { cognome: "Lontano", lat: 41.9, lng: 12.5 });
    const unq = await createOperatore(ctx().database.db, { cognome: "Inadatto", lat: 45.4781, lng: 9.124 });
    const res = await req("GET", `${s.url}/candidati/`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      cliente: { ragione_sociale: "Stadio Comunale S.r.l." },
      contratto: { titolo: "Partite" },
      giorno: { giorno: "2025-06-21" },
      turno: { inizio_f1: "08:00:00", fine_f1: "16:00:00" },
    });
    const ids = body.results.map((r: { id: number }) => r.id);
    expect(ids.indexOf(near)).toBeLessThan(ids.indexOf(far));
    expect(ids.indexOf(far)).toBeLessThan(ids.indexOf(unq));
    const u = body.results.find((r: { id: number }) => r.id === unq);
    expect(u.eligible).toBe(false);
    expect(u.reasons[0].message).toBe("L'operatore non ha la qualifica richiesta: Steward");
    const dayRes = await req(
      "GET",
      `${BASE}/${contratto}/servizi/${servizio}/giorni/${s.giorno}/candidati/?turno=${s.id}`,
    );
    expect(dayRes.json().turni[0].results.map((r: { id: number }) => r.id)).toEqual(ids);
  });

  it("never double-books one operator, even with 20 parallel assignments (real PostgreSQL)", async () => {
    if (ctx().kind !== "postgres") return;
    const op = await stewardOp("Conteso");
    const shifts: Shift[] = [];
    for (let i = 0; i < 20; i++) shifts.push(await shift("2025-06-25", [`08:${String(i).padStart(2, "0")}`, "16:00"]));
    const results = await Promise.all(shifts.map((s) => assign(s, op)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().reason).toBe("turno_sovrapposto");
    const rows = await queryRows(ctx().database.db, sql`SELECT 1 FROM turni_operatori WHERE operatore_id = ${op}`);
    expect(rows).toHaveLength(1);
  });
});
