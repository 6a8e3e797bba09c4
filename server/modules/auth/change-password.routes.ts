/**
 * POST /api/auth/change-password/ {data: {current_password, new_password}} (any signed-in user):
 * the user changes their own password. A wrong current password is a 400 on current_password and
 * counts like a login failure (5 / 15 min per user, reserved before the check, given back on
 * success); the new password follows src/domain/password-policy. Every OTHER token of the user is
 * revoked; the session that made the change stays valid. Needs a recent re-authentication
 * (issue 37: the current password alone is not a second factor).
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PASSWORD_CHANGED, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from "../../../src/domain/auth-messages";
import { ChangePasswordBody, DetailOut } from "../../../src/domain/contracts/auth/credentials";
import { passwordProblem } from "../../../src/domain/password-policy";
import { CAPABILITIES } from "../../../src/domain/permissions";
import { queryOne } from "../../db/query";
import { AZIONI, writeAudit } from "../../lib/audit";
import { validationError } from "../../lib/errors";
import { hashPassword, verifyPassword } from "../../lib/passwords";
import { RATE_RULES, releaseRateLimit, reserveRateLimit } from "../../lib/rate-limit";
import { revokeAllTokens } from "../../lib/tokens";
import { currentUser } from "../../plugins/auth-guard";
import { PASSWORD_CHANGED_LINE } from "./users.service";

export const changePasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/change-password/",
    {
      config: { permissions: CAPABILITIES.all, reauth: true },
      schema: {
        tags: ["auth"],
        summary: "Cambia la propria password",
        body: ChangePasswordBody,
        response: { 200: DetailOut },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { current_password: current, new_password: next } = request.body.data;
      const problem = passwordProblem(next, user);
      if (problem) throw validationError({ new_password: problem });

      const now = app.clock();
      const key = String(user.id);
      await reserveRateLimit(app.db, RATE_RULES.passwordChangeUser, key, now);
      const row = await queryOne<{ password_hash: string }>(
        app.db,
        sql`SELECT password_hash FROM users WHERE id = ${user.id}`,
      );
      if (!row || !(await verifyPassword(current, row.password_hash))) {
        throw validationError({ current_password: WRONG_CURRENT_PASSWORD }); // the reservation counted it
      }
      await releaseRateLimit(app.db, RATE_RULES.passwordChangeUser, key);
      if (next === current) throw validationError({ new_password: SAME_PASSWORD });

      const passwordHash = await hashPassword(next, app.config.scryptN);
      await app.db.transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE users SET password_hash = ${passwordHash}, password_changed_at = ${now}, updated_at = ${now}
              WHERE id = ${user.id}`,
        );
        await revokeAllTokens(tx, user.id, now, user.tokenId);
        await writeAudit(tx, {
          azione: AZIONI.passwordChange,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          note: "Password cambiata dall'utente: le altre sessioni sono state chiuse",
          changeLog: [PASSWORD_CHANGED_LINE],
          ip: request.ip,
        });
      });
      app.authChanged(user.id);
      return { detail: PASSWORD_CHANGED };
    },
  );
};
