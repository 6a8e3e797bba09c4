/**
 * Issue 30 item 12 (the counting app's half): its sign-in had only the per-address limit. Now the
 * code tried has the growing delay every sign-in has (lib/login-backoff.ts): after 5 failures from
 * 5 addresses, a sixth address waits; the delay is the counting app's own (a staff user or a guard
 * with the same name is not slowed).
 */
import { describeEachDb } from "../helpers/app";

const T0 = new Date("2030-07-01T09:00:00Z");

describeEachDb("app conta-persone: tentativi di accesso", (ctx) => {
  beforeEach(() => ctx().setNow(T0));
  afterAll(() => ctx().setNow(null));

  const login = (codice_accesso: string, remoteAddress: string) =>
    ctx().app.inject({ method: "POST", url: "/api/app/cms/login/", payload: { codice_accesso }, remoteAddress });

  it("slows a code tried from many addresses, with Retry-After, then lets it try again", async () => {
    for (let i = 1; i <= 5; i++) expect((await login("k7q4m2xp", `10.40.0.${i}`)).statusCode).toBe(400);
    const slowed = await login("K7Q4M2XP", "10.40.0.6");
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers["retry-after"]).toBe("1");
    expect(slowed.json().detail).toMatch(/^Troppi tentativi/);
    ctx().setNow(new Date(T0.getTime() + 1000));
    expect((await login("K7Q4M2XP", "10.40.0.7")).statusCode).toBe(400);
    // Another code is not slowed by this one.
    expect((await login("ABCDEFGH", "10.40.0.8")).statusCode).toBe(400);
  });
});
