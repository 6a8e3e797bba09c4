/**
 * Issue 37 step 1–3: TOTP enrolment from the profile, login with the code (no token between the
 * factors), replay refused, recovery codes single use, disable with a fresh code, the policy that
 * forces enrolment at login, re-authentication and its expiry.
 */
import { sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { queryOne, queryRows } from "../../../server/db/query";
import { auth, describeEachDb, type TestApp } from "../helpers/app";

const T0 = new Date("2026-03-02T09:00:00Z");
const at = (secret: string, d: Date) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: d.getTime() });
const plus = (d: Date, s: number) => new Date(d.getTime() + s * 1000);

describeEachDb("auth: second factor (TOTP), policy, re-authentication", (ctx) => {
  let ipSeq = 0;
  const ip = () => `10.37.0.${++ipSeq}`;
  const post = (url: string, payload: unknown, token?: string, remoteAddress = "10.37.1.1") =>
    ctx().app.inject({
      method: "POST",
      url,
      payload: payload as object,
      headers: token ? auth(token) : {},
      remoteAddress,
    });
  const login = (username: string, password: string) =>
    post("/api/auth/login/", { username, password }, undefined, ip());

  async function enrol(t: TestApp, token: string, now: Date) {
    t.setNow(now);
    const setup = await post("/api/auth/mfa/setup/", {}, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/Vigilanza%20ERP:.+secret=/);
    const conf = await post("/api/auth/mfa/confirm/", { code: at(secret, now) }, token);
    expect(conf.statusCode).toBe(200);
    return { secret: secret as string, recovery: conf.json().recovery_codes as string[] };
  }

  afterEach(() => ctx().setNow(null));

  it("enrols from the profile; the secret is stored encrypted, the recovery codes hashed; login then needs the code", async () => {
    const t = ctx();
    const u = await t.createUser({ permissions: ["erp_operatori"] });
    const before = await t.app.inject({ method: "GET", url: "/api/auth/mfa/", headers: auth(u.token) });
    expect(before.json()).toEqual({ enabled: false, confirmed_at: null, recovery_codes_left: 0, required: false });

    const { secret, recovery } = await enrol(t, u.token, T0);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect(recovery[0]).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const row = await queryOne<{ secret_enc: string; confirmed_at: unknown }>(
      t.database.db,
      sql`SELECT secret_enc, confirmed_at FROM user_mfa WHERE user_id = ${u.id}`,
    );
    expect(row?.confirmed_at).not.toBeNull();
    expect(row?.secret_enc).toMatch(/^v1:/);
    expect(row?.secret_enc).not.toContain(secret);
    const hashes = await queryRows<{ code_hash: Buffer }>(
      t.database.db,
      sql`SELECT code_hash FROM user_mfa_recovery_codes WHERE user_id = ${u.id}`,
    );
    expect(hashes).toHaveLength(10);
    expect(hashes.map((h) => Buffer.from(h.code_hash).toString())).not.toContain(recovery[0].replace("-", ""));
    const status = await t.app.inject({ method: "GET", url: "/api/auth/mfa/", headers: auth(u.token) });
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 10 });

    // password alone: a challenge, no token; the challenge is not a token
    t.setNow(plus(T0, 60));
    const first = await login(u.username, u.password);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ mfa: "code", challenge: expect.any(String), detail: expect.any(String) });
    expect(body.token).toBeUndefined();
    const notAToken = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(body.challenge) });
    expect(notAToken.statusCode).toBe(401);
    const tokens = await queryOne<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = ${u.id}`,
    );
    expect(Number(tokens?.n)).toBe(1); // only the one createUser issued

    const wrong = await post("/api/auth/login/code/", { challenge: body.challenge, code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.code).toBe("Codice non valido o già usato");

    const code = at(secret, plus(T0, 60));
    const ok = await post("/api/auth/login/code/", { challenge: body.challenge, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^[\w-]{43}$/);
    expect(ok.json().user.id).toBe(u.id);
    const acc = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(ok.json().token) });
    expect(acc.statusCode).toBe(200);

    // the challenge is single use, and the same code is refused on a new challenge (replay)
    const again = await post("/api/auth/login/code/", { challenge: body.challenge, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors.challenge).toBeDefined();
    const second = (await login(u.username, u.password)).json();
    const replay = await post("/api/auth/login/code/", { challenge: second.challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().errors.code).toBe("Codice non valido o già usato");
    // the next 30-second code works
    t.setNow(plus(T0, 90));
    const next = await post("/api/auth/login/code/", { challenge: second.challenge, code: at(secret, plus(T0, 90)) });
    expect(next.statusCode).toBe(200);

    const audits = await queryRows<{ azione: string }>(
      t.database.db,
      sql`SELECT azione FROM log_entries WHERE content_type = 'utente' AND object_id = ${String(u.id)} ORDER BY id`,
    );
    const names = audits.map((a) => a.azione);
    expect(names).toContain("Verifica in due passaggi attivata");
    expect(names.filter((n) => n === "Codice di verifica errato")).toHaveLength(2);
    expect(names.filter((n) => n === "Accesso")).toHaveLength(2);
  });

  it("a recovery code opens one login only; five wrong codes burn the challenge", async () => {
    const t = ctx();
    const u = await t.createUser();
    const { recovery } = await enrol(t, u.token, T0);
    t.setNow(plus(T0, 30));
    const c1 = (await login(u.username, u.password)).json().challenge;
    const r1 = await post("/api/auth/login/code/", { challenge: c1, code: recovery[3].toLowerCase() });
    expect(r1.statusCode).toBe(200);
    const c2 = (await login(u.username, u.password)).json().challenge;
    const r2 = await post("/api/auth/login/code/", { challenge: c2, code: recovery[3] });
    expect(r2.statusCode).toBe(400);
    const used = await queryRows<{ azione: string; note: string }>(
      t.database.db,
      sql`SELECT azione, note FROM log_entries WHERE azione = 'Codice di recupero usato' AND object_id = ${String(u.id)}`,
    );
    expect(used).toEqual([{ azione: "Codice di recupero usato", note: expect.stringContaining("ne restano 9") }]);
    for (let i = 0; i < 4; i++) await post("/api/auth/login/code/", { challenge: c2, code: "111111" });
    // burned: even a right recovery code is refused on it
    const burned = await post("/api/auth/login/code/", { challenge: c2, code: recovery[4] });
    expect(burned.statusCode).toBe(400);
    expect(burned.json().errors.challenge).toBeDefined();
  });

  it("the challenge expires after 5 minutes", async () => {
    const t = ctx();
    const u = await t.createUser();
    const { secret } = await enrol(t, u.token, T0);
    t.setNow(plus(T0, 60));
    const c = (await login(u.username, u.password)).json().challenge;
    t.setNow(plus(T0, 60 + 301));
    const late = await post("/api/auth/login/code/", { challenge: c, code: at(secret, plus(T0, 361)) });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.challenge).toMatch(/scadut/);
  });

  it("the code step is throttled per account: after 5 wrong codes the 6th waits (429)", async () => {
    const t = ctx();
    const u = await t.createUser();
    const { secret } = await enrol(t, u.token, T0);
    t.setNow(plus(T0, 60));
    let last = 0;
    for (let i = 0; i < 6; i++) {
      const c = (await login(u.username, u.password)).json().challenge;
      last = (await post("/api/auth/login/code/", { challenge: c, code: "222222" }, undefined, ip())).statusCode;
    }
    expect(last).toBe(429);
    const c = (await login(u.username, u.password)).json().challenge;
    const right = await post(
      "/api/auth/login/code/",
      { challenge: c, code: at(secret, plus(T0, 60)) },
      undefined,
      ip(),
    );
    expect(right.statusCode).toBe(429);
  });

  it("disable needs re-authentication within 5 minutes and a fresh app code (not a recovery code)", async () => {
    const t = ctx();
    const u = await t.createUser();
    const { secret, recovery } = await enrol(t, u.token, T0);
    // the token was issued at T0 (createUser uses the real clock: move 6 minutes past now)
    const later = new Date(Date.now() + 6 * 60_000);
    t.setNow(later);
    const stale = await post("/api/auth/mfa/disable/", { code: at(secret, later) }, u.token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({
      code: "reauth_required",
      detail: expect.stringMatching(/conferma la tua identità/),
    });

    const noCode = await post("/api/auth/reauth/", { password: u.password }, u.token);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors.code).toBeDefined();
    const badPw = await post("/api/auth/reauth/", { password: "Sbagliata-1234567", code: at(secret, later) }, u.token);
    expect(badPw.statusCode).toBe(400);
    expect(badPw.json().errors.password).toBeDefined();
    const re = await post("/api/auth/reauth/", { password: u.password, code: at(secret, later) }, u.token);
    expect(re.statusCode).toBe(200);

    const withRecovery = await post("/api/auth/mfa/disable/", { code: recovery[0] }, u.token);
    expect(withRecovery.statusCode).toBe(400);
    const t2 = plus(later, 30);
    t.setNow(t2);
    const off = await post("/api/auth/mfa/disable/", { code: at(secret, t2) }, u.token);
    expect(off.statusCode).toBe(200);
    expect(await queryOne(t.database.db, sql`SELECT 1 FROM user_mfa WHERE user_id = ${u.id}`)).toBeUndefined();
    const plain = await login(u.username, u.password);
    expect(plain.json().token).toMatch(/^[\w-]{43}$/);
  });

  it("policy: a covered user must enrol at login; no token before, token and recovery codes after", async () => {
    const t = ctx();
    const admin = await t.createUser({ permissions: ["superadmin"] });
    // the admin must be enrolled to turn on a policy that covers themselves
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/auth/security-settings/",
      headers: auth(admin.token),
      payload: { data: { mfa_required: true } },
    });
    expect(refused.statusCode).toBe(400);
    await enrol(t, admin.token, T0);
    t.setNow(null);
    const staff = await t.createUser({ permissions: ["erp_compensi"] });
    const other = await t.createUser({ permissions: ["erp_dashboard"] });
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/auth/security-settings/",
      headers: auth(admin.token),
      payload: { data: { mfa_required: true } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ mfa_required: true, sso_required: false });
    expect(put.json().mfa_required_permissions).toEqual(expect.arrayContaining(["superadmin", "erp_compensi"]));
    // the covered user's open session is ended: a password alone no longer opens personal data
    const oldSession = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(staff.token) });
    expect(oldSession.statusCode).toBe(401);
    const uncovered = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(other.token) });
    expect(uncovered.statusCode).toBe(200);

    const first = (await login(staff.username, staff.password)).json();
    expect(first).toMatchObject({ mfa: "enrol", challenge: expect.any(String) });
    expect(first.token).toBeUndefined();
    // the challenge opens nothing but the enrolment
    const code = await post("/api/auth/login/code/", { challenge: first.challenge, code: "123456" });
    expect(code.statusCode).toBe(400);
    const setup = await post("/api/auth/login/enrol/", { challenge: first.challenge });
    expect(setup.statusCode).toBe(200);
    const now = new Date();
    const done = await post("/api/auth/login/enrol/confirm/", {
      challenge: first.challenge,
      code: at(setup.json().secret, now),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().recovery_codes).toHaveLength(10);
    const acc = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(done.json().token) });
    expect(acc.statusCode).toBe(200);
    // covered users cannot turn it off
    const off = await post(
      "/api/auth/mfa/disable/",
      { code: at(setup.json().secret, plus(now, 30)) },
      done.json().token,
    );
    expect(off.statusCode).toBe(400);
    // put the policy back for the other tests
    await t.database.db.execute(sql`UPDATE auth_settings SET mfa_required = false`);
  });

  it("policy: granting a covered permission to a user without a second factor ends their sessions", async () => {
    const t = ctx();
    await t.database.db.execute(
      sql`UPDATE auth_settings SET mfa_required = true, mfa_required_permissions = '{erp_fatture}'`,
    );
    try {
      const admin = await t.createUser({ permissions: ["admin"] });
      const clerk = await t.createUser({ permissions: ["erp_dashboard"] });
      const put = await t.app.inject({
        method: "PUT",
        url: `/api/auth/users/${clerk.id}/`,
        headers: auth(admin.token),
        payload: { data: { permissions: ["erp_dashboard", "erp_fatture"] } },
      });
      expect(put.statusCode).toBe(200);
      const after = await t.app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(clerk.token) });
      expect(after.statusCode).toBe(401);
      const [entry] = await queryRows<{ note: string }>(
        t.database.db,
        sql`SELECT note FROM log_entries WHERE content_type = 'utente' AND object_id = ${String(clerk.id)} AND azione = 'Modifica'`,
      );
      expect(entry.note).toBe("Verifica in due passaggi ora obbligatoria: sessioni chiuse");
      expect((await login(clerk.username, clerk.password)).json().mfa).toBe("enrol");
    } finally {
      await t.database.db.execute(sql`UPDATE auth_settings SET mfa_required = false`);
    }
  });

  it("re-authentication guards changing staff users and one's password", async () => {
    const t = ctx();
    const admin = await t.createUser({ permissions: ["admin"] });
    const later = new Date(Date.now() + 6 * 60_000);
    t.setNow(later);
    const create = await t.app.inject({
      method: "POST",
      url: "/api/auth/users/",
      headers: auth(admin.token),
      payload: {
        data: {
          username: `nuovo${Date.now()}`,
          email: "n@example.it",
          nome: "N",
          cognome: "U",
          permissions: [],
          attivo: true,
          password: "Sentinella-Notturna-99",
        },
      },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe("reauth_required");
    const pw = await post(
      "/api/auth/change-password/",
      { data: { current_password: admin.password, new_password: "Altra-Password-Lunga-77" } },
      admin.token,
    );
    expect(pw.statusCode).toBe(403);
    expect((await post("/api/auth/reauth/", { password: admin.password }, admin.token)).statusCode).toBe(200);
    const retry = await t.app.inject({
      method: "POST",
      url: "/api/auth/users/",
      headers: auth(admin.token),
      payload: {
        data: {
          username: `nuovo${Date.now()}`,
          email: "n@example.it",
          nome: "N",
          cognome: "U",
          permissions: [],
          attivo: true,
          password: "Sentinella-Notturna-99",
        },
      },
    });
    expect(retry.statusCode).toBe(201);
    // 5 minutes later it expires again
    t.setNow(plus(later, 301));
    const expired = await post(
      "/api/auth/change-password/",
      { data: { current_password: admin.password, new_password: "Altra-Password-Lunga-77" } },
      admin.token,
    );
    expect(expired.statusCode).toBe(403);
  });
});
