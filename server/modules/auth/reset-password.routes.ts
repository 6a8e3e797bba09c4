/**
 * POST /api/auth/reset-password/ {username, redirect_url}: always the same 200 answer; mails the
 * link and the verification code to each active account matching the username (or e-mail).
 * redirect_url is accepted for compatibility and IGNORED: the link always points to
 * PUBLIC_URL/app/reset-password, so a forged redirect_url cannot send the token elsewhere.
 * POST /api/auth/reset-password/verify-code/ {uid, token, code}: 200 when the code matches.
 * POST /api/auth/reset-password/confirm/ {uid, token, code, password}: sets the new password,
 * revokes every token of the user, uses up the reset.
 * All three are public and rate-limited (per IP and per account).
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  DetailOut,
  ResetConfirmBody,
  ResetRequestBody,
  VerifyCodeBody,
} from "../../../src/domain/contracts/auth/credentials";
import { passwordProblem } from "../../../src/domain/password-policy";
import type { Tx } from "../../db/client";
import { AZIONI, writeAudit } from "../../lib/audit";
import { validationError } from "../../lib/errors";
import { mailAfterAnswer } from "../../lib/mail";
import { hashPassword } from "../../lib/passwords";
import { consumeRateLimit, RATE_RULES, releaseRateLimit, reserveRateLimit } from "../../lib/rate-limit";
import { revokeAllTokens } from "../../lib/tokens";
import { forgetLoginFailures } from "./login-throttle";
import {
  checkResetCode,
  consumeReset,
  createReset,
  findResetUsers,
  findValidReset,
  invalidLink,
  RESET_REQUESTED,
  type ValidReset,
} from "./reset-password.service";
import { PASSWORD_CHANGED_LINE } from "./users.service";

export const resetPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  // Mails leave after the answer: an existing account does not answer slower than an unknown one.
  const mailLater = mailAfterAnswer(app, "invio dell'email di reimpostazione non riuscito");

  app.post(
    "/reset-password/",
    {
      config: { permissions: "public" },
      schema: { tags: ["auth"], body: ResetRequestBody, response: { 200: DetailOut } },
    },
    async (request) => {
      const now = app.clock();
      const identifier = request.body.username;
      await consumeRateLimit(app.db, RATE_RULES.resetIp, request.ip, now);
      await consumeRateLimit(app.db, RATE_RULES.resetAccount, identifier, now);
      for (const user of await findResetUsers(app.db, identifier)) {
        const message = await app.db.transaction((tx) =>
          createReset(tx as Tx, user, { now, publicUrl: app.config.publicUrl, ip: request.ip }),
        );
        mailLater(message);
      }
      return { detail: RESET_REQUESTED };
    },
  );

  /**
   * The reset behind uid+token with the code checked. The address's attempt is reserved before the
   * code is compared (parallel guesses cannot all slip under the limit) and given back on success.
   */
  async function verified(ip: string, body: { uid: number; token: string; code: string }): Promise<ValidReset> {
    const now = app.clock();
    await reserveRateLimit(app.db, RATE_RULES.resetCodeIp, ip, now);
    const reset = await findValidReset(app.db, body.uid, body.token, now);
    await checkResetCode(app.db, reset, body.token, body.code);
    await releaseRateLimit(app.db, RATE_RULES.resetCodeIp, ip);
    return reset;
  }

  app.post(
    "/reset-password/verify-code/",
    {
      config: { permissions: "public" },
      schema: { tags: ["auth"], body: VerifyCodeBody, response: { 200: DetailOut } },
    },
    async (request) => {
      await verified(request.ip, request.body);
      return { detail: "Codice verificato: scegli la nuova password" };
    },
  );

  app.post(
    "/reset-password/confirm/",
    {
      config: { permissions: "public" },
      schema: { tags: ["auth"], body: ResetConfirmBody, response: { 200: DetailOut } },
    },
    async (request) => {
      const reset = await verified(request.ip, request.body);
      const { password } = request.body;
      const problem = passwordProblem(password, reset);
      if (problem) throw validationError({ password: problem });
      const passwordHash = await hashPassword(password, app.config.scryptN);
      const now = app.clock();
      await app.db.transaction(async (tx) => {
        if (!(await consumeReset(tx, reset.id, now))) throw invalidLink();
        await tx.execute(
          sql`UPDATE users SET password_hash = ${passwordHash}, password_changed_at = ${now}, updated_at = ${now}
              WHERE id = ${reset.user_id}`,
        );
        await tx.execute(
          sql`UPDATE password_resets SET used_at = ${now} WHERE user_id = ${reset.user_id} AND used_at IS NULL`,
        );
        await revokeAllTokens(tx, reset.user_id, now);
        await forgetLoginFailures(tx, { id: reset.user_id, username: reset.username }, request.ip, now);
        await writeAudit(tx, {
          azione: AZIONI.passwordReset,
          contentType: "utente",
          objectId: reset.user_id,
          utenteId: reset.user_id,
          note: "Password reimpostata con il link e il codice ricevuti per email",
          changeLog: [PASSWORD_CHANGED_LINE],
          ip: request.ip,
        });
      });
      app.authChanged(reset.user_id);
      return { detail: "Password aggiornata. Ora puoi accedere con la nuova password." };
    },
  );
};
