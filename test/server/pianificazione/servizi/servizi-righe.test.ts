import { sql } from "drizzle-orm";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

describeEachDb("pianificazione: prices, costs, equipment, assigned operators, intermittenti", (ctx) => {
  it("keeps a contract's prices and a service's costs and equipment, lists assigned hours and intermittent calls", async () => {
    const db = ctx().database.db;
    const { token } = await ctx().createUser({ permissions: ["erp_contratti", "erp_intermittenti"] });
    const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, data?: unknown) =>
      ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });
    const steward = await posizioneId(db, "Steward");
    const c = (await req("POST", `${BASE}/`, { titolo: "Fiera", cliente: await createCliente(db) })).json();

    // prezzi need erp_contratti_prezzi
    expect((await req("GET", `${BASE}/${c.id}/prezzi/`)).statusCode).toBe(403);
    const admin = await ctx().createUser({ permissions: ["erp_contratti_prezzi"] });
    const prezzo = await ctx().app.inject({
      method: "POST",
      url: `${BASE}/${c.id}/prezzi/`,
      headers: auth(admin.token),
      payload: { data: { posizione: steward, prezzo_orario: "21.50", maggiorazione_notturna: 15 } },
    });
    expect(prezzo.statusCode).toBe(201);
    expect(prezzo.json()).toMatchObject({
      posizione: { id: steward, descrizione: "Steward" },
      prezzo_orario: 21.5,
      maggiorazione_notturna: 15,
    });

    const s = (
      await req("POST", `${BASE}/${c.id}/servizi/`, {
        dal: "2025-09-01",
        al: "2025-09-01",
        turni: [{ inizio_f1: "20:00", fine_f1: "02:00", posizione: steward, operatori_richiesti: 1 }],
      })
    ).json();
    const S = `${BASE}/${c.id}/servizi/${s.id}`;
    const costo = await req("POST", `${S}/costi/`, { tipo: "Vitto", importo: 120.4, data: "2025-09-01" });
    expect(costo.statusCode).toBe(201);
    expect((await req("PUT", `${S}/costi/${costo.json().id}/`, { importo: 99 })).json().importo).toBe(99);
    const bad = await req("POST", `${S}/costi/`, { tipo: "", importo: "abc", data: "2025-13-01" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["data", "importo", "tipo"]);

    const op = await createOperatore(db, {
      cognome: "Intermittente",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
    });
    await db.execute(
      sql`INSERT INTO operatori_contratti (operatore_id, tipo, data_inizio) VALUES (${op}, 'intermittente', '2025-01-01')`,
    );
    const dot = await req("POST", `${S}/dotazioni/`, {
      descrizione: "Radio",
      operatore: op,
      consegnata_il: "2025-09-01",
    });
    expect(dot.json()).toMatchObject({ descrizione: "Radio", quantita: 1, operatore: { id: op }, restituita_il: null });

    const g = s.giorni[0];
    const T = `${S}/giorni/${g.id}/turni/${g.turni[0].id}`;
    expect((await req("POST", `${T}/operatori/`, { operatore: { id: op }, add: true })).statusCode).toBe(200);
    const assegnati = (await req("GET", `${S}/operatori-assegnati/`)).json().results;
    expect(assegnati).toEqual([
      expect.objectContaining({ id: op, turni: 1, turni_confermati: 0, secondi: 6 * 3600, primo_giorno: "2025-09-01" }),
    ]);

    const list = (await req("GET", "/api/pianificazione/intermittenti/?dal=2025-09-01&al=2025-09-30")).json();
    expect(list.results).toHaveLength(1);
    expect(list.results[0]).toMatchObject({
      operatore: { id: op },
      giorno: "2025-09-01",
      comunicazione_inviata: false,
    });
    const com = await req("POST", `/api/pianificazione/intermittenti/${list.results[0].id}/comunicazione/`, {
      inviata_il: "2025-08-31T18:00:00+02:00",
      riferimento: "UNILAV-123",
    });
    expect(com.statusCode).toBe(200);
    const again = (await req("GET", "/api/pianificazione/intermittenti/?dal=2025-09-01&al=2025-09-30")).json();
    expect(again.results[0]).toMatchObject({ comunicazione_inviata: true, riferimento: "UNILAV-123" });

    const storico = (await req("GET", "/api/pianificazione/storico-turni/?dal=2025-09-01&al=2025-09-01")).json();
    expect(storico.results[0]).toMatchObject({ contratto: "Fiera", operatori: [{ id: op, cognome: "Intermittente" }] });

    // a shift with assignments is kept
    const del = await req("DELETE", `${T}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json().detail).toBe("Il turno ha 1 assegnazione di operatori: rimuovila prima di eliminarlo");
  });

  it("checks a PUT of one date of an equipment item against the stored other one", async () => {
    const db = ctx().database.db;
    const { token } = await ctx().createUser({ permissions: ["erp_contratti"] });
    const req = (method: "POST" | "PUT", url: string, data: unknown) =>
      ctx().app.inject({ method, url, headers: auth(token), payload: { data } });
    const steward = await posizioneId(db, "Steward");
    const c = (await req("POST", `${BASE}/`, { titolo: "Concerto", cliente: await createCliente(db) })).json();
    const s = (
      await req("POST", `${BASE}/${c.id}/servizi/`, {
        dal: "2025-10-01",
        al: "2025-10-01",
        turni: [{ inizio_f1: "18:00", fine_f1: "23:00", posizione: steward, operatori_richiesti: 1 }],
      })
    ).json();
    const D = `${BASE}/${c.id}/servizi/${s.id}/dotazioni/`;
    const dot = await req("POST", D, { descrizione: "Giubbotto", consegnata_il: "2025-10-01" });
    expect(dot.statusCode).toBe(201);

    const early = await req("PUT", `${D}${dot.json().id}/`, { restituita_il: "2025-09-30" });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual({ restituita_il: "La restituzione non può precedere la consegna" });
    const row = await db.execute(sql`SELECT restituita_il FROM servizi_dotazioni WHERE id = ${dot.json().id}`);
    expect((row as unknown as { rows: { restituita_il: unknown }[] }).rows[0].restituita_il).toBeNull();

    const ok = await req("PUT", `${D}${dot.json().id}/`, { restituita_il: "2025-10-02" });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ consegnata_il: "2025-10-01", restituita_il: "2025-10-02" });
  });
});
