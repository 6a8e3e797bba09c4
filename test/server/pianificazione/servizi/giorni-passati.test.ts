/**
 * Days in the past are locked (issue 15 item 3, DM 269/2010): assigning, removing, confirming,
 * changing a shift's times, adding or removing a shift or a day before today answers 409
 * giorno_passato (derogabile); a holder of erp_contratti_deroghe changes it with a reason, which is
 * written in the shift register (the earlier version stays), the audit log and the derogations
 * report. The server's clock decides "today" (moved here to 2025-09-10).
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

describeEachDb(
  "pianificazione: past days are locked",
  (ctx) => {
    let planner: string;
    let deroghe: string;
    let turno: string;
    let giorno: string;
    let servizio: string;
    let op: number;
    let op2: number;
    const req = (token: string, method: "GET" | "POST" | "PUT" | "DELETE", url: string, data?: unknown) =>
      ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });

    beforeAll(async () => {
      ctx().setNow(new Date("2025-09-10T08:00:00Z"));
      planner = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      const db = ctx().database.db;
      const steward = await posizioneId(db, "Steward");
      const cliente = await createCliente(db, "Fiera Passata S.p.A.");
      const doc = { posizioni: [steward], documenti: [{ tipo: "attestato_steward" }] };
      op = await createOperatore(db, { cognome: "Passato", ...doc });
      op2 = await createOperatore(db, { cognome: "Remoto", ...doc });
      const contratto = (await req(planner, "POST", `${BASE}/`, { titolo: "Fiera", cliente })).json().id;
      const s = (
        await req(planner, "POST", `${BASE}/${contratto}/servizi/`, {
          dal: "2025-09-10",
          al: "2025-09-12",
          turni: [{ inizio_f1: "08:00", fine_f1: "14:00", posizione: steward, operatori_richiesti: 2 }],
        })
      ).json();
      servizio = `${BASE}/${contratto}/servizi/${s.id}`;
      const g = s.giorni.find((d: { giorno: string }) => d.giorno === "2025-09-11");
      // Assigned while the day was still ahead, then the clock passes it.
      turno = `${servizio}/giorni/${g.id}/turni/${g.turni[0].id}`;
      giorno = `${servizio}/giorni/${g.id}`;
      expect((await req(planner, "POST", `${turno}/operatori/`, { operatore: op, add: true })).statusCode).toBe(200);
      ctx().setNow(new Date("2025-09-12T07:00:00Z"));
      // Tokens expire after 8 idle hours of the server's clock: sign in again two days later.
      planner = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      deroghe = (await ctx().createUser({ permissions: ["erp_contratti", "erp_contratti_deroghe"] })).token;
    });

    afterAll(() => ctx().setNow(null));

    it("refuses every change of a past day without a derogation, changing nothing", async () => {
      const calls: [string, "POST" | "PUT" | "DELETE", string, unknown?][] = [
        ["assign", "POST", `${turno}/operatori/`, { operatore: op2, add: true }],
        ["unassign", "POST", `${turno}/operatori/`, { operatore: op, add: false }],
        ["confirm", "POST", `${turno}/operatori-conf/`, { operatore: op, add: true }],
        ["times", "PUT", `${turno}/`, { inizio_f1: "09:00" }],
        ["consolidate", "POST", `${giorno}/consolida/`],
        ["new shift", "POST", `${giorno}/turni/`, { inizio_f1: "15:00", fine_f1: "18:00", posizione: 1 }],
        ["delete day", "DELETE", `${giorno}/`],
      ];
      for (const [what, method, url, data] of calls) {
        const res = await req(deroghe, method, url, data);
        expect([what, res.statusCode]).toEqual([what, 409]);
        expect(res.json()).toMatchObject({ reason: "giorno_passato", derogabile: true });
        expect(res.json().detail).toMatch(/^Il giorno è già passato/);
      }
      const rows = await queryRows<{ operatore_id: number; confermato: boolean }>(
        ctx().database.db,
        sql`SELECT operatore_id, confermato FROM turni_operatori WHERE turno_id = ${Number(turno.split("/").pop())}`,
      );
      expect(rows).toEqual([{ operatore_id: op, confermato: false }]);
      // Today's day is not locked.
      const plan = (await req(planner, "GET", `${servizio}/`)).json();
      expect(plan.bloccato_fino_al).toBe("2025-09-11");
      const today = plan.giorni.find((d: { giorno: string }) => d.giorno === "2025-09-12");
      const oggi = `${servizio}/giorni/${today.id}/turni/${today.turni[0].id}`;
      const res = await req(planner, "PUT", `${oggi}/`, { note: "oggi" });
      expect([res.statusCode, res.json().detail]).toEqual([200, undefined]);
    });

    it("a reason without erp_contratti_deroghe is refused with 403", async () => {
      const res = await req(planner, "PUT", `${turno}/?deroga=${encodeURIComponent("Correzione")}`, {
        inizio_f1: "09:00",
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toMatch(/erp_contratti_deroghe/);
    });

    it("with a reason the change is made and the register keeps the earlier version with the reason", async () => {
      const motivo = "Cambio orario comunicato dal cliente a fine turno";
      const put = await req(deroghe, "PUT", `${turno}/?deroga=${encodeURIComponent(motivo)}`, { inizio_f1: "09:00" });
      expect(put.statusCode).toBe(200);
      expect(put.json().inizio_f1).toBe("09:00:00");
      const conf = await req(deroghe, "POST", `${turno}/operatori-conf/`, {
        operatore: op,
        add: true,
        deroga: "Presenza verificata con il cliente",
      });
      expect(conf.statusCode).toBe(200);
      const del = await req(deroghe, "POST", `${turno}/operatori/`, {
        operatore: op,
        add: false,
        deroga: "Sostituito da altro istituto",
      });
      expect(del.statusCode).toBe(200);

      const register = await queryRows<{ evento: string; inizio_f1: string; confermato: boolean; motivo: string }>(
        ctx().database.db,
        sql`SELECT evento, to_char(inizio_f1, 'HH24:MI') AS inizio_f1, confermato, motivo FROM registro_turni
            WHERE operatore_id = ${op} ORDER BY id`,
      );
      expect(register).toEqual([
        { evento: "assegnazione", inizio_f1: "08:00", confermato: false, motivo: "" },
        { evento: "modifica_orari", inizio_f1: "09:00", confermato: false, motivo },
        { evento: "conferma", inizio_f1: "09:00", confermato: true, motivo: "Presenza verificata con il cliente" },
        { evento: "rimozione", inizio_f1: "09:00", confermato: true, motivo: "Sostituito da altro istituto" },
      ]);

      const report = (await req(deroghe, "GET", "/api/pianificazione/deroghe/?global=Passato")).json();
      expect(report.results.map((r: { limiti: string; motivo: string }) => [r.limiti, r.motivo])).toEqual([
        ["Rimozione di Passato Mario", "Sostituito da altro istituto"],
        ["Conferma di Passato Mario", "Presenza verificata con il cliente"],
      ]);

      const audit = await queryRows<{ note: string | null }>(
        ctx().database.db,
        sql`SELECT note FROM log_entries WHERE content_type = 'turno' AND object_id = ${turno.split("/").pop()}
            ORDER BY id DESC LIMIT 3`,
      );
      expect(audit.map((a) => a.note)).toEqual([
        "Deroga (giorno passato): Sostituito da altro istituto",
        "Deroga (giorno passato): Presenza verificata con il cliente",
        `Deroga (giorno passato): ${motivo}`,
      ]);
    });

    it("assigning on a past day with a reason is a derogation like the working-time limits", async () => {
      const res = await req(deroghe, "POST", `${turno}/operatori/`, {
        operatore: op2,
        add: true,
        deroga: "Inserimento a posteriori: presenza documentata",
      });
      expect(res.statusCode).toBe(200);
      const [d] = await queryRows<{ codici: string[]; motivo: string }>(
        ctx().database.db,
        sql`SELECT codici, motivo FROM turni_deroghe WHERE operatore_id = ${op2}`,
      );
      expect(d.motivo).toBe("Inserimento a posteriori: presenza documentata");
      expect(d.codici).toContain("giorno_passato");
    });

    describe("a whole service takes a derogation when it creates or deletes past days (issue 30 item 9)", () => {
      // today is 2025-09-12: the 11th and before are locked
      let contratto: number;
      let servizi: string;
      let turni: { inizio_f1: string; fine_f1: string; posizione: number; operatori_richiesti: number }[];
      const q = (motivo: string) => `?deroga=${encodeURIComponent(motivo)}`;
      const refused = (res: { statusCode: number; json: () => Record<string, unknown> }) => {
        expect([res.statusCode, res.json().reason, res.json().derogabile]).toEqual([409, "giorno_passato", true]);
      };
      const days = async (servizio: string) =>
        (
          await queryRows<{ giorno: string }>(
            ctx().database.db,
            sql`SELECT to_char(giorno, 'YYYY-MM-DD') AS giorno FROM giorni WHERE servizio_id = ${Number(servizio.split("/").at(-2))}
                ORDER BY 1`,
          )
        ).map((r) => r.giorno);
      const create = async (dal: string, al: string, motivo?: string) => {
        const res = await req(deroghe, "POST", `${servizi}${motivo ? q(motivo) : ""}`, { dal, al, turni });
        expect(res.statusCode).toBe(201);
        return `${servizi}${res.json().id}/`;
      };
      const auditNotes = async (servizio: string) =>
        (
          await queryRows<{ note: string | null }>(
            ctx().database.db,
            sql`SELECT note FROM log_entries WHERE content_type = 'servizio'
                  AND object_id = ${servizio.split("/").at(-2)} ORDER BY id`,
          )
        ).map((n) => n.note);

      beforeAll(async () => {
        const db = ctx().database.db;
        const steward = await posizioneId(db, "Steward");
        const cliente = await createCliente(db, "Servizi Interi S.r.l.");
        contratto = (await req(planner, "POST", `${BASE}/`, { titolo: "Interi", cliente })).json().id;
        servizi = `${BASE}/${contratto}/servizi/`;
        turni = [{ inizio_f1: "08:00", fine_f1: "14:00", posizione: steward, operatori_richiesti: 1 }];
      });

      it("creating one", async () => {
        const past = { dal: "2025-09-01", al: "2025-09-07", turni };
        const count = async () =>
          (await queryRows(ctx().database.db, sql`SELECT 1 FROM servizi WHERE contratto_id = ${contratto}`)).length;
        const before = await count();
        refused(await req(deroghe, "POST", servizi, past));
        expect((await req(planner, "POST", `${servizi}${q("Recupero")}`, past)).statusCode).toBe(403);
        expect(await count()).toBe(before);
        const passato = await create("2025-09-01", "2025-09-07", "Servizio svolto, registrato dopo");
        expect(await days(passato)).toHaveLength(7);
        expect(await auditNotes(passato)).toEqual(["Deroga (giorno passato): Servizio svolto, registrato dopo"]);
        // one that starts today needs nothing
        const res = await req(planner, "POST", servizi, { dal: "2025-09-12", al: "2025-09-13", turni });
        expect(res.statusCode).toBe(201);
      });

      it("extending one", async () => {
        const futuro = await create("2025-09-15", "2025-09-21");
        refused(await req(deroghe, "POST", `${futuro}estendi/`, { dal: "2025-09-10", al: "2025-09-14" }));
        expect(await days(futuro)).toHaveLength(7);
        expect((await req(planner, "GET", futuro)).json()).toMatchObject({ dal: "2025-09-15", al: "2025-09-21" });
        const ahead = await req(planner, "POST", `${futuro}estendi/`, { dal: "2025-09-22", al: "2025-09-23" });
        expect(ahead.statusCode).toBe(200);
        const estesa = await req(deroghe, "POST", `${futuro}estendi/${q("Anticipo concordato")}`, {
          dal: "2025-09-10",
          al: "2025-09-14",
        });
        expect([estesa.statusCode, estesa.json().giorni_creati]).toEqual([
          200,
          ["2025-09-10", "2025-09-11", "2025-09-12", "2025-09-13", "2025-09-14"],
        ]);
        expect((await auditNotes(futuro)).at(-1)).toBe("Deroga (giorno passato): Anticipo concordato");
      });

      it("copying a week onto past days", async () => {
        const passato = await create("2025-08-25", "2025-08-31", "Servizio svolto");
        refused(await req(deroghe, "POST", `${passato}copia-settimana/`, { settimana: "2025-08-25", settimane: 1 }));
        expect(await days(passato)).toHaveLength(7);
        expect((await req(planner, "GET", passato)).json().al).toBe("2025-08-31");
        const copiata = await req(deroghe, "POST", `${passato}copia-settimana/${q("Piano storico")}`, {
          settimana: "2025-08-25",
          settimane: 1,
        });
        expect([copiata.statusCode, copiata.json().giorni_creati.length]).toEqual([200, 7]);
        expect((await auditNotes(passato)).at(-1)).toBe("Deroga (giorno passato): Piano storico");
        // a week copied onto days still ahead needs nothing
        const futuro = await create("2025-09-15", "2025-09-21");
        const res = await req(planner, "POST", `${futuro}copia-settimana/`, { settimana: "2025-09-15", settimane: 1 });
        expect(res.statusCode).toBe(200);
      });

      it("deleting one", async () => {
        const passato = await create("2025-09-08", "2025-09-14", "Servizio svolto");
        refused(await req(deroghe, "DELETE", passato));
        expect(await days(passato)).toHaveLength(7);
        expect((await req(planner, "DELETE", `${passato}${q("Errore")}`)).statusCode).toBe(403);
        expect((await req(deroghe, "DELETE", `${passato}${q("Inserito per errore")}`)).statusCode).toBe(200);
        expect((await req(planner, "GET", passato)).statusCode).toBe(404);
        expect((await auditNotes(passato)).at(-1)).toBe("Deroga (giorno passato): Inserito per errore");
        const futuro = await create("2025-10-01", "2025-10-02");
        expect((await req(planner, "DELETE", futuro)).statusCode).toBe(200);
      });
    });
  },
  { planLockDays: 0 },
);
