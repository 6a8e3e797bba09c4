/**
 * Issue 32 item 3: deleting a shift that still has operators. Without more it is a 409 that says
 * how many (Italian singular: "1 assegnazione"); with `rimuovi_operatori=true` the assignments go
 * with the shift in one transaction — each a removal in the shift register (DM 269/2010), one audit
 * entry naming them — and on a locked past day only with a derogation, which is recorded per
 * operator; refused, nothing changes.
 */
import { sql } from "drizzle-orm";
import { queryOne, queryRows } from "../../../../server/db/query";
import { auth, describeEachDb } from "../../helpers/app";
import { createCliente, createOperatore, posizioneId } from "../fixtures";

const BASE = "/api/pianificazione/contratti";

describeEachDb(
  "pianificazione: eliminare un turno con operatori",
  (ctx) => {
    let planner: string;
    let servizio: string;
    let steward: number;
    let ops: number[];
    const db = () => ctx().database.db;
    const req = (token: string, method: "GET" | "POST" | "DELETE", url: string, data?: unknown) =>
      ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });

    /** A shift on `giorno` with the given operators assigned (assigned while the day is ahead). */
    async function turnoCon(giorno: string, operatori: number[]): Promise<{ url: string; id: number }> {
      const s = (await req(planner, "GET", `${servizio}/`)).json();
      const g = s.giorni.find((d: { giorno: string }) => d.giorno === giorno);
      const t = (
        await req(planner, "POST", `${servizio}/giorni/${g.id}/turni/`, {
          inizio_f1: "15:00",
          fine_f1: "19:00",
          posizione: steward,
          operatori_richiesti: 2,
        })
      ).json();
      const url = `${servizio}/giorni/${g.id}/turni/${t.id}`;
      for (const op of operatori)
        expect((await req(planner, "POST", `${url}/operatori/`, { operatore: op, add: true })).statusCode).toBe(200);
      return { url, id: t.id };
    }

    const turnoEsiste = async (id: number) =>
      (await queryOne<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM turni WHERE id = ${id}`))?.n === 1;

    beforeAll(async () => {
      ctx().setNow(new Date("2025-09-10T08:00:00Z"));
      planner = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      steward = await posizioneId(db(), "Steward");
      const doc = { posizioni: [steward], documenti: [{ tipo: "attestato_steward" }] };
      ops = [
        await createOperatore(db(), { cognome: "Bianchi", ...doc }),
        await createOperatore(db(), { cognome: "Amato", ...doc }),
      ];
      const cliente = await createCliente(db(), "Fiera Eliminazioni S.p.A.");
      const contratto = (await req(planner, "POST", `${BASE}/`, { titolo: "Fiera", cliente })).json().id;
      const s = (
        await req(planner, "POST", `${BASE}/${contratto}/servizi/`, {
          dal: "2025-09-11",
          al: "2025-09-20",
          turni: [{ inizio_f1: "08:00", fine_f1: "14:00", posizione: steward, operatori_richiesti: 1 }],
        })
      ).json();
      servizio = `${BASE}/${contratto}/servizi/${s.id}`;
    });
    afterAll(() => ctx().setNow(null));

    it("says how many assignments keep the shift, in good Italian, and deletes nothing", async () => {
      const t = await turnoCon("2025-09-15", [ops[0]]);
      const res = await req(planner, "DELETE", `${t.url}/`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        detail: "Il turno ha 1 assegnazione di operatori: rimuovila prima di eliminarlo",
        reason: "assegnazioni_presenti",
        assegnazioni: 1,
      });
      expect(await turnoEsiste(t.id)).toBe(true);
    });

    it("removes the operators and deletes the shift in one step, registered and audited", async () => {
      const t = await turnoCon("2025-09-16", ops);
      const res = await req(planner, "DELETE", `${t.url}/?rimuovi_operatori=true`);
      expect(res.statusCode).toBe(200);
      expect(await turnoEsiste(t.id)).toBe(false);
      const registro = await queryRows<{ evento: string; operatore_id: number }>(
        db(),
        sql`SELECT evento, operatore_id FROM registro_turni WHERE turno_id = ${t.id} ORDER BY id`,
      );
      expect(
        registro
          .filter((r) => r.evento === "rimozione")
          .map((r) => r.operatore_id)
          .sort(),
      ).toEqual([...ops].sort());
      const entry = await queryOne<{ note: string }>(
        db(),
        sql`SELECT note FROM log_entries WHERE content_type = 'turno' AND object_id = ${String(t.id)}
             AND azione = 'Eliminazione'`,
      );
      expect(entry?.note).toMatch(/^Operatori rimossi con il turno: Amato .*, Bianchi /);
    });

    it("on a past day needs the derogation for the removals too; refused, nothing changes", async () => {
      const t = await turnoCon("2025-09-11", [ops[0]]);
      ctx().setNow(new Date("2025-09-12T07:00:00Z"));
      planner = (await ctx().createUser({ permissions: ["erp_contratti"] })).token;
      const deroghe = (await ctx().createUser({ permissions: ["erp_contratti", "erp_contratti_deroghe"] })).token;
      const refused = await req(deroghe, "DELETE", `${t.url}/?rimuovi_operatori=true`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ reason: "giorno_passato" });
      expect(await turnoEsiste(t.id)).toBe(true);
      const motivo = "Turno annullato dal cliente (verbale del 11/09)";
      const ok = await req(deroghe, "DELETE", `${t.url}/?rimuovi_operatori=true&deroga=${encodeURIComponent(motivo)}`);
      expect(ok.statusCode).toBe(200);
      expect(await turnoEsiste(t.id)).toBe(false);
      const d = await queryRows<{ operatore_id: number; motivo: string }>(
        db(),
        sql`SELECT operatore_id, motivo FROM turni_deroghe WHERE turno_id = ${t.id}`,
      );
      expect(d).toEqual([{ operatore_id: ops[0], motivo }]);
    });
  },
  { planLockDays: 0 },
);
