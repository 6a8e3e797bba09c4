import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { auth, describeEachDb } from "../helpers/app";
import { readResetMail } from "./reset-mail";

const SAME_ANSWER = { detail: "Se l'utente esiste, riceverà un'email con le istruzioni" };

describeEachDb("auth: password reset", (ctx) => {
  let ipSeq = 0;
  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    ctx().app.inject({ method: "POST", url, payload: payload as never, headers, remoteAddress: `10.4.0.${++ipSeq}` });
  const requestReset = (username: string, redirect_url = "http://erp.test/app/reset-password", headers = {}) =>
    post("/api/auth/reset-password/", { username, redirect_url }, headers);
  const lastMail = () => ctx().mail.at(-1)!;
  afterEach(() => ctx().setNow(null));

  it("answers the same for an unknown, an inactive and an existing user; mails only the existing one", async () => {
    const u = await ctx().createUser({ email: "marta.gialli@example.it" });
    const off = await ctx().createUser({ attivo: false });
    const before = ctx().mail.length;
    const unknown = await requestReset("nessuno.qui");
    const inactive = await requestReset(off.username);
    expect(ctx().mail.length).toBe(before);
    const known = await requestReset(u.username);
    for (const res of [unknown, inactive, known]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SAME_ANSWER);
    }
    expect(ctx().mail.length).toBe(before + 1);
    expect(lastMail().to).toBe("marta.gialli@example.it");
    expect(lastMail().subject).toMatch(/reimpostazione della password/);
  });

  it("finds the account by e-mail address too", async () => {
    const u = await ctx().createUser({ email: "per.email@example.it" });
    await requestReset("PER.EMAIL@example.it");
    expect(lastMail().to).toBe("per.email@example.it");
    expect(readResetMail(lastMail().text).uid).toBe(String(u.id));
  });

  it("builds the link on PUBLIC_URL whatever redirect_url or Host say", async () => {
    const u = await ctx().createUser();
    await requestReset(u.username, "https://evil.example/rubare?x=1", {
      host: "evil.example",
      "x-forwarded-host": "evil.example",
    });
    const { link, token, code } = readResetMail(lastMail().text);
    expect(link.origin).toBe("http://erp.test");
    expect(link.pathname).toBe("/app/reset-password");
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(code).toMatch(/^\d{6}$/);
    expect(lastMail().text).not.toContain("evil");
    // only hashes are stored
    const rows = await queryRows<{ token_hash: unknown; code_hash: unknown }>(
      ctx().database.db,
      sql`SELECT token_hash, code_hash FROM password_resets WHERE user_id = ${u.id}`,
    );
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("runs end to end: verify code, set the new password, old tokens revoked, link single use, audit", async () => {
    const u = await ctx().createUser({ permissions: ["erp_dashboard"] });
    await requestReset(u.username);
    const { uid, token, code } = readResetMail(lastMail().text);
    const wrong = code === "000000" ? "111111" : "000000";

    const bad = await post("/api/auth/reset-password/verify-code/", { uid, token, code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.code).toMatch(/non è corretto.*tentativi rimasti: 4/);
    const ok = await post("/api/auth/reset-password/verify-code/", { uid, token, code });
    expect(ok.statusCode).toBe(200);

    const weak = await post("/api/auth/reset-password/confirm/", { uid, token, code, password: "12345678" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toMatch(/solo da numeri/);

    const done = await post("/api/auth/reset-password/confirm/", { uid, token, code, password: "Nuova-Chiave-2033" });
    expect(done.statusCode).toBe(200);
    expect(
      (await ctx().app.inject({ method: "GET", url: "/api/auth/account/", headers: auth(u.token) })).statusCode,
    ).toBe(401);
    const login = await post("/api/auth/login/", { username: u.username, password: "Nuova-Chiave-2033" });
    expect(login.statusCode).toBe(200);

    const again = await post("/api/auth/reset-password/confirm/", { uid, token, code, password: "Altra-Chiave-2034" });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toMatch(/non è valido o è scaduto/);

    const entries = await queryRows<{ note: string; dati: { change_log: string[] } }>(
      ctx().database.db,
      sql`SELECT note, dati FROM log_entries WHERE content_type = 'utente' AND object_id = ${String(u.id)}
          AND azione = 'Reimpostazione password' ORDER BY id`,
    );
    expect(entries.map((e) => e.note)).toEqual([
      "Richiesta di reimpostazione della password: email inviata",
      "Password reimpostata con il link e il codice ricevuti per email",
    ]);
    expect(entries[1].dati.change_log).toEqual(['Password: "—" → "(modificata)"']);
    expect(JSON.stringify(entries)).not.toMatch(/Nuova-Chiave|scrypt/);
  });

  it("expires the link after one hour", async () => {
    const t0 = new Date("2030-05-05T10:00:00Z");
    ctx().setNow(t0);
    const u = await ctx().createUser();
    await requestReset(u.username);
    const { uid, token, code } = readResetMail(lastMail().text);
    ctx().setNow(new Date(t0.getTime() + 59 * 60_000));
    expect((await post("/api/auth/reset-password/verify-code/", { uid, token, code })).statusCode).toBe(200);
    ctx().setNow(new Date(t0.getTime() + 61 * 60_000));
    const late = await post("/api/auth/reset-password/confirm/", { uid, token, code, password: "Tardi-Ormai-2035" });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors.token).toMatch(/scaduto/);
  });

  it("burns the link after 5 wrong codes", async () => {
    const u = await ctx().createUser();
    await requestReset(u.username);
    const { uid, token, code } = readResetMail(lastMail().text);
    const wrong = code === "999999" ? "888888" : "999999";
    for (let i = 1; i <= 5; i++) {
      const res = await post("/api/auth/reset-password/verify-code/", { uid, token, code: wrong });
      expect(res.statusCode).toBe(400);
    }
    const right = await post("/api/auth/reset-password/confirm/", { uid, token, code, password: "Troppo-Tardi-2036" });
    expect(right.statusCode).toBe(400);
    expect(right.json().detail).toMatch(/non è valido/);
  });

  it("a new request supersedes the previous link; a token of another uid is refused", async () => {
    const u = await ctx().createUser();
    const other = await ctx().createUser();
    await requestReset(u.username);
    const first = readResetMail(lastMail().text);
    await requestReset(u.username);
    const second = readResetMail(lastMail().text);
    expect((await post("/api/auth/reset-password/verify-code/", first)).statusCode).toBe(400);
    const swapped = { ...second, uid: String(other.id) };
    expect((await post("/api/auth/reset-password/verify-code/", swapped)).statusCode).toBe(400);
    expect((await post("/api/auth/reset-password/verify-code/", second)).statusCode).toBe(200);
  });

  it("validates the bodies in Italian", async () => {
    const res = await post("/api/auth/reset-password/confirm/", { uid: "x", token: "", code: "12" });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors;
    expect(errors.code).toBe("Il codice di verifica è composto da 6 cifre");
    expect(errors.token).toBe("Questo campo è obbligatorio");
    expect(errors.password).toBe("Questo campo è obbligatorio");
    expect(errors.uid).toBeTruthy();
    const empty = await post("/api/auth/reset-password/", {});
    expect(empty.json().errors).toEqual({ username: "Questo campo è obbligatorio" });
  });
});
