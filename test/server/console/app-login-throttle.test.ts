/**
 * Issue 30 item 12: the guards' app sign-in has the per-account back-off the staff login has — a
 * guard's password guessed from many addresses (a phone network hands out a new one per request)
 * slows down after 5 failures, and a correct password gives its try back.
 */
import { sql } from "drizzle-orm";
import { queryOne } from "../../../server/db/query";
import { hashPassword } from "../../../server/lib/passwords";
import { describeEachDb } from "../helpers/app";

const T0 = new Date("2030-07-01T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const PASSWORD = "Guardia-Giusta-2030";
const WRONG = "Sbagliata-Ancora-1";

describeEachDb("app delle guardie: tentativi di accesso", (ctx) => {
  beforeAll(async () => {
    const db = ctx().database.db;
    const op = await queryOne<{ id: number }>(
      db,
      sql`INSERT INTO operatori (nome, cognome, applicazione) VALUES ('Marco', 'Neri', true) RETURNING id`,
    );
    const hash = await hashPassword(PASSWORD, 2 ** 10);
    await db.execute(
      sql`INSERT INTO app_credenziali (operatore_id, username, password_hash) VALUES (${op?.id}, 'm.neri', ${hash})`,
    );
  });
  beforeEach(() => ctx().setNow(T0));
  afterAll(() => ctx().setNow(null));

  const login = (username: string, password: string, remoteAddress: string) =>
    ctx().app.inject({ method: "POST", url: "/api/app/login/", payload: { username, password }, remoteAddress });

  it("after 5 failures from 5 addresses a sixth address waits, growing; the right password then too", async () => {
    for (let i = 1; i <= 5; i++) expect((await login("m.neri", WRONG, `10.30.0.${i}`)).statusCode).toBe(400);
    const early = await login("m.neri", WRONG, "10.30.0.6");
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("1");
    expect(early.json().detail).toMatch(/^Troppi tentativi/);
    ctx().setNow(at(1));
    expect((await login("m.neri", WRONG, "10.30.0.7")).statusCode).toBe(400);
    ctx().setNow(at(2));
    const right = await login("m.neri", PASSWORD, "10.30.0.8");
    expect(right.statusCode).toBe(429);
    expect(right.headers["retry-after"]).toBe("1");
    ctx().setNow(at(3));
    expect((await login("m.neri", PASSWORD, "10.30.0.9")).statusCode).toBe(200);
  });

  it("the delay belongs to the app's name space: a staff user with the same name is not slowed", async () => {
    const staff = await ctx().createUser({ username: "m.neri" });
    ctx().setNow(at(4));
    expect((await login("m.neri", WRONG, "10.30.1.1")).statusCode).toBe(429);
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: staff.username, password: staff.password },
      remoteAddress: "10.30.1.2",
    });
    expect(res.statusCode).toBe(200);
  });
});
