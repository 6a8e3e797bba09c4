/**
 * POST /api/auth/login/ (public), GET /api/auth/account/ and POST /api/auth/logout/ (any signed-in user).
 * A wrong password, an unknown user, an inactive user and an account waiting for approval get the
 * SAME 400 answer, and the scrypt work runs in every case, so neither the body nor the timing tells
 * which accounts exist. The limits (./login-throttle.ts) are reserved before the password check.
 */
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AccountOut, DetailOut, LoginBody, LoginOut } from "../../../src/domain/contracts/auth/credentials";
import { MFA_REQUIRED_NOTE, type MfaStep, mfaRequiredFor } from "../../../src/domain/mfa";
import { CAPABILITIES } from "../../../src/domain/permissions";
import type { Executor } from "../../db/client";
import { queryOne } from "../../db/query";
import { AZIONI, writeAudit } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/errors";
import { verifyAgainstNothing, verifyPassword } from "../../lib/passwords";
import { issueToken, revokeToken } from "../../lib/tokens";
import { currentUser } from "../../plugins/auth-guard";
import { type AccountRow, loadAccount, toAccount } from "./account.service";
import { knownSince, loginSucceeded, passwordSucceeded, reserveLoginAttempt } from "./login-throttle";
import { authSettings, createChallenge, mfaEnabled } from "./mfa.service";

export const LOGIN_FAILED = "Impossibile accedere con le credenziali fornite";
export const SSO_ONLY = "L'accesso con password è disattivato: usa il pulsante «Accedi con» dell'accesso aziendale";
export const MFA_CODE_PROMPT = "Inserisci il codice dell'app di autenticazione";
export const MFA_ENROL_PROMPT = MFA_REQUIRED_NOTE;

/** The break-glass superadmin of "SSO obbligatorio": still signs in with the password. */
export function isBreakGlass(settings: { sso_break_glass_username: string }, username: string): boolean {
  return (
    settings.sso_break_glass_username !== "" &&
    settings.sso_break_glass_username.toLowerCase() === username.toLowerCase()
  );
}

/**
 * Everything proved (password, and code when due, or SSO): last login, the token with its device
 * and address, the audit entry. Inside the caller's transaction.
 */
export async function completeLogin(
  tx: Executor,
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  now: Date,
  note?: string,
): Promise<string> {
  await tx.execute(sql`UPDATE users SET last_login = ${now} WHERE id = ${userId}`);
  const t = await issueToken(tx, userId, app.config, now, {
    ip: request.ip,
    userAgent: request.headers["user-agent"],
  });
  await writeAudit(tx, {
    azione: AZIONI.login,
    contentType: "utente",
    objectId: userId,
    utenteId: userId,
    note: note ?? null,
    ip: request.ip,
  });
  return t;
}

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/login/",
    { config: { permissions: "public" }, schema: { tags: ["auth"], body: LoginBody, response: { 200: LoginOut } } },
    async (request) => {
      const now = app.clock();
      const { username, password } = request.body;
      const user = await queryOne<
        AccountRow & { password_hash: string; attivo: boolean; in_attesa: boolean; known: boolean }
      >(
        app.db,
        sql`SELECT u.id, u.username, u.email, u.nome, u.cognome, u.permissions, u.password_hash, u.attivo, u.in_attesa,
                   EXISTS (SELECT 1 FROM login_known_addresses k
                           WHERE k.user_id = u.id AND k.ip = ${request.ip} AND k.last_seen_at > ${knownSince(now)}) AS known
            FROM users u WHERE lower(u.username) = lower(${username})`,
      );
      const attempt = { username, ip: request.ip, knownAddress: Boolean(user?.known) };
      await reserveLoginAttempt(app.db, attempt, now);

      const passwordOk = user
        ? await verifyPassword(password, user.password_hash)
        : await verifyAgainstNothing(password, app.config.scryptN);

      if (!user || !passwordOk || !user.attivo) {
        // the reservations stay: they counted this failure
        const reason = !user
          ? "utente inesistente"
          : !passwordOk
            ? "password errata"
            : user.in_attesa
              ? "utente in attesa di approvazione"
              : "utente disattivato";
        await writeAudit(app.db, {
          azione: AZIONI.loginFailed,
          contentType: "utente",
          objectId: user?.id ?? null,
          note: `Nome utente "${username.slice(0, 150)}": ${reason}`,
          ip: request.ip,
        });
        throw badRequest(LOGIN_FAILED);
      }

      const settings = await authSettings(app.db);
      if (settings.sso_required && app.config.oidc && !isBreakGlass(settings, user.username)) {
        await passwordSucceeded(app.db, attempt);
        await writeAudit(app.db, {
          azione: AZIONI.loginFailed,
          contentType: "utente",
          objectId: user.id,
          note: "Accesso con password disattivato: SSO obbligatorio",
          ip: request.ip,
        });
        throw badRequest(SSO_ONLY);
      }
      const step: MfaStep | null = (await mfaEnabled(app.db, user.id))
        ? "code"
        : mfaRequiredFor(settings, user.permissions)
          ? "enrol"
          : null;
      if (step) {
        // Issue 37: no token between the factors, only a challenge for the code step.
        const challenge = await app.db.transaction(async (tx) => {
          await passwordSucceeded(tx, attempt);
          const c = await createChallenge(tx, user.id, step, now, {
            ip: request.ip,
            userAgent: request.headers["user-agent"],
          });
          await writeAudit(tx, {
            azione: AZIONI.loginPassword,
            contentType: "utente",
            objectId: user.id,
            note:
              step === "code"
                ? "Password corretta: attesa del codice"
                : "Password corretta: attivazione obbligatoria della verifica in due passaggi",
            ip: request.ip,
          });
          return c;
        });
        return {
          mfa: step,
          challenge,
          detail: step === "code" ? MFA_CODE_PROMPT : MFA_ENROL_PROMPT,
        };
      }

      const token = await app.db.transaction(async (tx) => {
        await loginSucceeded(tx, { ...attempt, userId: user.id }, now);
        return completeLogin(tx, app, request, user.id, now);
      });
      return { token, user: await toAccount(app.db, user) };
    },
  );

  app.get(
    "/account/",
    { config: { permissions: CAPABILITIES.all }, schema: { tags: ["auth"], response: { 200: AccountOut } } },
    async (request) => {
      const account = await loadAccount(app.db, currentUser(request).id);
      if (!account) throw notFound();
      return account;
    },
  );

  app.post(
    "/logout/",
    { config: { permissions: CAPABILITIES.all }, schema: { tags: ["auth"], response: { 200: DetailOut } } },
    async (request) => {
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        await revokeToken(tx, user.tokenId, app.clock());
        await writeAudit(tx, {
          azione: AZIONI.logout,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          ip: request.ip,
        });
      });
      app.authChanged(user.id);
      return { detail: "Disconnessione effettuata" };
    },
  );
};
