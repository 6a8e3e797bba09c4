/**
 * Issue 37: re-authentication is a route's declaration (`config.reauth: true`), enforced once by the
 * auth guard — after the permission and the body's validation, before the handler — with the
 * answers the routes gave when each handler called the check itself.
 */
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { buildApp } from "../../../server/app";
import { auth, describeEachDb, memoryMailer, testConfig } from "../helpers/app";

describeEachDb("auth: a route declaring reauth", (ctx) => {
  let app: FastifyInstance;
  let now = new Date();
  let runs = 0;

  beforeAll(async () => {
    app = await buildApp(testConfig(), { database: ctx().database, mailer: memoryMailer(), clock: () => now });
    app.withTypeProvider<ZodTypeProvider>().post(
      "/api/prova-riautenticazione/",
      {
        config: { permissions: ["erp_contratti"], reauth: true },
        schema: { body: z.object({ data: z.object({ nome: z.string().min(1, "Campo obbligatorio") }) }) },
      },
      async () => {
        runs += 1;
        return { detail: "Fatto" };
      },
    );
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
  });

  const call = (token: string | null, data: unknown) =>
    app.inject({
      method: "POST",
      url: "/api/prova-riautenticazione/",
      headers: token ? auth(token) : {},
      payload: { data },
    });

  it("refuses without a fresh re-authentication, runs after POST reauth/, expires after 5 minutes", async () => {
    const user = await ctx().createUser({ permissions: ["erp_contratti"] });
    const stranger = await ctx().createUser({ permissions: ["erp_clienti"] });
    now = new Date(Date.now() + 6 * 60_000); // the login's own re-authentication is 6 minutes old

    expect((await call(null, { nome: "x" })).statusCode).toBe(401);
    const denied = await call(stranger.token, { nome: "x" });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBeUndefined(); // the permission answers first
    const invalid = await call(user.token, { nome: "" });
    expect(invalid.statusCode).toBe(400); // then the body
    const stale = await call(user.token, { nome: "x" });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      detail:
        "Per questa operazione conferma la tua identità: inserisci di nuovo la password (e il codice, se attivo).",
      code: "reauth_required",
    });
    expect(runs).toBe(0);

    const re = await app.inject({
      method: "POST",
      url: "/api/auth/reauth/",
      headers: auth(user.token),
      payload: { password: user.password },
    });
    expect(re.statusCode).toBe(200);
    const fresh = await call(user.token, { nome: "x" });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({ detail: "Fatto" });
    expect(runs).toBe(1);

    now = new Date(now.getTime() + 301_000);
    expect((await call(user.token, { nome: "x" })).json().code).toBe("reauth_required");
    expect(runs).toBe(1);
  });

  it("cannot be declared by a public or app route: the server refuses to start", async () => {
    const other = await buildApp(testConfig(), { database: ctx().database, mailer: memoryMailer() });
    try {
      await expect(
        (async () => {
          other.get("/api/prova-pubblica/", { config: { permissions: "public", reauth: true } }, async () => ({}));
          await other.ready();
        })(),
      ).rejects.toThrow("La rotta GET /api/prova-pubblica/ chiede la riautenticazione senza un utente del personale");
    } finally {
      await other.close();
    }
  });
});
