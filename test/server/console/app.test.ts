/**
 * /api/app/ — the guards' app (issue 12 item 1): credentials set by HR, the app token kind that
 * opens only /api/app/ (and a staff token that never opens it), the guard's shifts, idempotent
 * check-in/out, late sync, tickets with replies, the write limit, the audit entries.
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { queryOne, queryRows } from "../../../server/db/query";
import { INFORMATIVA_VERSIONE } from "../../../src/domain/informativa-posizione";
import { auth, describeEachDb } from "../helpers/app";

const NOW = new Date("2026-07-10T08:00:00Z"); // 10:00 in Rome

describeEachDb("app delle guardie", (ctx) => {
  const db = () => ctx().database.db;
  const inject = (method: "GET" | "POST" | "PUT", url: string, token?: string, payload?: object) => {
    const headers = token ? auth(token) : {};
    return payload === undefined
      ? ctx().app.inject({ method, url, headers })
      : ctx().app.inject({ method, url, headers, payload });
  };
  const one = async <T>(q: ReturnType<typeof sql>) => (await queryOne<T>(db(), q)) as T;
  const count = async (q: ReturnType<typeof sql>) => (await one<{ n: number }>(q)).n;

  let hr: { id: number; token: string; password: string };
  let staff: { id: number; token: string };
  let guardia: number;
  let collega: number;
  let senzaApp: number;
  const turni: Record<string, number> = {};
  let token: string;

  async function operatore(cognome: string, applicazione: boolean): Promise<number> {
    return (
      await one<{ id: number }>(
        sql`INSERT INTO operatori (nome, cognome, applicazione) VALUES ('Giuseppe', ${cognome}, ${applicazione}) RETURNING id`,
      )
    ).id;
  }

  async function turno(name: string, giorno: string, inizio: string, fine: string, assegnati: number[]) {
    const cliente = (
      await one<{ id: number }>(
        sql`INSERT INTO clienti (ragione_sociale, citta, prov) VALUES (${`Cliente ${name}`}, 'Milano', 'MI') RETURNING id`,
      )
    ).id;
    const contratto = (
      await one<{ id: number }>(
        sql`INSERT INTO contratti (titolo, cliente_id) VALUES (${`Contratto ${name}`}, ${cliente}) RETURNING id`,
      )
    ).id;
    const servizio = (
      await one<{ id: number }>(
        sql`INSERT INTO servizi (contratto_id, dal, al, descrizione, indirizzo, lat, lng)
          VALUES (${contratto}, ${giorno}::date, ${giorno}::date, 'Portierato', 'Via Roma 1, Milano', 45.4642, 9.19) RETURNING id`,
      )
    ).id;
    const g = (
      await one<{ id: number }>(
        sql`INSERT INTO giorni (servizio_id, giorno) VALUES (${servizio}, ${giorno}::date) RETURNING id`,
      )
    ).id;
    const t = (
      await one<{ id: number }>(
        sql`INSERT INTO turni (giorno_id, inizio_f1, fine_f1, posizione_id)
          VALUES (${g}, ${inizio}::time, ${fine}::time, (SELECT min(id) FROM posizioni)) RETURNING id`,
      )
    ).id;
    for (const op of assegnati)
      await db().execute(sql`INSERT INTO turni_operatori (turno_id, operatore_id) VALUES (${t}, ${op})`);
    turni[name] = t;
  }

  const checkIn = (over: Record<string, unknown> = {}) => ({
    data: {
      id: "6f1c2a8e-4b7d-4f3a-9a51-2c0e8d7b1f34",
      turno_id: turni.oggi,
      tipo: "ingresso",
      data_ora: "2026-07-10T09:58:12+02:00",
      lat: 45.4641,
      lng: 9.1901,
      accuratezza: 12,
      ...over,
    },
  });

  beforeAll(async () => {
    ctx().setNow(NOW);
    // Issuing a guard's app credentials is HR's (erp_operatori_anagrafica), confirmed with the own password.
    hr = await ctx().createUser({
      permissions: ["erp_operatori", "erp_operatori_anagrafica"],
      nome: "Paola",
      cognome: "Bianchi",
    });
    staff = await ctx().createUser({ permissions: ["erp_admin"] });
    guardia = await operatore("Russo", true);
    collega = await operatore("Esposito", true);
    senzaApp = await operatore("Verdi", false);
    await turno("oggi", "2026-07-10", "10:00", "18:00", [guardia]);
    await turno("settimana-scorsa", "2026-07-03", "08:00", "16:00", [guardia]);
    await turno("troppo-vecchio", "2026-07-02", "08:00", "16:00", [guardia]);
    await turno("fra-30-giorni", "2026-08-09", "08:00", "16:00", [guardia]);
    await turno("troppo-avanti", "2026-08-10", "08:00", "16:00", [guardia]);
    await turno("del-collega", "2026-07-10", "10:00", "18:00", [collega]);
  });
  afterAll(() => ctx().setNow(null));

  describe("credentials set by HR", () => {
    it("refuses a planner, a wrong or missing own password, and an operator without the app (issue 30 item 5)", async () => {
      const body = { data: { password_utente: hr.password, username: "g.verdi" } };
      const url = (id: number) => `/api/comunicazioni/operatori/${id}/credenziali-app/`;
      const noPerm = await ctx().createUser({ permissions: ["erp_contratti"] });
      expect((await inject("POST", url(guardia), noPerm.token, body)).statusCode).toBe(403);
      // Every planner holds erp_operatori: that is not enough to set a guard's password.
      const planner = await ctx().createUser({ permissions: ["erp_operatori", "erp_contratti"] });
      const byPlanner = { data: { password_utente: planner.password, username: "g.verdi" } };
      expect((await inject("POST", url(guardia), planner.token, byPlanner)).statusCode).toBe(403);
      const wrong = await inject("POST", url(guardia), hr.token, {
        data: { password_utente: "non-la-mia-password", username: "g.verdi" },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().errors).toEqual({ password_utente: "La tua password non è corretta" });
      const missing = await inject("POST", url(guardia), hr.token, { data: { username: "g.verdi" } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual({ password_utente: "Inserisci la tua password per confermare" });
      expect(await count(sql`SELECT count(*)::int AS n FROM app_credenziali`)).toBe(0);
      const res = await inject("POST", url(senzaApp), hr.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe("L'operatore non ha l'applicazione abilitata");
      expect((await inject("POST", url(999999), hr.token, body)).statusCode).toBe(404);
      const bad = await inject("POST", url(guardia), hr.token, {
        data: { password_utente: hr.password, username: " ", password: "corta" },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        username: "Questo campo è obbligatorio",
        password: "La password deve avere almeno 10 caratteri",
      });
      expect(await count(sql`SELECT count(*)::int AS n FROM app_credenziali`)).toBe(0);
    });

    it("sets a generated password, answered once, audited without the password", async () => {
      const res = await inject("POST", `/api/comunicazioni/operatori/${guardia}/credenziali-app/`, hr.token, {
        data: { password_utente: hr.password, username: "g.russo" },
      });
      expect(res.statusCode).toBe(200);
      const out = res.json();
      expect(out).toMatchObject({ result: "OK", operatore_id: guardia, username: "g.russo" });
      expect(out.password).toMatch(/^[A-Za-z0-9]{16}$/);
      const audit = await queryRows<{ azione: string; utente_id: number; note: string; dati: unknown }>(
        db(),
        sql`SELECT azione, utente_id, note, dati FROM log_entries WHERE content_type = 'operatore' AND object_id = ${String(guardia)}`,
      );
      expect(audit).toEqual([
        expect.objectContaining({
          azione: "Creazione",
          utente_id: hr.id,
          note: 'Credenziali dell\'app create (nome utente "g.russo")',
        }),
      ]);
      expect(JSON.stringify(audit)).not.toContain(out.password);

      // HR sets a chosen password; another operator cannot take the same name
      const set = await inject("POST", `/api/comunicazioni/operatori/${guardia}/credenziali-app/`, hr.token, {
        data: { password_utente: hr.password, username: "g.russo", password: "Cambiami-2026" },
      });
      expect(set.json()).toEqual({ result: "OK", operatore_id: guardia, username: "g.russo" });
      const taken = await inject("POST", `/api/comunicazioni/operatori/${collega}/credenziali-app/`, hr.token, {
        data: { password_utente: hr.password, username: "G.Russo", password: "Altra-Password-1" },
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toEqual({ username: "Nome utente già usato da un altro operatore" });
      await inject("POST", `/api/comunicazioni/operatori/${collega}/credenziali-app/`, hr.token, {
        data: { password_utente: hr.password, username: "a.esposito", password: "Altra-Password-1" },
      });
    });
  });

  describe("sign-in and the two token kinds", () => {
    it("refuses a wrong password with the same answer as an unknown name", async () => {
      const wrong = await inject("POST", "/api/app/login/", undefined, { username: "g.russo", password: "sbagliata" });
      const unknown = await inject("POST", "/api/app/login/", undefined, {
        username: "nessuno",
        password: "sbagliata",
      });
      expect([wrong.statusCode, unknown.statusCode]).toEqual([400, 400]);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.json().detail).toBe("Impossibile accedere con le credenziali fornite");
    });

    it("signs the guard in", async () => {
      const res = await inject("POST", "/api/app/login/", undefined, {
        username: "G.RUSSO",
        password: "Cambiami-2026",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().operatore).toEqual({ id: guardia, full_name: "Giuseppe Russo" });
      token = res.json().token;
    });

    it("an app token never opens the back office; a staff token never opens the app", async () => {
      for (const url of ["/api/auth/account/", "/api/comunicazioni/summary/", "/api/anagrafiche/operatori/"]) {
        expect([url, (await inject("GET", url, token)).statusCode]).toEqual([url, 401]);
      }
      for (const url of ["/api/app/turni/", "/api/app/ticket/", "//api/app/turni/", "/%61pi/app/turni/"]) {
        expect([url, (await inject("GET", url, staff.token)).statusCode]).toEqual([url, 401]);
        expect([url, (await inject("GET", url, hr.token)).statusCode]).toEqual([url, 401]);
      }
      const write = await inject("POST", "/api/app/timbrature/", staff.token, checkIn());
      expect(write.statusCode).toBe(401);
      expect(await count(sql`SELECT count(*)::int AS n FROM app_timbrature`)).toBe(0);
      expect((await inject("GET", "/api/app/turni/", token)).statusCode).toBe(200);
    });

    it("a guard whose app is switched off loses the token and cannot sign in", async () => {
      const login = await inject("POST", "/api/app/login/", undefined, {
        username: "a.esposito",
        password: "Altra-Password-1",
      });
      const t = login.json().token;
      await db().execute(sql`UPDATE operatori SET applicazione = false WHERE id = ${collega}`);
      try {
        expect((await inject("GET", "/api/app/turni/", t)).statusCode).toBe(401);
        const again = await inject("POST", "/api/app/login/", undefined, {
          username: "a.esposito",
          password: "Altra-Password-1",
        });
        expect(again.statusCode).toBe(400);
      } finally {
        await db().execute(sql`UPDATE operatori SET applicazione = true WHERE id = ${collega}`);
      }
    });
  });

  it("lists the guard's own shifts from 7 days back to 30 ahead", async () => {
    const res = await inject("GET", "/api/app/turni/", token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect([body.dal, body.al]).toEqual(["2026-07-03", "2026-08-09"]);
    expect(body.results.map((t: { id: number }) => t.id)).toEqual([
      turni["settimana-scorsa"],
      turni.oggi,
      turni["fra-30-giorni"],
    ]);
    expect(body.results[1]).toEqual({
      id: turni.oggi,
      giorno: "2026-07-10",
      inizio_f1: "10:00:00",
      fine_f1: "18:00:00",
      inizio_f2: null,
      fine_f2: null,
      confermato: false,
      cliente: "Cliente oggi",
      contratto: "Contratto oggi",
      servizio: "Portierato",
      indirizzo: "Via Roma 1, Milano",
      lat: 45.4642,
      lng: 9.19,
      distanza_max_m: 300,
      timbrature: [],
    });
  });

  describe("check-in and check-out", () => {
    // The guard has read the notice on positions, as the app asks at the first sign-in (without it
    // the server keeps no position: test/server/console/app-privacy.test.ts).
    beforeAll(async () => {
      const ok = await inject("POST", "/api/app/informativa/", token, { data: { versione: INFORMATIVA_VERSIONE } });
      expect(ok.statusCode).toBe(200);
    });

    it("refuses bad input in Italian and writes nothing", async () => {
      const res = await inject(
        "POST",
        "/api/app/timbrature/",
        token,
        checkIn({ id: "non-un-uuid", lat: 91, tipo: "pausa" }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({
        id: "Identificativo della timbratura non valido (UUID)",
        lat: "Latitudine non valida",
        tipo: "Tipo non valido: ingresso o uscita",
      });
      const future = await inject(
        "POST",
        "/api/app/timbrature/",
        token,
        checkIn({ data_ora: "2026-07-10T10:30:00+02:00" }),
      );
      expect(future.statusCode).toBe(400);
      expect(future.json().errors).toEqual({ data_ora: "La data e ora del dispositivo è nel futuro" });
      const missing = await inject("POST", "/api/app/timbrature/", token, checkIn({ turno_id: 999999 }));
      expect(missing.statusCode).toBe(404);
      expect(await count(sql`SELECT count(*)::int AS n FROM app_timbrature`)).toBe(0);
    });

    it("records a check-in once, however many times the app sends it", async () => {
      const first = await inject("POST", "/api/app/timbrature/", token, checkIn());
      expect(first.statusCode).toBe(201);
      const expected = {
        id: "6f1c2a8e-4b7d-4f3a-9a51-2c0e8d7b1f34",
        turno_id: turni.oggi,
        tipo: "ingresso",
        data_ora: "2026-07-10 09:58:12",
        ricevuta_il: "2026-07-10 10:00:00",
        lat: 45.4641,
        lng: 9.1901,
        accuratezza: 12,
        sincronizzata_tardi: false,
        assegnato: true,
      };
      expect(first.json()).toEqual(expected);
      const again = await inject("POST", "/api/app/timbrature/", token, checkIn());
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(expected);
      expect(await count(sql`SELECT count(*)::int AS n FROM app_timbrature`)).toBe(1);
      const audit = await queryRows<{ azione: string; utente_id: number | null; note: string; related: unknown }>(
        db(),
        sql`SELECT azione, utente_id, note, related FROM log_entries WHERE content_type = 'timbratura'`,
      );
      expect(audit).toEqual([
        {
          azione: "Creazione",
          utente_id: null,
          note: "Ingresso dall'app di Giuseppe Russo",
          related: [
            { content_type: "operatore", object_id: String(guardia) },
            { content_type: "turno", object_id: String(turni.oggi) },
          ],
        },
      ]);
      const reused = await inject("POST", "/api/app/timbrature/", token, checkIn({ tipo: "uscita" }));
      expect(reused.statusCode).toBe(409);
      expect(reused.json().detail).toBe("Identificativo già usato per un'altra timbratura");
      const shifts = (await inject("GET", "/api/app/turni/", token)).json();
      expect(shifts.results[1].timbrature).toEqual([expected]);
    });

    it("keeps the device time of a check-out sent late and flags it; a shift not assigned is flagged too", async () => {
      const late = await inject(
        "POST",
        "/api/app/timbrature/",
        token,
        checkIn({
          id: "0b6e7d7e-1111-4c3a-8a51-2c0e8d7b1f35",
          turno_id: turni["settimana-scorsa"],
          tipo: "uscita",
          data_ora: "2026-07-03T16:02:00+02:00",
        }),
      );
      expect(late.statusCode).toBe(201);
      expect(late.json()).toMatchObject({
        data_ora: "2026-07-03 16:02:00",
        sincronizzata_tardi: true,
        assegnato: true,
      });
      const other = await inject(
        "POST",
        "/api/app/timbrature/",
        token,
        checkIn({ id: "0b6e7d7e-2222-4c3a-8a51-2c0e8d7b1f36", turno_id: turni["del-collega"] }),
      );
      expect(other.statusCode).toBe(201);
      expect(other.json()).toMatchObject({ sincronizzata_tardi: false, assegnato: false });
    });

    it("records a check-in without a position (permission denied, no fix) and refuses a partial one (issue 33)", async () => {
      const id = "0b6e7d7e-3333-4c3a-8a51-2c0e8d7b1f37";
      const partial = await inject("POST", "/api/app/timbrature/", token, checkIn({ id, lat: null }));
      expect(partial.statusCode).toBe(400);
      expect(partial.json().errors).toEqual({
        lat: "Posizione incompleta: latitudine, longitudine e accuratezza insieme, o nessuna",
      });
      expect(await count(sql`SELECT count(*)::int AS n FROM app_timbrature WHERE client_id = ${id}::uuid`)).toBe(0);
      const res = await inject(
        "POST",
        "/api/app/timbrature/",
        token,
        checkIn({ id, tipo: "uscita", lat: null, lng: null, accuratezza: null, secondi_in_coda: 0 }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ id, tipo: "uscita", lat: null, lng: null, accuratezza: null });
      const row = await one<{ lat: number | null; accuratezza: number | null }>(
        sql`SELECT lat, accuratezza FROM app_timbrature WHERE client_id = ${id}::uuid`,
      );
      expect(row).toEqual({ lat: null, accuratezza: null });
    });
  });

  describe("tickets", () => {
    it("opens a ticket, audited, and reads the office's replies; another guard's ticket is not found", async () => {
      const bad = await inject("POST", "/api/app/ticket/", token, { data: { tipo: "altro", oggetto: "", testo: "x" } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        tipo: "Categoria non valida: problema, richiesta o segnalazione",
        oggetto: "Questo campo è obbligatorio",
      });
      const res = await inject("POST", "/api/app/ticket/", token, {
        data: { tipo: "problema", oggetto: "Radio guasta", testo: "La radio portatile non trasmette." },
      });
      expect(res.statusCode).toBe(201);
      const id = res.json().id;
      expect(res.json()).toEqual({
        id,
        data_ora: "2026-07-10 10:00:00",
        tipo: "problema",
        stato: "aperto",
        oggetto: "Radio guasta",
        testo: "La radio portatile non trasmette.",
        foto: false,
        messaggi: [],
      });
      expect(
        await count(
          sql`SELECT count(*)::int AS n FROM log_entries WHERE content_type = 'ticket' AND object_id = ${String(id)}`,
        ),
      ).toBe(1);
      // the header alert sees it
      const problemi = (await inject("GET", "/api/comunicazioni/problemi-attivi/", staff.token)).json();
      expect(problemi.map((p: { id: number }) => p.id)).toContain(id);

      await db().execute(sql`INSERT INTO ticket_messaggi (ticket_id, data_ora, utente_id, testo)
                             VALUES (${id}, '2026-07-10T08:30:00Z', ${staff.id}, 'Mandiamo una radio nuova.')`);
      const read = await inject("GET", `/api/app/ticket/${id}/`, token);
      expect(read.json().messaggi).toEqual([
        {
          id: expect.any(Number),
          data_ora: "2026-07-10 10:30:00",
          autore: "ufficio",
          nome: "Mario Rossi",
          testo: "Mandiamo una radio nuova.",
        },
      ]);
      expect((await inject("GET", "/api/app/ticket/", token)).json().results.map((t: { id: number }) => t.id)).toEqual([
        id,
      ]);

      const altro = await inject("POST", "/api/app/login/", undefined, {
        username: "a.esposito",
        password: "Altra-Password-1",
      });
      expect((await inject("GET", `/api/app/ticket/${id}/`, altro.json().token)).statusCode).toBe(404);
    });
  });

  it("attaches a photo checked by content to the guard's own ticket; the desk downloads it", async () => {
    const id = (
      await one<{ id: number }>(sql`SELECT max(id) AS id FROM ticket_supporto WHERE operatore_id = ${guardia}`)
    ).id;
    const url = `/api/app/ticket/${id}/foto/`;
    const send = (data: Buffer, t = token) => {
      const boundary = "----erpfoto";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        data,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return ctx().app.inject({
        method: "POST",
        url,
        headers: { ...auth(t), "content-type": `multipart/form-data; boundary=${boundary}` },
        payload,
      });
    };
    const fake = await send(Buffer.from("<html>non sono una foto</html>"));
    expect(fake.statusCode).toBe(400);
    expect(await one<{ foto_id: string | null }>(sql`SELECT foto_id FROM ticket_supporto WHERE id = ${id}`)).toEqual({
      foto_id: null,
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    const ok = await send(png);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, foto: true });
    expect((await send(png)).statusCode).toBe(409);
    expect((await send(png, staff.token)).statusCode).toBe(401);
    const desk = await inject("GET", `/api/comunicazioni/ticket/${id}/`, staff.token);
    expect(desk.json().foto).toBe(true);
    const file = await inject("GET", `/api/comunicazioni/ticket/${id}/foto/`, staff.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/webp"); // re-encoded without metadata (server/lib/files.ts)
    expect(file.headers["content-disposition"]).toMatch(/^attachment/);
    expect((await inject("GET", `/api/comunicazioni/ticket/${id}/foto/`, token)).statusCode).toBe(401);
  });

  it("limits the writes of one guard (429) and writes nothing past the limit", async () => {
    await db().execute(sql`INSERT INTO rate_limits (bucket, key, window_start, hits)
                           VALUES ('app-write', ${String(guardia)}, ${NOW}, 60)
                           ON CONFLICT (bucket, key) DO UPDATE SET hits = 60, window_start = EXCLUDED.window_start`);
    const before = await count(sql`SELECT count(*)::int AS n FROM ticket_supporto`);
    const res = await inject("POST", "/api/app/ticket/", token, {
      data: { tipo: "richiesta", oggetto: "Divisa", testo: "Taglia L" },
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeDefined();
    expect(await count(sql`SELECT count(*)::int AS n FROM ticket_supporto`)).toBe(before);
    await db().execute(sql`DELETE FROM rate_limits WHERE bucket = 'app-write'`);
  });

  it("a credentials reset by HR and the guard's logout end the sessions", async () => {
    const other = (
      await inject("POST", "/api/app/login/", undefined, { username: "g.russo", password: "Cambiami-2026" })
    ).json().token;
    const out = await inject("POST", "/api/app/logout/", other);
    expect(out.statusCode).toBe(200);
    expect((await inject("GET", "/api/app/turni/", other)).statusCode).toBe(401);
    expect((await inject("GET", "/api/app/turni/", token)).statusCode).toBe(200);
    await inject("POST", `/api/comunicazioni/operatori/${guardia}/credenziali-app/`, hr.token, {
      data: { password_utente: hr.password, username: "g.russo", password: "Nuova-Password-9" },
    });
    expect((await inject("GET", "/api/app/turni/", token)).statusCode).toBe(401);
    const audit = await one<{ azione: string }>(
      sql`SELECT azione FROM log_entries WHERE content_type = 'operatore' AND object_id = ${String(guardia)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit.azione).toBe("Reimpostazione password");
  });

  it("documents the app API with examples in OpenAPI", async () => {
    const doc = (await inject("GET", "/api/docs/json")).json();
    const post = doc.paths["/api/app/timbrature/"].post;
    expect(JSON.stringify(post.requestBody)).toContain("6f1c2a8e-4b7d-4f3a-9a51-2c0e8d7b1f34");
    expect(Object.keys(doc.paths).filter((p: string) => p.startsWith("/api/app/"))).toEqual(
      expect.arrayContaining(["/api/app/login/", "/api/app/turni/", "/api/app/ticket/", "/api/app/ticket/{id}/"]),
    );
  });
});
