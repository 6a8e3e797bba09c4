/**
 * The groups per operator from the sums kept per operator and month (report_ore_mesi, migration
 * 0894; assegnazioni.ts `perOperatore`) answer what summing the rows answers, on both databases:
 * each assignment report grouped by operator through the API against the same list with the rows
 * summed (no kept sums), over periods of whole months, with days at the edges, and without a whole
 * month — before and after writes made once the sums were kept (a shift's times, a pay rate, an
 * assignment moved to another operator, one removed, a new one).
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import { type List, parseListQuery, runList } from "../../../server/lib/list";
import { perOperatore } from "../../../server/modules/report/assegnazioni";
import { compensiList } from "../../../server/modules/report/compensi/compensi.list";
import { ricaviAttivitaList } from "../../../server/modules/report/ricavi-attivita/ricavi-attivita.list";
import { risorseAssegnateList } from "../../../server/modules/report/risorse-assegnate/risorse-assegnate.list";
import { auth, describeEachDb } from "../helpers/app";
import { createOperatore, posizioneId } from "../pianificazione/fixtures";
import { buildScenario, type ReportScenario } from "./scenario";

const REPORT: [string, List][] = [
  ["risorse-assegnate", risorseAssegnateList],
  ["compensi", compensiList],
  ["ricavi-attivita", ricaviAttivitaList],
];
/** Whole months; days at both edges; one whole month; no whole month (the rows only). */
const PERIODI = [
  { dal: "2025-11-01", al: "2026-01-31" },
  { dal: "2025-11-27", al: "2026-01-03" },
  { dal: "2025-12-01", al: "2025-12-31" },
  { dal: "2025-12-10", al: "2025-12-20" },
];

describeEachDb("report: groups per operator from the sums kept per month", (ctx) => {
  let s: ReportScenario;
  let token: string;
  let userId: number;
  const P = "/api/pianificazione";

  const confronta = async () => {
    for (const [report, list] of REPORT)
      for (const periodo of PERIODI) {
        const query = { ...periodo, group_by: "operatore", page_size: "2" };
        const res = await ctx().app.inject({
          method: "GET",
          url: `/api/report/${report}/?${new URLSearchParams(query)}`,
          headers: auth(token),
        });
        expect(res.statusCode).toBe(200);
        const righe = await runList(ctx().database.db, { ...list, groupSummary: undefined }, query, {
          user: { id: userId, permissions: ["superadmin"] } as never,
          params: {},
        });
        expect({ report, periodo, ...res.json() }).toEqual({ report, periodo, ...righe });
        // Page 2 (the count statement runs: a full first page).
        const p2 = await ctx().app.inject({
          method: "GET",
          url: `/api/report/${report}/?${new URLSearchParams({ ...query, page: "2" })}`,
          headers: auth(token),
        });
        const r2 = await runList(
          ctx().database.db,
          { ...list, groupSummary: undefined },
          { ...query, page: "2" },
          {
            user: { id: userId, permissions: ["superadmin"] } as never,
            params: {},
          },
        );
        expect({ report, periodo, ...p2.json() }).toEqual({ report, periodo, ...r2 });
      }
  };

  beforeAll(async () => {
    s = await buildScenario(ctx());
    const u = await ctx().createUser({ permissions: ["superadmin"] });
    token = u.token;
    userId = (await queryOne<{ id: number }>(ctx().database.db, sql`SELECT max(id) AS id FROM users`))!.id;
    // A night service from 26/11/2025 to 5/1/2026 on the priced contract, the days shared by three operators.
    const steward = await posizioneId(ctx().database.db, "Steward");
    const post = async (url: string, data: unknown) => {
      const r = await ctx().app.inject({ method: "POST", url, headers: auth(token), payload: { data } });
      if (r.statusCode >= 300) throw new Error(`${url}: ${r.statusCode} ${r.body}`);
      return r.json();
    };
    const servizio = await post(`${P}/contratti/${s.natale}/servizi/`, {
      dal: "2025-11-26",
      al: "2026-01-05",
      descrizione: "Notturno deposito",
      turni: [{ inizio_f1: "20:00", fine_f1: "04:00", posizione: steward }],
    });
    // Three operators of their own (no other shift: the rest rules hold), and Verdi.
    const nuovo = (cognome: string) =>
      createOperatore(ctx().database.db, {
        cognome,
        nome: "Test",
        posizioni: [steward],
        documenti: [{ tipo: "attestato_steward" }],
      });
    const operatori = [await nuovo("Bianchi"), await nuovo("Neri"), await nuovo("Gialli")];
    for (const [i, g] of servizio.giorni.entries()) {
      const op = operatori[i % operatori.length];
      await post(`${P}/contratti/${s.natale}/servizi/${servizio.id}/giorni/${g.id}/turni/${g.turni[0].id}/operatori/`, {
        operatore: { id: op },
        add: true,
      });
    }
  });

  it("answers what the rows answer, the whole months from the kept sums", async () => {
    await confronta();
    // The kept sums do answer these requests (the period alone; not with a filter or without a whole month).
    const path = (query: Record<string, string>) => {
      const q = parseListQuery(risorseAssegnateList, query, {
        user: { id: userId, permissions: ["superadmin"] } as never,
        params: {},
      });
      return perOperatore(q, { user: null, params: {}, query, filters: q.filters } as never, ["ore"]);
    };
    expect(path({ ...PERIODI[1], group_by: "operatore" })).toBeDefined();
    expect(path({ ...PERIODI[3], group_by: "operatore" })).toBeUndefined();
    expect(path({ ...PERIODI[1], group_by: "operatore", contratto_id: String(s.natale) })).toBeUndefined();
    const n = await queryOne<{ n: number }>(ctx().database.db, sql`SELECT count(*)::int AS n FROM report_ore_mesi`);
    expect(n?.n).toBeGreaterThan(3);
  });

  it("answers the same after writes made once the sums were kept", async () => {
    const db = ctx().database;
    const ids = async (giorno: string) =>
      (
        await queryOne<{ id: number }>(
          db.db,
          sql`SELECT a.id FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
              JOIN servizi sv ON sv.id = g.servizio_id WHERE g.giorno = ${giorno}::date AND sv.descrizione = 'Notturno deposito'`,
        )
      )?.id as number;
    // A shift's times (in a whole month), an assignment moved to another operator, one removed.
    await db.exec(`UPDATE turni_operatori_periodi SET periodo = tstzrange(lower(periodo), lower(periodo) + interval '3 hours')
      WHERE turno_operatore_id = ${await ids("2025-12-10")}`);
    await db.exec(`UPDATE turni_operatori SET operatore_id = ${s.verdi} WHERE id = ${await ids("2025-12-12")}`);
    await db.exec(`UPDATE turni_operatori SET operatore_id = ${s.rossi} WHERE id = ${await ids("2026-01-02")}`);
    await db.exec(`DELETE FROM turni_operatori WHERE id = ${await ids("2025-11-28")}`);
    await confronta();
    // The pay and the price change (every month of the contract is re-priced).
    await db.exec(`UPDATE contratti_compensi SET compenso_orario = 12.5 WHERE contratto_id = ${s.natale}`);
    await db.exec(`UPDATE contratti_prezzi SET prezzo_orario = 21 WHERE contratto_id = ${s.natale}`);
    await confronta();
  });
});
