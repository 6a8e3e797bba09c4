/**
 * Issue 10, item 8b: refused requests (403) of one user are aggregated: one 'Accesso negato' audit
 * entry per user, route and minute, and a counter of how many refusals that minute had.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

const T0 = new Date("2030-08-01T09:00:05Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describeEachDb("auth: refusals aggregated per user, route and minute", (ctx) => {
  afterAll(() => ctx().setNow(null));

  const get = (url: string, token: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });

  async function refusals(userId: number) {
    return queryRows<{ note: string; utente_id: number; dati: { minuto?: string } }>(
      ctx().database.db,
      sql`SELECT note, utente_id, dati FROM log_entries
          WHERE azione = 'Accesso negato' AND utente_id = ${userId} ORDER BY id`,
    );
  }

  async function counts(userId: number) {
    return queryRows<{ metodo: string; rotta: string; minuto: Date | string; tentativi: number }>(
      ctx().database.db,
      sql`SELECT metodo, rotta, minuto, tentativi FROM access_denied_counts WHERE user_id = ${userId}
          ORDER BY minuto, rotta`,
    );
  }

  it("40 refusals in a minute (30 of them parallel) write one entry per route; the count is kept", async () => {
    ctx().setNow(T0);
    const u = await ctx().createUser({ permissions: [] });
    const parallel = await Promise.all(Array.from({ length: 30 }, () => get("/api/auth/users/", u.token)));
    expect(parallel.every((r) => r.statusCode === 403)).toBe(true);
    for (let i = 0; i < 5; i++) expect((await get("/api/auth/users/", u.token)).statusCode).toBe(403);
    ctx().setNow(at(50));
    for (let i = 0; i < 5; i++) expect((await get("/api/auth/permissions/", u.token)).statusCode).toBe(403);

    const rows = await refusals(u.id);
    expect(rows.map((r) => r.note)).toEqual(["GET /api/auth/users/", "GET /api/auth/permissions/"]);
    expect(rows[0].dati.minuto).toBe("2030-08-01T09:00:00.000Z");
    const c = await counts(u.id);
    expect(c.map((r) => [r.metodo, r.rotta, r.tentativi])).toEqual([
      ["GET", "/api/auth/permissions/", 5],
      ["GET", "/api/auth/users/", 35],
    ]);
  });

  it("a new minute writes a new entry; another user has entries of their own", async () => {
    ctx().setNow(T0);
    const u = await ctx().createUser({ permissions: ["erp_operatori"] });
    const other = await ctx().createUser({ permissions: [] });
    await get("/api/auth/users/", u.token);
    await get("/api/auth/users/", other.token);
    ctx().setNow(at(60));
    await get("/api/auth/users/", u.token);
    await get("/api/auth/users/", u.token);
    expect((await refusals(u.id)).length).toBe(2);
    expect((await refusals(other.id)).length).toBe(1);
    expect((await counts(u.id)).map((r) => r.tentativi)).toEqual([1, 2]);
  });
});
