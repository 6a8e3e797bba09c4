import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";

const SAME_400 = { detail: "Impossibile accedere con le credenziali fornite" };

async function auditRows(ctx: () => { database: { db: never } }, objectId: number | null, azione: string) {
  return queryRows<{ azione: string; note: string | null; object_id: string | null; dati: { change_log: string[] } }>(
    ctx().database.db,
    sql`SELECT azione, note, object_id, dati FROM log_entries
        WHERE content_type = 'utente' AND azione = ${azione}
          AND ${objectId === null ? sql`object_id IS NULL` : sql`object_id = ${String(objectId)}`}
        ORDER BY id`,
  );
}

describeEachDb("auth: login, account, logout, token lifetime", (ctx) => {
  let ipSeq = 0;
  /** Each test from its own address, so the per-IP failure counter of one test never blocks another. */
  const ip = () => `10.1.0.${++ipSeq}`;
  const login = (username: string, password: string, remoteAddress = ip()) =>
    ctx().app.inject({ method: "POST", url: "/api/auth/login/", payload: { username, password }, remoteAddress });

  it("logs in with the right password: token + account with settings, last_login and an 'Accesso' audit entry", async () => {
    const u = await ctx().createUser({ permissions: ["erp_operatori"], nome: "Anna", cognome: "Neri" });
    const res = await login(u.username.toUpperCase(), u.password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.token).toMatch(/^[\w-]{43}$/);
    expect(body.user).toMatchObject({
      id: u.id,
      username: u.username,
      nome: "Anna",
      cognome: "Neri",
      permissions: ["erp_operatori"],
    });
    expect(body.user.settings.posizioni[0]).toEqual({ id: expect.any(Number), descrizione: expect.any(String) });
    expect(body.user.settings.valutazioni).toHaveLength(5);
    expect(body.user.settings.tipi_utente_cms).toContainEqual({ id: "V", titolo: "Visualizzatore" });
    expect(JSON.stringify(body)).not.toContain("password");

    const [row] = await queryRows<{ last_login: unknown }>(
      ctx().database.db,
      sql`SELECT last_login FROM users WHERE id = ${u.id}`,
    );
    expect(row.last_login).not.toBeNull();
    expect(await auditRows(ctx as never, u.id, "Accesso")).toHaveLength(1);

    const account = await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(body.token) });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual(body.user);
  });

  it("answers the same 400 body for a wrong password, an unknown user and an inactive user", async () => {
    const u = await ctx().createUser();
    const off = await ctx().createUser({ attivo: false });
    const wrong = await login(u.username, "Password-Sbagliata-1");
    const unknown = await login("nessuno_cosi", "Password-Sbagliata-1");
    const inactive = await login(off.username, off.password);
    for (const res of [wrong, unknown, inactive]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(SAME_400);
    }
    const failed = await auditRows(ctx as never, u.id, "Accesso non riuscito");
    expect(failed).toHaveLength(1);
    expect(failed[0].note).toContain("password errata");
    expect(JSON.stringify(failed)).not.toContain("Password-Sbagliata-1");
    expect((await auditRows(ctx as never, off.id, "Accesso non riuscito"))[0].note).toContain("disattivato");
    const anonymous = await auditRows(ctx as never, null, "Accesso non riuscito");
    expect(anonymous.some((r) => r.note?.includes("nessuno_cosi"))).toBe(true);
  });

  it("runs the password hash for an unknown user and an inactive user too (no fast path)", async () => {
    const off = await ctx().createUser({ attivo: false });
    await login("utente_inesistente_0", "Qualcosa-di-lungo-1"); // builds the dummy hash once
    const spy = jest.spyOn(crypto, "scrypt");
    try {
      await login("utente_inesistente_xyz", "Qualcosa-di-lungo-1");
      expect(spy).toHaveBeenCalledTimes(1);
      await login(off.username, off.password);
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });

  it("refuses a body without username or password with per-field Italian errors", async () => {
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: "" },
      remoteAddress: ip(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      username: "Questo campo è obbligatorio",
      password: "Questo campo è obbligatorio",
    });
  });

  it("answers 401 with WWW-Authenticate for the account call without or with a bad token", async () => {
    const none = await ctx().app.inject({ method: "GET", url: "/api/auth/account/" });
    expect(none.statusCode).toBe(401);
    expect(none.headers["www-authenticate"]).toBe("Token");
    const bad = await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth("x".repeat(43)) });
    expect(bad.statusCode).toBe(401);
  });

  it("lets a user with no permissions read the account (capability 'all')", async () => {
    const u = await ctx().createUser({ permissions: [] });
    const res = await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual([]);
  });

  it("logout revokes the token on the server and writes 'Uscita'", async () => {
    const u = await ctx().createUser();
    const { token } = (await login(u.username, u.password)).json();
    const out = await ctx().app.inject({ method: "POST", url: "/api/auth/logout/", headers: auth(token) });
    expect(out.statusCode).toBe(200);
    const again = await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(token) });
    expect(again.statusCode).toBe(401);
    // the other session of the same user is untouched
    const other = await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) });
    expect(other.statusCode).toBe(200);
    expect(await auditRows(ctx as never, u.id, "Uscita")).toHaveLength(1);
  });

  describe("token lifetime (idle 8 h, absolute 7 days)", () => {
    afterEach(() => ctx().setNow(null));

    it("expires after the idle time without use, and stays alive while used", async () => {
      const t0 = new Date("2030-03-02T08:00:00Z");
      ctx().setNow(t0);
      const u = await ctx().createUser();
      const at = (h: number) => new Date(t0.getTime() + h * 3_600_000);
      const call = () => ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) });
      ctx().setNow(at(7.5));
      expect((await call()).statusCode).toBe(200); // used: the idle clock restarts
      ctx().setNow(at(15));
      expect((await call()).statusCode).toBe(200);
      ctx().setNow(at(23.1)); // 8 h 6 min after the last use
      expect((await call()).statusCode).toBe(401);
    });

    it("expires at the absolute limit even when used every few hours", async () => {
      const t0 = new Date("2030-04-01T08:00:00Z");
      ctx().setNow(t0);
      const u = await ctx().createUser();
      const call = () => ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) });
      let h = 0;
      while (h < 7 * 24 - 6) {
        h += 6;
        ctx().setNow(new Date(t0.getTime() + h * 3_600_000));
        expect((await call()).statusCode).toBe(200);
      }
      ctx().setNow(new Date(t0.getTime() + (7 * 24 + 1) * 3_600_000));
      expect((await call()).statusCode).toBe(401);
    });
  });
});
