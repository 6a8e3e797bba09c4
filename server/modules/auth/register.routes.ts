/**
 * POST /api/auth/register/ (public) {id, email, password, firstName, lastName}: `id` is the
 * username. Creates an ACTIVE account with NO permissions (it can sign in and sees 'Not Found'
 * until an administrator grants some) and answers 201 with the account, without a token.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { passwordProblem } from "../../../src/domain/password-policy";
import { users } from "../../db/schema/core";
import { AZIONI, changeLog, writeAudit } from "../../lib/audit";
import { validationError } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { consumeRateLimit, RATE_RULES } from "../../lib/rate-limit";
import { toAccount } from "./account.service";
import { registerBody } from "./auth.schema";
import { assertUsernameFree, USER_LABELS } from "./users.service";

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/register/",
    { config: { permissions: "public" }, schema: { tags: ["auth"], body: registerBody } },
    async (request, reply) => {
      const now = app.clock();
      const b = request.body;
      await consumeRateLimit(app.db, RATE_RULES.registerIp, request.ip, now);
      await consumeRateLimit(app.db, RATE_RULES.registerAccount, b.id, now);
      const problem = passwordProblem(b.password, {
        username: b.id,
        email: b.email,
        nome: b.firstName,
        cognome: b.lastName,
      });
      if (problem) throw validationError({ password: problem });
      const passwordHash = await hashPassword(b.password, app.config.scryptN);
      const created = await app.db.transaction(async (tx) => {
        await assertUsernameFree(tx, b.id, null, "id");
        const [row] = await tx
          .insert(users)
          .values({
            username: b.id,
            email: b.email,
            nome: b.firstName,
            cognome: b.lastName,
            permissions: [],
            attivo: true,
            passwordHash,
            createdAt: now,
            updatedAt: now,
            passwordChangedAt: now,
          })
          .returning();
        await writeAudit(tx, {
          azione: AZIONI.create,
          contentType: "utente",
          objectId: row.id,
          utenteId: null,
          note: "Registrazione dal modulo pubblico",
          changeLog: changeLog(null, { ...row }, USER_LABELS),
          ip: request.ip,
        });
        return row;
      });
      return reply.code(201).send(await toAccount(app.db, created));
    },
  );
};
