/**
 * Two planners change the same contract's month at the same time (PostgreSQL, two connections, each
 * in its own transaction): both writes succeed and Marginalità's money kept by the database
 * (report_margini_mesi) still equals the live computation from the assignments — no write refused
 * because a summary row was rewritten underneath, no update lost.
 */
import { Client } from "pg";
import { auth, describeEachDb } from "../../helpers/app";
import { buildScenario, PERIODO } from "../scenario";

describeEachDb("report Marginalità under concurrent writers", (ctx) => {
  let token: string;
  const get = async (url: string) =>
    (await ctx().app.inject({ method: "GET", url, headers: auth(token) })).json() as {
      results: Record<string, number>[];
      count: number;
    };
  const sum = (rows: Record<string, number>[], k: string) => rows.reduce((t, r) => t + (r[k] ?? 0), 0);

  beforeAll(async () => {
    await buildScenario(ctx());
    token = (await ctx().createUser({ permissions: ["superadmin"] })).token;
  });

  it("two transactions removing assignments of one contract's month both commit, and the totals follow", async () => {
    const url = ctx().database.superuserUrl;
    if (ctx().kind !== "postgres" || !url) return; // PGlite has one connection: no concurrent writers
    const prima = await get(`/api/report/ricavi-attivita/?${PERIODO}&page_size=1000`);
    const c1 = new Client({ connectionString: url });
    const c2 = new Client({ connectionString: url });
    await c1.connect();
    await c2.connect();
    try {
      // Two assignments on the same contract and month.
      const pair = await c1.query<{ a: number; b: number }>(
        `SELECT min(a.id)::int AS a, max(a.id)::int AS b
           FROM turni_operatori a JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
           JOIN servizi s ON s.id = g.servizio_id
          GROUP BY s.contratto_id, date_trunc('month', g.giorno) HAVING count(*) >= 2 LIMIT 1`,
      );
      const { a, b } = pair.rows[0];
      await c1.query("BEGIN");
      await c1.query("DELETE FROM turni_operatori WHERE id = $1", [a]);
      await c2.query("BEGIN");
      const second = c2.query("DELETE FROM turni_operatori WHERE id = $1", [b]).then(
        () => null,
        (e: Error) => e,
      );
      await new Promise((r) => setTimeout(r, 200)); // the second waits, or not, on the first
      await c1.query("COMMIT");
      expect(await second).toBeNull();
      await c2.query("COMMIT");
    } finally {
      await c1.end();
      await c2.end();
    }
    const margini = (await get(`/api/report/analisi-ricavi/?${PERIODO}&page_size=1000`)).results;
    const ricavi = await get(`/api/report/ricavi-attivita/?${PERIODO}&page_size=1000`);
    expect(ricavi.count).toBe(prima.count - 2);
    expect(sum(margini, "turni")).toBe(ricavi.count);
    expect(sum(margini, "ricavi")).toBeCloseTo(sum(ricavi.results, "ricavo"), 2);
  });
});
