/**
 * Issue 10, items 3 and 4: the login limits hold under parallel requests (a hit is reserved before
 * the password is verified), and they keep brute force out without giving anyone a button that
 * locks an account: counts per (account, address) and per address, a growing delay per account
 * for addresses it never logged in from, and a correct password always welcome from a known one.
 */
import { sql } from "drizzle-orm";
import { queryRows } from "../../../server/db/query";
import { describeEachDb } from "../helpers/app";
import { readResetMail } from "./reset-mail";

const LOGIN_FAILED = "Impossibile accedere con le credenziali fornite";
const WRONG = "Sbagliata-Ancora-1";
const T0 = new Date("2030-07-01T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

async function waitFor(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
}

describeEachDb("auth: login limits under attack", (ctx) => {
  beforeEach(() => ctx().setNow(T0));
  afterAll(() => ctx().setNow(null));

  const login = (username: string, password: string, remoteAddress: string) =>
    ctx().app.inject({ method: "POST", url: "/api/auth/login/", payload: { username, password }, remoteAddress });

  /** How many answers were a verified wrong password (400) and how many were refused unverified (429). */
  function tally(answers: { statusCode: number; json: () => { detail: string } }[]) {
    const verified = answers.filter((r) => r.statusCode === 400 && r.json().detail === LOGIN_FAILED).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    return { verified, refused };
  }

  async function failedAudits(username: string): Promise<number> {
    const rows = await queryRows<{ n: number }>(
      ctx().database.db,
      sql`SELECT count(*)::int AS n FROM log_entries
          WHERE azione = 'Accesso non riuscito' AND note LIKE ${`Nome utente "${username}":%`}`,
    );
    return rows[0].n;
  }

  it("30 parallel wrong passwords for one account from one address: only 5 are verified", async () => {
    const u = await ctx().createUser();
    const answers = await Promise.all(Array.from({ length: 30 }, () => login(u.username, WRONG, "10.9.0.1")));
    expect(tally(answers)).toEqual({ verified: 5, refused: 25 });
    expect(await failedAudits(u.username)).toBe(5);
  });

  it("30 parallel wrong passwords for 30 accounts from one address: only 20 are verified", async () => {
    const names = Array.from({ length: 30 }, (_, i) => `parallelo${i}_${ctx().kind}`);
    const answers = await Promise.all(names.map((n) => login(n, WRONG, "10.9.0.2")));
    expect(tally(answers)).toEqual({ verified: 20, refused: 10 });
  });

  it("30 parallel wrong passwords for one account from 30 addresses: only the 5 free ones are verified", async () => {
    const u = await ctx().createUser();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(u.username, WRONG, `10.9.1.${i}`)));
    expect(tally(answers)).toEqual({ verified: 5, refused: 25 });
  });

  it("an attacker hammering admin from one address does not stop admin from a known address", async () => {
    const admin = await ctx().createUser({ username: `admin_${ctx().kind}`, permissions: ["superadmin"] });
    expect((await login(admin.username, admin.password, "10.9.2.1")).statusCode).toBe(200); // B becomes known
    for (let i = 0; i < 30; i++) await login(admin.username, WRONG, "10.9.2.66");
    const fromB = await login(admin.username, admin.password, "10.9.2.1");
    expect(fromB.statusCode).toBe(200);
    expect(fromB.json().token).toBeTruthy();
  });

  it("brute force from one address is stopped: after 5 failures even the right password waits 15 minutes", async () => {
    const u = await ctx().createUser();
    expect((await login(u.username, u.password, "10.9.3.1")).statusCode).toBe(200); // a known address
    for (let i = 0; i < 5; i++) expect((await login(u.username, WRONG, "10.9.3.1")).statusCode).toBe(400);
    const sixth = await login(u.username, u.password, "10.9.3.1");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers["retry-after"]).toBe("900");
    expect(sixth.json().detail).toMatch(/^Troppi tentativi\. Riprova tra 15 minuti/);
    ctx().setNow(at(15 * 60 + 1));
    expect((await login(u.username, u.password, "10.9.3.1")).statusCode).toBe(200);
  });

  it("a spread attack from many addresses is slowed: after 5 failures each new address waits longer", async () => {
    const u = await ctx().createUser();
    expect((await login(u.username, u.password, "10.9.4.200")).statusCode).toBe(200); // the owner's address
    let ip = 0;
    const next = () => `10.9.4.${++ip}`;
    for (let i = 0; i < 5; i++) expect((await login(u.username, WRONG, next())).statusCode).toBe(400);
    // the 6th try from a fresh address must wait 1 s after the 5th, the 7th 2 s after the 6th, …
    const early = await login(u.username, WRONG, next());
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("1");
    ctx().setNow(at(1));
    expect((await login(u.username, WRONG, next())).statusCode).toBe(400);
    ctx().setNow(at(2));
    expect((await login(u.username, WRONG, next())).statusCode).toBe(429);
    ctx().setNow(at(3));
    expect((await login(u.username, WRONG, next())).statusCode).toBe(400);
    // the right password from a new address waits too (4 s now)…
    const fresh = await login(u.username, u.password, next());
    expect(fresh.statusCode).toBe(429);
    expect(fresh.headers["retry-after"]).toBe("4");
    // …but never from the address the owner logged in from
    expect((await login(u.username, u.password, "10.9.4.200")).statusCode).toBe(200);
    // and after a long attack the pace is one guess per 15 minutes from new addresses
    let t = 3;
    for (let i = 0; i < 10; i++) {
      const wait = await login(u.username, WRONG, next());
      expect(wait.statusCode).toBe(429);
      t += Number(wait.headers["retry-after"]);
      ctx().setNow(at(t));
      expect((await login(u.username, WRONG, next())).statusCode).toBe(400);
    }
    const after = await login(u.username, WRONG, next());
    expect(after.statusCode).toBe(429);
    expect(after.headers["retry-after"]).toBe("900");
  });

  it("the delay is per account name, existing or not (it tells nothing about which accounts exist)", async () => {
    const name = `fantasma_${ctx().kind}`;
    for (let i = 0; i < 5; i++) expect((await login(name, WRONG, `10.9.5.${i}`)).statusCode).toBe(400);
    expect((await login(name, WRONG, "10.9.5.99")).statusCode).toBe(429);
  });

  it("a password reset through the mail ends the delay and makes that address known", async () => {
    const u = await ctx().createUser();
    for (let i = 0; i < 8; i++) await login(u.username, WRONG, `10.9.7.${i}`);
    const home = "10.9.7.200";
    expect((await login(u.username, u.password, home)).statusCode).toBe(429);
    const post = (url: string, payload: object) =>
      ctx().app.inject({ method: "POST", url, payload, remoteAddress: home });
    expect((await post("/api/auth/reset-password/", { username: u.username })).statusCode).toBe(200);
    await waitFor(() => ctx().mail.some((m) => m.to === `${u.username}@example.it`));
    const { uid, token, code } = readResetMail(
      ctx()
        .mail.filter((m) => m.to === `${u.username}@example.it`)
        .at(-1)!.text,
    );
    const password = "Nuova-Chiave-Del-Turno-5";
    expect((await post("/api/auth/reset-password/confirm/", { uid, token, code, password })).statusCode).toBe(200);
    // the attacker's next guess from a new address starts again among the free ones
    expect((await login(u.username, WRONG, "10.9.7.99")).statusCode).toBe(400);
    // and the owner, at home, is never delayed again by attempts made elsewhere
    for (let i = 0; i < 10; i++) await login(u.username, WRONG, `10.9.8.${i}`);
    expect((await login(u.username, password, home)).statusCode).toBe(200);
  });

  it("a successful login gives back its reservations: a busy office behind one address is not blocked", async () => {
    const users = await Promise.all(Array.from({ length: 25 }, () => ctx().createUser()));
    for (const u of users) expect((await login(u.username, u.password, "10.9.6.1")).statusCode).toBe(200);
    const [row] = await queryRows<{ hits: number }>(
      ctx().database.db,
      sql`SELECT hits FROM rate_limits WHERE bucket = 'login-ip' AND key = '10.9.6.1'`,
    );
    expect(row.hits).toBe(0);
  });
});
