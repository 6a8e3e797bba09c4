/**
 * /api/comunicazioni/ticket/ — the desk (issue 12 item 2): the list (unread first; state,
 * category, operator, period), the detail with the conversation, the reply the guard reads in the
 * app, state and assignee (audited, only what is named, nothing for a no-op), permissions.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";
import { consoleFixture } from "./console-fixture";

describeEachDb("ticket supporto: la scrivania", (ctx) => {
  const db = () => ctx().database.db;
  const inject = (method: "GET" | "POST" | "PUT", url: string, token: string, payload?: object) =>
    payload === undefined
      ? ctx().app.inject({ method, url, headers: auth(token) })
      : ctx().app.inject({ method, url, headers: auth(token), payload });

  let desk: { id: number; token: string };
  let collega: { id: number; token: string };
  let planner: { id: number; token: string };
  let guardia: number;
  const ids: Record<string, number> = {};

  const fx = consoleFixture(ctx);
  async function ticket(name: string, op: number, at: string, tipo: string, stato = "aperto", letto = false) {
    ids[name] = await fx.ticket({
      operatore: op,
      oggetto: name,
      at,
      tipo,
      stato,
      lettoDa: letto ? desk.id : undefined,
    });
  }

  beforeAll(async () => {
    desk = await ctx().createUser({ permissions: ["erp_ticket-supporto"], nome: "Laura", cognome: "Conti" });
    collega = await ctx().createUser({ permissions: ["erp_admin"], nome: "Carlo", cognome: "Marini" });
    planner = await ctx().createUser({ permissions: ["erp_contratti"], nome: "Piero", cognome: "Galli" });
    guardia = await fx.operatore("Russo", { nome: "Giuseppe" });
    const altro = await fx.operatore("Ferrari", { nome: "Anna" });
    await ticket("letto-recente", guardia, "2026-07-09T08:00:00Z", "problema", "aperto", true);
    await ticket("non-letto-vecchio", altro, "2026-07-01T08:00:00Z", "richiesta");
    await ticket("non-letto-nuovo", guardia, "2026-07-08T08:00:00Z", "problema", "in_lavorazione");
    await ticket("chiuso", altro, "2026-06-01T08:00:00Z", "segnalazione", "chiuso", true);
  });

  it("lists unread first, then newest, with the filters of the desk", async () => {
    const res = await inject("GET", "/api/comunicazioni/ticket/", desk.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(4);
    expect(body.results.map((r: { oggetto: string }) => r.oggetto)).toEqual([
      "non-letto-nuovo",
      "non-letto-vecchio",
      "letto-recente",
      "chiuso",
    ]);
    expect(body.results[0]).toEqual({
      id: ids["non-letto-nuovo"],
      non_letto: true,
      data_ora: "2026-07-08 10:00:00",
      operatore: "Giuseppe Russo",
      operatore_id: guardia,
      tipo: "problema",
      oggetto: "non-letto-nuovo",
      stato: "in_lavorazione",
      assegnato_a: "",
      messaggi: 0,
    });
    const names = async (q: string) =>
      (await inject("GET", `/api/comunicazioni/ticket/?${q}`, desk.token))
        .json()
        .results.map((r: { oggetto: string }) => r.oggetto);
    expect(await names("stato=aperto,in_lavorazione")).toEqual([
      "non-letto-nuovo",
      "non-letto-vecchio",
      "letto-recente",
    ]);
    expect(await names("tipo=problema")).toEqual(["non-letto-nuovo", "letto-recente"]);
    expect(await names("operatore=ferr")).toEqual(["non-letto-vecchio", "chiuso"]);
    expect(await names("periodo_dal=2026-07-01&periodo_al=2026-07-08")).toEqual([
      "non-letto-nuovo",
      "non-letto-vecchio",
    ]);
    expect((await inject("GET", "/api/comunicazioni/ticket/", planner.token)).statusCode).toBe(403);
  });

  it("shows a ticket with its conversation; the reply is audited and the guard reads it", async () => {
    const id = ids["non-letto-nuovo"];
    await db().execute(sql`INSERT INTO ticket_messaggi (ticket_id, data_ora, operatore_id, testo)
                           VALUES (${id}, '2026-07-08T08:05:00Z', ${guardia}, 'Aggiungo: anche la batteria è scarica.')`);
    ctx().setNow(new Date("2026-07-10T07:00:00Z"));
    try {
      const bad = await inject("POST", `/api/comunicazioni/ticket/${id}/messaggi/`, desk.token, {
        data: { testo: "  " },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ testo: "Questo campo è obbligatorio" });
      const res = await inject("POST", `/api/comunicazioni/ticket/${id}/messaggi/`, desk.token, {
        data: { testo: "Mandiamo una radio nuova entro le 12." },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        operatore: { id: guardia, full_name: "Giuseppe Russo" },
        stato: "in_lavorazione",
        letto_il: null,
        messaggi: [
          {
            autore: "operatore",
            nome: "Giuseppe Russo",
            data_ora: "2026-07-08 10:05:00",
            testo: "Aggiungo: anche la batteria è scarica.",
          },
          {
            autore: "ufficio",
            nome: "Laura Conti",
            data_ora: "2026-07-10 09:00:00",
            testo: "Mandiamo una radio nuova entro le 12.",
          },
        ],
      });
      const audit = await queryRows<{ note: string; utente_id: number }>(
        db(),
        sql`SELECT note, utente_id FROM log_entries WHERE content_type = 'ticket' AND object_id = ${String(id)}`,
      );
      expect(audit).toEqual([{ note: "Risposta inviata all'operatore", utente_id: desk.id }]);
      const list = (await inject("GET", "/api/comunicazioni/ticket/?tipo=problema", desk.token)).json();
      expect(list.results[0].messaggi).toBe(2);
    } finally {
      ctx().setNow(null);
    }
    expect((await inject("GET", "/api/comunicazioni/ticket/987654/", desk.token)).statusCode).toBe(404);
  });

  it("changes state and assignee with an audit entry; only what is named; nothing for a no-op", async () => {
    const id = ids["non-letto-vecchio"];
    const people = (await inject("GET", "/api/comunicazioni/ticket/assegnatari/", desk.token)).json();
    expect(people.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([desk.id, collega.id]));
    expect(people.map((p: { id: number }) => p.id)).not.toContain(planner.id);

    const refused = await inject("PUT", `/api/comunicazioni/ticket/${id}/`, desk.token, {
      data: { assegnato_a: planner.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ assegnato_a: "Utente non valido: non può gestire i ticket" });
    const badState = await inject("PUT", `/api/comunicazioni/ticket/${id}/`, desk.token, {
      data: { stato: "sospeso" },
    });
    expect(badState.json().errors).toEqual({ stato: "Stato non valido" });

    const assigned = await inject("PUT", `/api/comunicazioni/ticket/${id}/`, desk.token, {
      data: { assegnato_a: collega.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({
      stato: "aperto",
      assegnato_a: { id: collega.id, full_name: "Carlo Marini" },
    });
    const closed = await inject("PUT", `/api/comunicazioni/ticket/${id}/`, desk.token, { data: { stato: "chiuso" } });
    expect(closed.json()).toMatchObject({ stato: "chiuso", assegnato_a: { id: collega.id } });
    await inject("PUT", `/api/comunicazioni/ticket/${id}/`, desk.token, { data: { stato: "chiuso" } });

    const audit = await queryRows<{ dati: { change_log: string[] } }>(
      db(),
      sql`SELECT dati FROM log_entries WHERE content_type = 'ticket' AND object_id = ${String(id)} ORDER BY id`,
    );
    expect(audit.map((a) => a.dati.change_log)).toEqual([
      ['Assegnato a: "—" → "Carlo Marini"'],
      ['Stato: "Aperto" → "Chiuso"'],
    ]);
    // a closed unread ticket leaves the header's list
    const problemi = (await inject("GET", "/api/comunicazioni/problemi-attivi/", collega.token)).json();
    expect(problemi.map((p: { id: number }) => p.id)).not.toContain(id);
    expect(
      (await inject("PUT", `/api/comunicazioni/ticket/${id}/`, planner.token, { data: { stato: "aperto" } }))
        .statusCode,
    ).toBe(403);
  });
});
