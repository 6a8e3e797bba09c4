import { sql } from "drizzle-orm";
import { buildApp } from "../../../server/app";
import { queryRows } from "../../../server/db/query";
import { describeEachDb, memoryMailer, testConfig } from "../helpers/app";

const T0 = new Date("2030-06-01T09:00:00Z");

describeEachDb("auth: rate limits kept in the database", (ctx) => {
  beforeEach(() => ctx().setNow(T0));
  afterAll(() => ctx().setNow(null));

  const login = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    ctx().app.inject({
      method: "POST",
      url: "/api/auth/login/",
      payload: { username, password },
      remoteAddress,
      headers,
    });

  // Failures spread over many addresses slow an account down instead of locking it: see
  // login-throttle.test.ts (issue 10, items 3 and 4).

  it("a successful login clears the failures of that address on the account", async () => {
    const u = await ctx().createUser();
    for (let i = 0; i < 4; i++) await login(u.username, "Sbagliata-Ancora-1", "10.5.1.1");
    expect((await login(u.username, u.password, "10.5.1.1")).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(u.username, "Sbagliata-Ancora-1", "10.5.1.1");
    expect((await login(u.username, u.password, "10.5.1.1")).statusCode).toBe(200);
  });

  it("blocks an address after 20 failures; a spoofed X-Forwarded-For does not reset the counter", async () => {
    const ip = "10.5.2.1";
    for (let i = 0; i < 20; i++) expect((await login(`ignoto${i}`, "Sbagliata-Ancora-1", ip)).statusCode).toBe(400);
    const u = await ctx().createUser();
    const spoofed = await login(u.username, u.password, ip, { "x-forwarded-for": "203.0.113.7" });
    expect(spoofed.statusCode).toBe(429);
    expect(Number(spoofed.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login(u.username, u.password, "10.5.2.2")).statusCode).toBe(200);
    const rows = await queryRows<{ hits: number }>(
      ctx().database.db,
      sql`SELECT hits FROM rate_limits WHERE bucket = 'login-ip' AND key = ${ip}`,
    );
    expect(rows[0].hits).toBe(20);
  });

  it("shares the counters between replicas (two servers on one database)", async () => {
    const replica = await buildApp(testConfig(), {
      database: ctx().database,
      mailer: memoryMailer(),
      clock: () => T0,
    });
    try {
      const u = await ctx().createUser();
      for (let i = 0; i < 3; i++) await login(u.username, "Sbagliata-Ancora-1", "10.5.3.1");
      for (let i = 0; i < 2; i++) {
        await replica.inject({
          method: "POST",
          url: "/api/auth/login/",
          payload: { username: u.username, password: "Sbagliata-Ancora-1" },
          remoteAddress: "10.5.3.2",
        });
      }
      expect((await login(u.username, u.password, "10.5.3.3")).statusCode).toBe(429);
    } finally {
      await replica.close();
    }
  });

  it("limits reset requests per account (5) and per address (20)", async () => {
    const u = await ctx().createUser();
    const reset = (username: string, ip: string) =>
      ctx().app.inject({ method: "POST", url: "/api/auth/reset-password/", payload: { username }, remoteAddress: ip });
    for (let i = 1; i <= 5; i++) expect((await reset(u.username, `10.5.4.${i}`)).statusCode).toBe(200);
    const sixth = await reset(u.username.toUpperCase(), "10.5.4.50");
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers["retry-after"]).toBeDefined();
    for (let i = 0; i < 20; i++) await reset(`altro${i}`, "10.5.5.1");
    expect((await reset("ancora.uno", "10.5.5.1")).statusCode).toBe(429);
    expect((await reset("ancora.uno", "10.5.5.2")).statusCode).toBe(200);
  });

  it("limits registrations per address", async () => {
    const register = (id: string) =>
      ctx().app.inject({
        method: "POST",
        url: "/api/auth/register/",
        payload: { id, email: `${id}@example.it`, password: "Ronda-Notturna-2031", firstName: "A", lastName: "B" },
        remoteAddress: "10.5.6.1",
      });
    for (let i = 0; i < 20; i++) expect((await register(`iscritto${i}`)).statusCode).toBe(202);
    expect((await register("iscritto.ventuno")).statusCode).toBe(429);
  });
});

describeEachDb(
  "auth: rate limits behind a trusted proxy",
  (ctx) => {
    afterAll(() => ctx().setNow(null));
    it("counts per X-Forwarded-For client when TRUST_PROXY is set", async () => {
      ctx().setNow(T0);
      const login = (username: string, password: string, xff: string) =>
        ctx().app.inject({
          method: "POST",
          url: "/api/auth/login/",
          payload: { username, password },
          remoteAddress: "127.0.0.1",
          headers: { "x-forwarded-for": xff },
        });
      for (let i = 0; i < 20; i++) await login(`ignoto${i}`, "Sbagliata-Ancora-1", "198.51.100.1");
      const u = await ctx().createUser();
      expect((await login(u.username, u.password, "198.51.100.1")).statusCode).toBe(429);
      expect((await login(u.username, u.password, "198.51.100.2")).statusCode).toBe(200);
    });
  },
  { trustProxy: true },
);
