/**
 * Single sign-on (issue 37; ./oidc.service.ts):
 *   GET  oidc/          public  {enabled, label}: the login page shows "Accedi con <label>"
 *   POST oidc/start/    public  {url}: the provider's authorization URL (code flow, PKCE, nonce)
 *   POST oidc/finish/   public  {params} (the query string back on /app/login) → {token, user}
 * A provider login opens the account of the ONE active staff user with the ID token's e-mail; no
 * account is ever created. The second factor is the provider's business: an SSO login does not
 * ask for the TOTP code. Every success and refusal is audited.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { LoginTokenOut } from "../../../src/domain/contracts/auth/credentials";
import { OidcFinishBody, OidcInfoOut, OidcStartOut } from "../../../src/domain/contracts/auth/mfa";
import { AZIONI, writeAudit } from "../../lib/audit";
import { badRequest, notFound, serviceUnavailable } from "../../lib/errors";
import { RATE_RULES, reserveRateLimit } from "../../lib/rate-limit";
import { toAccount } from "./account.service";
import { rememberAddress } from "./login-throttle";
import { finishOidcLogin, OidcLoginError, staffUserByEmail, startOidcLogin } from "./oidc.service";
import { completeLogin } from "./session.routes";

const tags = ["auth"];
const publicRoute = { permissions: "public" as const };
export const SSO_FAILED = "Accesso con SSO non riuscito";

export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/oidc/", { config: publicRoute, schema: { tags, response: { 200: OidcInfoOut } } }, async () => ({
    enabled: Boolean(app.config.oidc),
    label: app.config.oidc?.label ?? "",
  }));

  app.post(
    "/oidc/start/",
    { config: publicRoute, schema: { tags, response: { 200: OidcStartOut } } },
    async (request) => {
      if (!app.config.oidc) throw notFound("Accesso SSO non configurato");
      await reserveRateLimit(app.db, RATE_RULES.loginIp, request.ip, app.clock());
      try {
        return { url: await startOidcLogin(app.db, app.config, app.clock(), request.ip) };
      } catch (e) {
        request.log.warn({ err: e }, "OIDC: fornitore non raggiungibile");
        throw serviceUnavailable(30, "Il fornitore dell'accesso SSO non risponde. Riprova tra poco.");
      }
    },
  );

  app.post(
    "/oidc/finish/",
    { config: publicRoute, schema: { tags, body: OidcFinishBody, response: { 200: LoginTokenOut } } },
    async (request) => {
      if (!app.config.oidc) throw notFound("Accesso SSO non configurato");
      const now = app.clock();
      await reserveRateLimit(app.db, RATE_RULES.loginIp, request.ip, now);
      let email = "";
      try {
        email = (await finishOidcLogin(app.db, app.config, request.body.params, now)).email;
      } catch (e) {
        if (!(e instanceof OidcLoginError)) throw e;
        await writeAudit(app.db, { azione: AZIONI.ssoFailed, contentType: "utente", note: e.message, ip: request.ip });
        throw badRequest(`${SSO_FAILED}: riprova.`);
      }
      const user = await staffUserByEmail(app.db, email);
      if (!user) {
        await writeAudit(app.db, {
          azione: AZIONI.ssoFailed,
          contentType: "utente",
          note: `Nessun utente attivo (o più di uno) con l'e-mail ${email.slice(0, 200)}`,
          ip: request.ip,
        });
        throw badRequest(`${SSO_FAILED}: nessun utente del gestionale corrisponde al tuo account aziendale.`);
      }
      const token = await app.db.transaction(async (tx) => {
        await rememberAddress(tx, user.id, request.ip, now);
        await writeAudit(tx, {
          azione: AZIONI.ssoLogin,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          note: `Accesso con ${app.config.oidc?.label} (${email.slice(0, 200)})`,
          ip: request.ip,
        });
        return completeLogin(tx, app, request, user.id, now, "Con SSO");
      });
      return { token, user: await toAccount(app.db, user) };
    },
  );
};
