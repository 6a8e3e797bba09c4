/**
 * Issue 37 step 4: *Sessioni attive* — each token's device, address, start and last use; end one or
 * all others; administrators see and end anyone's; an ended session is refused by every worker.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb, describeTwoProcesses } from "../helpers/app";
import { testDbKinds } from "../setup/paths";

describeEachDb("auth: active sessions", (ctx) => {
  const loginFrom = async (username: string, password: string, ip: string, ua: string) => {
    const r = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username, password },
      remoteAddress: ip,
      headers: { "user-agent": ua },
    });
    expect(r.statusCode).toBe(200);
    return r.json().token as string;
  };
  const get = (url: string, token: string) => ctx().app.inject({ method: "GET", url, headers: auth(token) });

  it("lists the caller's sessions with device, address, start and last use; ends one, then all others", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const a = await loginFrom(u.username, u.password, "10.40.0.1", "Mozilla/5.0 (X11; Linux) Firefox/140");
    const b = await loginFrom(u.username, u.password, "10.40.0.2", "Mozilla/5.0 (iPhone) Safari/18");
    const c = await loginFrom(u.username, u.password, "10.40.0.3", "Mozilla/5.0 (Windows) Chrome/141");
    const list = await get("/api/auth/sessions/", a);
    expect(list.statusCode).toBe(200);
    const rows = list.json().results as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(4); // createUser's token too
    const mine = rows.find((r) => r.current);
    expect(mine).toMatchObject({ ip: "10.40.0.1", user_agent: "Mozilla/5.0 (X11; Linux) Firefox/140" });
    expect(rows.filter((r) => r.current)).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      ip: expect.any(String),
      user_agent: expect.anything(),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      last_used_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      current: expect.any(Boolean),
    });
    const iphone = rows.find((r) => r.ip === "10.40.0.2")!;

    const end = await ctx().app.inject({ method: "DELETE", url: `/api/auth/sessions/${iphone.id}/`, headers: auth(a) });
    expect(end.json()).toEqual({ ended: 1 });
    expect((await get("/api/auth/account/", b)).statusCode).toBe(401);
    expect((await get("/api/auth/account/", c)).statusCode).toBe(200);
    const twice = await ctx().app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${iphone.id}/`,
      headers: auth(a),
    });
    expect(twice.statusCode).toBe(404);

    const others = await ctx().app.inject({ method: "POST", url: "/api/auth/sessions/end-others/", headers: auth(a) });
    expect(others.json()).toEqual({ ended: 2 });
    expect((await get("/api/auth/account/", c)).statusCode).toBe(401);
    expect((await get("/api/auth/account/", u.token)).statusCode).toBe(401);
    expect((await get("/api/auth/account/", a)).statusCode).toBe(200);
    expect((await get("/api/auth/sessions/", a)).json().results).toHaveLength(1);

    const audit = await queryRows<{ azione: string; note: string; utente_id: number }>(
      ctx().database.db,
      sql`SELECT azione, note, utente_id FROM log_entries WHERE azione = 'Sessione chiusa' AND object_id = ${String(u.id)} ORDER BY id`,
    );
    expect(audit).toEqual([
      { azione: "Sessione chiusa", note: "Sessione Mozilla/5.0 (iPhone) Safari/18 (10.40.0.2)", utente_id: u.id },
      { azione: "Sessione chiusa", note: "2 sessioni", utente_id: u.id },
    ]);
  });

  it("a user cannot end someone else's session; an administrator can see and end anyone's", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const other = await ctx().createUser({ permissions: ["erp_dashboard"] });
    const admin = await ctx().createUser({ permissions: ["admin"] });
    const [theirs] = (await get("/api/auth/sessions/", other.token)).json().results;
    const steal = await ctx().app.inject({
      method: "DELETE",
      url: `/api/auth/sessions/${theirs.id}/`,
      headers: auth(u.token),
    });
    expect(steal.statusCode).toBe(404);
    expect((await get("/api/auth/account/", other.token)).statusCode).toBe(200);
    expect((await get(`/api/auth/users/${other.id}/sessions/`, u.token)).statusCode).toBe(403);

    const seen = await get(`/api/auth/users/${other.id}/sessions/`, admin.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().results).toEqual([expect.objectContaining({ id: theirs.id, current: false })]);
    const end = await ctx().app.inject({
      method: "DELETE",
      url: `/api/auth/users/${other.id}/sessions/${theirs.id}/`,
      headers: auth(admin.token),
    });
    expect(end.json()).toEqual({ ended: 1 });
    expect((await get("/api/auth/account/", other.token)).statusCode).toBe(401);
    const all = await ctx().app.inject({
      method: "POST",
      url: `/api/auth/users/${u.id}/sessions/end-all/`,
      headers: auth(admin.token),
    });
    expect(all.json()).toEqual({ ended: 1 });
    expect((await get("/api/auth/account/", u.token)).statusCode).toBe(401);
    const audit = await queryRows<{ utente_id: number }>(
      ctx().database.db,
      sql`SELECT utente_id FROM log_entries WHERE azione = 'Sessione chiusa' AND object_id = ${String(other.id)}`,
    );
    expect(audit).toEqual([{ utente_id: admin.id }]);
  });
});

const pg = testDbKinds().includes("postgres") ? describe : describe.skip;

pg("auth: a session ended on one worker is refused on the other at once", () => {
  const procs = describeTwoProcesses();

  it("the other process had the token cached; after the end it answers 401 (NOTIFY erp_auth)", async () => {
    const { t, other } = procs();
    const u = await t.createUser({ permissions: ["erp_dashboard"] });
    const keep = await t.createUser({ permissions: ["erp_dashboard"] });
    // the other worker verifies (and caches) the token
    for (let i = 0; i < 2; i++) {
      const r = await other.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) });
      expect(r.statusCode).toBe(200);
    }
    const [s] = (await t.app.inject({ method: "GET", url: "/api/auth/sessions/", headers: auth(u.token) })).json()
      .results;
    const ended = await t.app.inject({
      method: "POST",
      url: `/api/auth/users/${u.id}/sessions/end-all/`,
      headers: auth((await t.createUser({ permissions: ["admin"] })).token),
    });
    expect(ended.json()).toEqual({ ended: 1 });
    expect(s.current).toBe(true);
    const deadline = Date.now() + 2000;
    let status = 200;
    while (Date.now() < deadline) {
      status = (await other.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) })).statusCode;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
    expect(
      (await other.inject({ method: "GET", url: "/api/auth/account/", headers: auth(keep.token) })).statusCode,
    ).toBe(200);
  });
});
