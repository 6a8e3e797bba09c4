import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

describeEachDb("pianificazione: contracts, services, days and shifts", (ctx) => {
  let token: string;
  let clienteId: number;
  let steward: number;

  beforeAll(async () => {
    token = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
    clienteId = await createCliente(ctx().database.db);
    steward = await posizioneId(ctx().database.db, "Steward");
  });

  const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, data?: unknown) =>
    ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });

  it("creates a contract with the SPEC defaults and reads it with its client", async () => {
    const res = await req("POST", `${BASE}/`, { titolo: "Vigilanza filiali", cliente: { id: clienteId } });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c).toMatchObject({
      titolo: "Vigilanza filiali",
      cliente: { id: clienteId, ragione_sociale: "Banca Popolare di Prova S.p.A." },
      tipo_contratto: "Giornaliero",
      sono_vigile: "0",
      notifica_allarme: null,
      attivo: true,
    });
    const got = await req("GET", `${BASE}/${c.id}/`);
    expect(got.json()).toEqual(c);
  });

  it("saves empty strings as null and notifica_allarme as true/false/null, with a change log", async () => {
    const c = (
      await req("POST", `${BASE}/`, { titolo: "Portierato", cliente_id: clienteId, agente: "Bianchi" })
    ).json();
    const put = await req("PUT", `${BASE}/${c.id}/`, { agente: "", notifica_allarme: "true", sede: "Via Roma 1" });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({
      agente: null,
      notifica_allarme: true,
      sede: "Via Roma 1",
      titolo: "Portierato",
    });
    const back = await req("PUT", `${BASE}/${c.id}/`, { notifica_allarme: "" });
    expect(back.json().notifica_allarme).toBeNull();
    const logs = await queryRows<{ dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT dati FROM log_entries WHERE content_type = 'contratto' AND object_id = ${String(c.id)} AND azione = 'Modifica' ORDER BY id`,
    );
    expect(logs[0].dati.change_log).toEqual(
      expect.arrayContaining(['Agente: "Bianchi" → "—"', 'Notifica allarme: "—" → "Sì"', 'Sede: "—" → "Via Roma 1"']),
    );
  });

  it("refuses bad input with Italian field errors and writes nothing", async () => {
    const res = await req("POST", `${BASE}/`, { titolo: "", cliente: 999999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe(
      "Si è verificato un errore di validazione. Controlla i campi contrassegnati e riprova",
    );
    expect(res.json().errors.titolo).toBe("Questo campo è obbligatorio");
    const unknownClient = await req("POST", `${BASE}/`, { titolo: "X", cliente: 999999 });
    expect(unknownClient.statusCode).toBe(400);
    expect(unknownClient.json().errors).toEqual({ cliente: "Cliente non trovato" });
    // The kind of contract is one of the form's (src/domain/contratto TIPI_CONTRATTO).
    const tipo = await req("POST", `${BASE}/`, { titolo: "X", cliente: clienteId, tipo_contratto: "Continuativo" });
    expect(tipo.statusCode).toBe(400);
    expect(tipo.json().errors).toEqual({ tipo_contratto: "Valore non valido" });
    const rows = await queryRows<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM contratti WHERE titolo = 'X'`,
    );
    expect(rows[0].n).toBe(0);
  });

  it("denies users without erp_contratti", async () => {
    const other = await ctx().createUser({ permissions: ["erp_operatori"] });
    const res = await ctx().app.inject({ method: "GET", url: `${BASE}/1/`, headers: auth(other.token) });
    expect(res.statusCode).toBe(403);
  });

  it("copies a week's shifts onto the next weeks and extends a service by a period (issue 15 item 1)", async () => {
    const c = (await req("POST", `${BASE}/`, { titolo: "Magazzino", cliente: clienteId })).json();
    const s = (
      await req("POST", `${BASE}/${c.id}/servizi/`, {
        dal: "2025-05-05",
        al: "2025-05-11",
        giorni_settimana: [1, 3],
        turni: [
          { inizio_f1: "08:00", fine_f1: "14:00", posizione: steward, operatori_richiesti: 2 },
          { inizio_f1: "22:00", fine_f1: "06:00", posizione: steward },
        ],
      })
    ).json();
    const S = `${BASE}/${c.id}/servizi/${s.id}`;
    const copy = await req("POST", `${S}/copia-settimana/`, { settimana: "2025-05-07", settimane: 2 });
    expect(copy.statusCode).toBe(200);
    expect(copy.json()).toEqual({
      giorni_creati: ["2025-05-12", "2025-05-14", "2025-05-19", "2025-05-21"],
      turni_creati: 8,
      giorni_esistenti: [],
    });
    const after = (await req("GET", `${S}/`)).json();
    expect(after.al).toBe("2025-05-21");
    const monday = after.giorni.find((g: { giorno: string }) => g.giorno === "2025-05-19");
    expect(
      monday.turni.map((t: { inizio_f1: string; operatori_richiesti: number }) => [t.inizio_f1, t.operatori_richiesti]),
    ).toEqual([
      ["08:00:00", 2],
      ["22:00:00", 1],
    ]);
    // Copied again: the days are there already and stay as they are.
    expect((await req("POST", `${S}/copia-settimana/`, { settimana: "2025-05-05", settimane: 1 })).json()).toEqual({
      giorni_creati: [],
      turni_creati: 0,
      giorni_esistenti: ["2025-05-12", "2025-05-14"],
    });

    const ext = await req("POST", `${S}/estendi/`, { dal: "2025-05-22", al: "2025-05-28" });
    expect(ext.statusCode).toBe(200);
    expect(ext.json().giorni_creati).toEqual(["2025-05-26", "2025-05-28"]);
    expect((await req("GET", `${S}/`)).json().al).toBe("2025-05-28");
    const logs = await queryRows<{ azione: string }>(
      ctx().database.db,
      sql`SELECT azione FROM log_entries WHERE content_type = 'servizio' AND object_id = ${String(s.id)} ORDER BY id`,
    );
    expect(logs.map((l) => l.azione)).toEqual(["Creazione", "Copia settimana", "Copia settimana", "Modifica"]);

    const empty = await req("POST", `${S}/copia-settimana/`, { settimana: "2025-06-30", settimane: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ settimana: "La settimana scelta non ha giorni pianificati" });
  });

  it("generates a service's days and shifts, including split and night shifts, and loads one month", async () => {
    const c = (await req("POST", `${BASE}/`, { titolo: "Centro commerciale", cliente: clienteId })).json();
    const res = await req("POST", `${BASE}/${c.id}/servizi/`, {
      dal: "2025-03-24",
      al: "2025-04-06",
      descrizione: "Presidio",
      indirizzo: "Via Torino 5, Milano",
      giorni_settimana: [6, 7],
      turni: [
        {
          inizio_f1: "08:00",
          fine_f1: "12:00",
          inizio_f2: "14:00",
          fine_f2: "18:00",
          posizione: steward,
          operatori_richiesti: 2,
        },
        { inizio_f1: "22:00", fine_f1: "06:00", posizione: { id: steward }, operatori_richiesti: 1 },
      ],
    });
    expect(res.statusCode).toBe(201);
    const s = res.json();
    expect(s.contratto).toEqual({
      id: c.id,
      titolo: "Centro commerciale",
      cliente: { id: clienteId, ragione_sociale: "Banca Popolare di Prova S.p.A." },
    });
    expect(s.giorni.map((g: { giorno: string }) => g.giorno)).toEqual([
      "2025-03-29",
      "2025-03-30",
      "2025-04-05",
      "2025-04-06",
    ]);
    expect(s.giorni[0].turni).toHaveLength(2);
    expect(s.giorni[0].turni[0]).toMatchObject({
      inizio_f1: "08:00:00",
      fine_f1: "12:00:00",
      inizio_f2: "14:00:00",
      fine_f2: "18:00:00",
      posizione: { id: steward, descrizione: "Steward" },
      operatori_richiesti: 2,
      operatori: [],
    });
    const month = await req("GET", `${BASE}/${c.id}/servizi/${s.id}/?dal=2025-04-01&al=2025-04-30`);
    expect(month.json().giorni.map((g: { giorno: string }) => g.giorno)).toEqual(["2025-04-05", "2025-04-06"]);
    const list = await req("GET", `${BASE}/${c.id}/servizi/`);
    expect(list.json().results[0]).toMatchObject({ id: s.id, giorni: 4 });
  });

  it("refuses a service longer than 400 days and bad shift times", async () => {
    const c = (await req("POST", `${BASE}/`, { titolo: "Lungo", cliente: clienteId })).json();
    const long = await req("POST", `${BASE}/${c.id}/servizi/`, { dal: "2025-01-01", al: "2026-03-01", turni: [] });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.al).toBe("Un servizio può coprire al massimo 400 giorni");
    const bad = await req("POST", `${BASE}/${c.id}/servizi/`, {
      dal: "2025-01-01",
      al: "2025-01-02",
      turni: [
        {
          inizio_f1: "08:00",
          fine_f1: "12:00",
          inizio_f2: "11:00",
          fine_f2: "13:00",
          posizione: steward,
          operatori_richiesti: 1,
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors["turni.0.inizio_f2"]).toBe("La seconda fascia deve iniziare dopo la fine della prima");
    const rows = await queryRows(ctx().database.db, sql`SELECT 1 FROM servizi WHERE contratto_id = ${c.id}`);
    expect(rows).toHaveLength(0);
  });

  it("adds, changes and removes single days and shifts; 404 across contracts", async () => {
    const c = (await req("POST", `${BASE}/`, { titolo: "Eventi", cliente: clienteId })).json();
    const s = (
      await req("POST", `${BASE}/${c.id}/servizi/`, { dal: "2025-06-01", al: "2025-06-30", giorni_settimana: [] })
    ).json();
    expect(s.giorni).toEqual([]);
    const g = await req("POST", `${BASE}/${c.id}/servizi/${s.id}/giorni/`, { giorno: "2025-06-10" });
    expect(g.statusCode).toBe(201);
    const outside = await req("POST", `${BASE}/${c.id}/servizi/${s.id}/giorni/`, { giorno: "2025-07-10" });
    expect(outside.json().errors.giorno).toBe("Il giorno è fuori dal periodo del servizio");
    const gid = g.json().id;
    const t = await req("POST", `${BASE}/${c.id}/servizi/${s.id}/giorni/${gid}/turni/`, {
      inizio_f1: "09:00",
      fine_f1: "17:00",
      posizione: steward,
      operatori_richiesti: 3,
    });
    expect(t.statusCode).toBe(201);
    const tid = t.json().id;
    const put = await req("PUT", `${BASE}/${c.id}/servizi/${s.id}/giorni/${gid}/turni/${tid}/`, { fine_f1: "18:00" });
    expect(put.json()).toMatchObject({ fine_f1: "18:00:00", operatori_richiesti: 3 });
    const other = (await req("POST", `${BASE}/`, { titolo: "Altro", cliente: clienteId })).json();
    const wrong = await req("GET", `${BASE}/${other.id}/servizi/${s.id}/`);
    expect(wrong.statusCode).toBe(404);
    expect((await req("DELETE", `${BASE}/${c.id}/servizi/${s.id}/giorni/${gid}/turni/${tid}/`)).json()).toEqual({
      result: "OK",
    });
    expect((await req("DELETE", `${BASE}/${c.id}/servizi/${s.id}/giorni/${gid}/`)).json()).toEqual({ result: "OK" });
    expect((await req("DELETE", `${BASE}/${c.id}/`)).json()).toEqual({ result: "OK" });
    expect((await req("GET", `${BASE}/${c.id}/`)).statusCode).toBe(404);
  });
});
