/**
 * "Conferma settimana" (issue 32 item 6): POST …/servizi/{s}/consolida/ {data:{dal, al}} confirms every
 * assigned, unconfirmed place of the period in one transaction, with the register and the audit per
 * shift; the locked past days' are skipped and reported (not refused as a whole), or confirmed by
 * derogation by who may give one. The server's clock decides "today".
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

describeEachDb(
  "pianificazione: confirming a period",
  (ctx) => {
    let planner: string;
    let deroghe: string;
    let servizio: string;
    const ops: number[] = [];
    const req = (token: string, method: "GET" | "POST", url: string, data?: unknown) =>
      ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });
    const confermati = async () =>
      (
        await queryRows<{ giorno: string; cognome: string; confermato: boolean }>(
          ctx().database.db,
          sql`SELECT to_char(g.giorno, 'YYYY-MM-DD') AS giorno, op.cognome, a.confermato
                FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
                JOIN operatori op ON op.id = a.operatore_id ORDER BY g.giorno, op.cognome`,
        )
      ).map((r) => `${r.giorno} ${r.cognome} ${r.confermato ? "sì" : "no"}`);

    beforeAll(async () => {
      ctx().setNow(new Date("2025-09-01T08:00:00Z"));
      planner = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      const db = ctx().database.db;
      const steward = await posizioneId(db, "Steward");
      const cliente = await createCliente(db, "Settimana Bianca S.p.A.");
      const doc = { posizioni: [steward], documenti: [{ tipo: "attestato_steward" }] };
      ops.push(await createOperatore(db, { cognome: "Alfa", ...doc }));
      ops.push(await createOperatore(db, { cognome: "Beta", ...doc }));
      const contratto = (await req(planner, "POST", `${BASE}/`, { titolo: "Rifugio", cliente })).json().id;
      const s = (
        await req(planner, "POST", `${BASE}/${contratto}/servizi/`, {
          dal: "2025-09-08",
          al: "2025-09-14",
          turni: [{ inizio_f1: "08:00", fine_f1: "14:00", posizione: steward, operatori_richiesti: 2 }],
        })
      ).json();
      servizio = `${BASE}/${contratto}/servizi/${s.id}`;
      // Alfa every day, Beta on the 9th and the 12th; Alfa already confirmed on the 13th.
      for (const g of s.giorni as { id: number; giorno: string; turni: { id: number }[] }[]) {
        const turno = `${servizio}/giorni/${g.id}/turni/${g.turni[0].id}`;
        const chi = ["2025-09-09", "2025-09-12"].includes(g.giorno) ? ops : [ops[0]];
        for (const op of chi)
          expect((await req(planner, "POST", `${turno}/operatori/`, { operatore: op, add: true })).statusCode).toBe(
            200,
          );
        if (g.giorno === "2025-09-13")
          await req(planner, "POST", `${turno}/operatori-conf/`, { operatore: ops[0], add: true });
      }
      // The clock passes the 8th and the 9th: those days are locked.
      ctx().setNow(new Date("2025-09-10T07:00:00Z"));
      planner = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      deroghe = (await ctx().createUser({ permissions: ["erp_contratti", "erp_contratti_deroghe"] })).token;
    });

    afterAll(() => ctx().setNow(null));

    it("confirms the open days' places in one call and reports the past days' as skipped", async () => {
      const res = await req(planner, "POST", `${servizio}/consolida/`, { dal: "2025-09-08", al: "2025-09-14" });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // 10th, 11th, 12th (two), 14th; the 13th was already confirmed.
      expect(body.confermati).toBe(5);
      expect(
        body.saltati.map((x: { giorno: string; cognome: string; detail: string }) => [x.giorno, x.cognome, x.detail]),
      ).toEqual([
        ["2025-09-08", "Alfa", expect.stringMatching(/^Il giorno è già passato/)],
        ["2025-09-09", "Alfa", expect.stringMatching(/^Il giorno è già passato/)],
        ["2025-09-09", "Beta", expect.stringMatching(/^Il giorno è già passato/)],
      ]);
      // Every day but the 9th and the 12th asks two and has one.
      expect(body.scoperti.map((x: { giorno: string }) => x.giorno)).toEqual([
        "2025-09-08",
        "2025-09-10",
        "2025-09-11",
        "2025-09-13",
        "2025-09-14",
      ]);
      expect(await confermati()).toEqual([
        "2025-09-08 Alfa no",
        "2025-09-09 Alfa no",
        "2025-09-09 Beta no",
        "2025-09-10 Alfa sì",
        "2025-09-11 Alfa sì",
        "2025-09-12 Alfa sì",
        "2025-09-12 Beta sì",
        "2025-09-13 Alfa sì",
        "2025-09-14 Alfa sì",
      ]);
      const register = await queryRows<{ n: number }>(
        ctx().database.db,
        sql`SELECT count(*)::int AS n FROM registro_turni WHERE evento = 'conferma'`,
      );
      // Five now, one for the 13th before.
      expect(register[0].n).toBe(6);
      const audit = await queryRows<{ azione: string; related: { content_type: string }[] }>(
        ctx().database.db,
        sql`SELECT azione, related FROM log_entries WHERE azione = 'Consolidamento turno' ORDER BY id`,
      );
      expect(audit).toHaveLength(4);
      expect(audit[0].related.map((r) => r.content_type)).toContain("giorno");
    });

    it("a second call finds nothing more to confirm outside the past days", async () => {
      const res = await req(planner, "POST", `${servizio}/consolida/`, { dal: "2025-09-10", al: "2025-09-14" });
      expect(res.json()).toMatchObject({ confermati: 0, saltati: [] });
    });

    it("a reason is a derogation: refused without the permission, confirming the past days with it", async () => {
      const motivo = encodeURIComponent("Presenze verificate sul foglio firme del cliente");
      const no = await req(planner, "POST", `${servizio}/consolida/?deroga=${motivo}`, {
        dal: "2025-09-08",
        al: "2025-09-14",
      });
      expect(no.statusCode).toBe(403);
      const yes = await req(deroghe, "POST", `${servizio}/consolida/?deroga=${motivo}`, {
        dal: "2025-09-08",
        al: "2025-09-14",
      });
      expect(yes.json()).toMatchObject({ confermati: 3, saltati: [] });
      const d = await queryRows<{ motivo: string; codici: string[] }>(
        ctx().database.db,
        sql`SELECT motivo, codici FROM turni_deroghe ORDER BY id`,
      );
      expect(d).toHaveLength(3);
      expect(d[0].motivo).toBe("Presenze verificate sul foglio firme del cliente");
    });

    it("refuses a period backwards or longer than 62 days with Italian messages", async () => {
      const back = await req(planner, "POST", `${servizio}/consolida/`, { dal: "2025-09-14", al: "2025-09-08" });
      expect(back.statusCode).toBe(400);
      expect(back.json().errors).toEqual({ al: "La data di fine non può precedere la data di inizio" });
      const long = await req(planner, "POST", `${servizio}/consolida/`, { dal: "2025-09-01", al: "2025-11-30" });
      expect(long.statusCode).toBe(400);
      expect(long.json().errors).toEqual({ al: "Il periodo può coprire al massimo 62 giorni" });
      const missing = await req(planner, "POST", `${servizio}/consolida/`, {});
      expect(missing.statusCode).toBe(400);
    });
  },
  { planLockDays: 0 },
);
