/**
 * Issue 30 item 12 (counting app): the sign-in has the per-account back-off the staff login has
 * (server/lib/login-backoff.ts, scope "cms"). The counting app has no user name: the name tried
 * is the access code — one code tried from many addresses slows down after 5 failures.
 */
import { describeEachDb } from "../helpers/app";

const T0 = new Date("2030-07-01T09:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const WRONG = "ZZZZ9999";

describeEachDb("app conta-persone: tentativi di accesso", (ctx) => {
  beforeEach(() => ctx().setNow(T0));
  afterAll(() => ctx().setNow(null));

  const login = (codice_accesso: string, remoteAddress: string) =>
    ctx().app.inject({ method: "POST", url: "/api/app/cms/login/", payload: { codice_accesso }, remoteAddress });

  it("after 5 failures from 5 addresses a sixth address waits, growing", async () => {
    for (let i = 1; i <= 5; i++) expect((await login(WRONG, `10.31.0.${i}`)).statusCode).toBe(400);
    const early = await login(WRONG.toLowerCase(), "10.31.0.6");
    expect(early.statusCode).toBe(429);
    expect(early.headers["retry-after"]).toBe("1");
    expect(early.json().detail).toMatch(/^Troppi tentativi/);
    ctx().setNow(at(1));
    expect((await login(WRONG, "10.31.0.7")).statusCode).toBe(400);
    ctx().setNow(at(2));
    expect((await login(WRONG, "10.31.0.8")).statusCode).toBe(429);
  });

  it("the delay belongs to the counting app's name space: a staff user named like the code is not slowed", async () => {
    const staff = await ctx().createUser({ username: WRONG.toLowerCase() });
    ctx().setNow(at(2)); // the last try was at 1 s, the next one is allowed at 3 s
    expect((await login(WRONG, "10.31.1.1")).statusCode).toBe(429);
    const res = await ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username: staff.username, password: staff.password },
      remoteAddress: "10.31.1.2",
    });
    expect(res.statusCode).toBe(200);
  });
});
