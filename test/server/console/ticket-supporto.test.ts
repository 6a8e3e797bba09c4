/**
 * /api/comunicazioni/: the open unread problems of the header alert, the unread count of the
 * 'Ticket supporto' chip, marking a ticket read (audited), and the demo tickets.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Tx } from "../../../server/db/client";
import { queryRows } from "../../../server/db/query";
import { type TicketStato, type TicketTipo, ticketSupporto } from "../../../server/db/schema/console";
import { logEntries } from "../../../server/db/schema/core";
import { seedDemoConsole } from "../../../server/modules/console/console.seed";
import { auth, describeEachDb } from "../helpers/app";
import { consoleFixture } from "./console-fixture";

describeEachDb("ticket supporto e notifiche", (ctx) => {
  let admin: { id: number; token: string };
  let tickets: { id: number; token: string };
  let planner: { id: number; token: string };
  let opA: number;
  let opB: number;
  const ids: Record<string, number> = {};

  const db = () => ctx().database.db;
  const get = (url: string, token?: string) =>
    ctx().app.inject({ method: "GET", url, headers: token ? auth(token) : {} });
  const post = (url: string, token?: string) =>
    ctx().app.inject({ method: "POST", url, headers: token ? auth(token) : {} });

  const fx = consoleFixture(ctx);
  async function ticket(name: string, operatore: number, at: string, tipo: TicketTipo, stato: TicketStato = "aperto") {
    ids[name] = await fx.ticket({ operatore, oggetto: name, at, tipo, stato });
  }

  beforeAll(async () => {
    admin = await ctx().createUser({ permissions: ["erp_admin"], nome: "Chiara", cognome: "Neri" });
    tickets = await ctx().createUser({ permissions: ["erp_ticket-supporto"] });
    planner = await ctx().createUser({ permissions: ["erp_contratti"] });
    opA = await fx.operatore("Russo", { nome: "Giuseppe" });
    opB = await fx.operatore("Ferrari", { nome: "Anna" });
    await ticket("p-vecchio", opA, "2026-01-15T09:30:00Z", "problema");
    await ticket("p-nuovo", opB, "2026-07-02T22:05:09Z", "problema", "in_lavorazione");
    await ticket("p-chiuso", opA, "2026-07-03T08:00:00Z", "problema", "chiuso");
    await ticket("richiesta", opB, "2026-07-04T08:00:00Z", "richiesta");
    await ticket("segnalazione", opA, "2026-07-05T08:00:00Z", "segnalazione");
    await ticket("p-letto", opA, "2026-07-06T08:00:00Z", "problema");
    await db()
      .update(ticketSupporto)
      .set({ lettoIl: new Date("2026-07-06T09:00:00Z"), lettoDa: admin.id })
      .where(eq(ticketSupporto.id, ids["p-letto"]));
  });

  it("lists every unread ticket not closed, whatever its category, newest first, in Europe/Rome time (SPEC §3 Support notification)", async () => {
    const res = await get("/api/comunicazioni/problemi-attivi/", admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: ids.segnalazione,
        operatore: { id: opA, full_name: "Giuseppe Russo" },
        data_ora: "2026-07-05 10:00:00",
        fonte: "ticket",
        titolo: "segnalazione",
        chiave: `ticket-${ids.segnalazione}`,
      },
      {
        id: ids.richiesta,
        operatore: { id: opB, full_name: "Anna Ferrari" },
        data_ora: "2026-07-04 10:00:00",
        fonte: "ticket",
        titolo: "richiesta",
        chiave: `ticket-${ids.richiesta}`,
      },
      {
        id: ids["p-nuovo"],
        operatore: { id: opB, full_name: "Anna Ferrari" },
        data_ora: "2026-07-03 00:05:09",
        fonte: "ticket",
        titolo: "p-nuovo",
        chiave: `ticket-${ids["p-nuovo"]}`,
      },
      {
        id: ids["p-vecchio"],
        operatore: { id: opA, full_name: "Giuseppe Russo" },
        data_ora: "2026-01-15 10:30:00",
        fonte: "ticket",
        titolo: "p-vecchio",
        chiave: `ticket-${ids["p-vecchio"]}`,
      },
    ]);
  });

  it("counts every unread ticket for the chip", async () => {
    const res = await get("/api/comunicazioni/summary/", tickets.token);
    expect(res.statusCode).toBe(200);
    // p-vecchio, p-nuovo, p-chiuso, richiesta, segnalazione (p-letto is read)
    expect(res.json()).toEqual({ result: 5 });
  });

  it("denies by default: problems only to the admins, the summary to erp_ticket-supporto too", async () => {
    expect((await get("/api/comunicazioni/problemi-attivi/")).statusCode).toBe(401);
    expect((await get("/api/comunicazioni/summary/")).statusCode).toBe(401);
    const forbidden = await get("/api/comunicazioni/problemi-attivi/", tickets.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe("Non disponi di permessi sufficienti per questa sezione");
    expect((await get("/api/comunicazioni/summary/", planner.token)).statusCode).toBe(403);
    expect((await get("/api/comunicazioni/summary/", admin.token)).statusCode).toBe(200);
    expect((await post(`/api/comunicazioni/ticket/${ids["p-vecchio"]}/letto/`, planner.token)).statusCode).toBe(403);
    const unread = await db().select().from(ticketSupporto).where(eq(ticketSupporto.id, ids["p-vecchio"]));
    expect(unread[0].lettoIl).toBeNull();
  });

  it("marks a ticket read with its audit entry, once", async () => {
    ctx().setNow(new Date("2026-07-10T08:15:00Z"));
    try {
      const res = await post(`/api/comunicazioni/ticket/${ids["p-vecchio"]}/letto/`, tickets.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        result: "OK",
        id: ids["p-vecchio"],
        letto_il: "2026-07-10 10:15:00",
        letto_da: { id: tickets.id, full_name: "Mario Rossi" },
      });
      const [row] = await db().select().from(ticketSupporto).where(eq(ticketSupporto.id, ids["p-vecchio"]));
      expect(row.lettoIl?.toISOString()).toBe("2026-07-10T08:15:00.000Z");
      expect(row.lettoDa).toBe(tickets.id);

      const audit = await db()
        .select()
        .from(logEntries)
        .where(and(eq(logEntries.contentType, "ticket"), eq(logEntries.objectId, String(ids["p-vecchio"]))));
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ azione: "Modifica", utenteId: tickets.id });
      expect(audit[0].dati.change_log).toEqual([
        'Letto il: "—" → "10/07/2026 10:15:00"',
        'Letto da: "—" → "Mario Rossi"',
      ]);

      // Gone from the alert and from the count.
      const list = (await get("/api/comunicazioni/problemi-attivi/", admin.token)).json() as { id: number }[];
      expect(list.map((p) => p.id)).toEqual([ids.segnalazione, ids.richiesta, ids["p-nuovo"]]);
      expect((await get("/api/comunicazioni/summary/", admin.token)).json()).toEqual({ result: 4 });

      // Again, later, by someone else: who and when stay, no second audit entry.
      ctx().setNow(new Date("2026-07-11T08:00:00Z"));
      const again = await post(`/api/comunicazioni/ticket/${ids["p-vecchio"]}/letto/`, admin.token);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
      const audit2 = await db()
        .select()
        .from(logEntries)
        .where(and(eq(logEntries.contentType, "ticket"), eq(logEntries.objectId, String(ids["p-vecchio"]))));
      expect(audit2).toHaveLength(1);
    } finally {
      ctx().setNow(null);
    }
  });

  it("answers 404 for an unknown ticket and 400 for a malformed id, in Italian", async () => {
    const missing = await post("/api/comunicazioni/ticket/987654/letto/", admin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe("Ticket non trovato");
    const bad = await post("/api/comunicazioni/ticket/abc/letto/", admin.token);
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().detail).toBe("string");
    expect(bad.json().errors).toHaveProperty("id");
  });

  it("the demo seeder adds 8 tickets: 6 unread (and not closed) in the popup and the count", async () => {
    const before = (await get("/api/comunicazioni/problemi-attivi/", admin.token)).json() as unknown[];
    const count = (await get("/api/comunicazioni/summary/", admin.token)).json().result as number;
    await db().transaction(async (tx) => {
      await seedDemoConsole({ tx: tx as Tx, report: [], scryptN: 1024, today: new Date("2026-08-01T10:00:00Z") });
    });
    const after = (await get("/api/comunicazioni/problemi-attivi/", admin.token)).json() as { data_ora: string }[];
    expect(after).toHaveLength(before.length + 6);
    expect(after[0].data_ora).toBe("2026-08-01 11:35:00");
    expect((await get("/api/comunicazioni/summary/", admin.token)).json()).toEqual({ result: count + 6 });
    const [{ n }] = await queryRows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ticket_supporto`);
    expect(n).toBe(6 + 8);
  });
});
