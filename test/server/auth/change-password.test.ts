/**
 * Issue 10, item 11: POST /api/auth/change-password/ — a signed-in user changes their own password
 * with the current one; every OTHER token of theirs is revoked, the current session stays.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { PASSWORD_CHANGED, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from "../../../src/domain/auth-messages";
import { auth, describeEachDb } from "../helpers/app";

const NEW_PASSWORD = "Cancello-Nord-Chiuso-88";

describeEachDb("auth: change your own password", (ctx) => {
  let ipSeq = 0;
  const login = (username: string, password: string) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username, password },
      remoteAddress: `10.7.0.${++ipSeq}`,
    });
  const change = (token: string | null, data: Record<string, unknown>) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/auth/change-password/",
      headers: token ? auth(token) : {},
      payload: { data },
    });
  const account = (token: string) =>
    ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(token) });
  const hashOf = async (id: number) =>
    (
      await queryRows<{ password_hash: string }>(
        ctx().database.db,
        sql`SELECT password_hash FROM users WHERE id = ${id}`,
      )
    )[0].password_hash;

  it("changes the password: this session stays, the others end, the new password logs in, audited", async () => {
    const u = await ctx().createUser();
    const other = (await login(u.username, u.password)).json().token as string;
    expect((await account(other)).statusCode).toBe(200); // verified once: in the token cache now

    const res = await change(u.token, { current_password: u.password, new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: PASSWORD_CHANGED });

    expect((await account(u.token)).statusCode).toBe(200);
    expect((await account(other)).statusCode).toBe(401);
    expect((await login(u.username, u.password)).statusCode).toBe(400);
    expect((await login(u.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await hashOf(u.id)).toMatch(/^scrypt\$1024\$8\$1\$/);

    const audits = await queryRows<{ azione: string; utente_id: number; ip: string; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT azione, utente_id, ip, dati FROM log_entries
          WHERE content_type = 'utente' AND object_id = ${String(u.id)} AND azione = 'Cambio password'`,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ utente_id: u.id, dati: { change_log: ['Password: "—" → "(modificata)"'] } });
    expect(JSON.stringify(audits)).not.toContain(NEW_PASSWORD);
  });

  it("refuses a wrong current password with errors.current_password and changes nothing", async () => {
    const u = await ctx().createUser();
    const before = await hashOf(u.id);
    const res = await change(u.token, { current_password: "Non-E-Questa-1", new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ current_password: WRONG_CURRENT_PASSWORD });
    expect(await hashOf(u.id)).toBe(before);
    expect((await account(u.token)).statusCode).toBe(200);
  });

  it("applies the password policy to the new password, in Italian, under new_password", async () => {
    const u = await ctx().createUser({ username: "guardia.bianchi" });
    for (const [pw, message] of [
      ["corta1", "almeno 8 caratteri"],
      ["password123", "troppo comune"],
      ["guardia.bianchi.77", "simile al nome utente"],
    ]) {
      const res = await change(u.token, { current_password: u.password, new_password: pw });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.new_password).toContain(message);
    }
    const same = await change(u.token, { current_password: u.password, new_password: u.password });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual({ new_password: SAME_PASSWORD });
    const empty = await change(u.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      current_password: "Questo campo è obbligatorio",
      new_password: "Questo campo è obbligatorio",
    });
  });

  it("is rate-limited like login failures: of 30 parallel wrong guesses only 5 are checked", async () => {
    const u = await ctx().createUser();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        change(u.token, { current_password: "Tentativo-1234", new_password: NEW_PASSWORD }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 400).length).toBe(5);
    expect(answers.filter((r) => r.statusCode === 429).length).toBe(25);
    const right = await change(u.token, { current_password: u.password, new_password: NEW_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.headers["retry-after"]).toBeDefined();
  });

  it("needs a signed-in user", async () => {
    const res = await change(null, { current_password: "x", new_password: NEW_PASSWORD });
    expect(res.statusCode).toBe(401);
  });
});
