/**
 * POST /api/auth/register/ (public) {id, email, password, firstName, lastName}: `id` is the
 * username. Creates a PENDING account (attivo = false, in_attesa = true, no permissions) that an
 * administrator enables from Impostazioni → Utenti; until then its login fails like a wrong password.
 *
 * The answer tells nothing about which names exist: a taken name gets the same status and body,
 * after the same password hashing and a transaction writing one audit entry, as a free one; the
 * real owner is mailed (after the answer) that someone tried to register with their name.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { REGISTERED } from "../../../src/domain/auth-messages";
import { DetailOut, RegisterBody } from "../../../src/domain/contracts/auth/credentials";
import { passwordProblem } from "../../../src/domain/password-policy";
import { queryOne } from "../../db/query";
import { users } from "../../db/schema/core";
import { AZIONI, changeLog, writeAudit } from "../../lib/audit";
import { validationError } from "../../lib/errors";
import { type MailMessage, mailAfterAnswer } from "../../lib/mail";
import { hashPassword } from "../../lib/passwords";
import { consumeRateLimit, RATE_RULES } from "../../lib/rate-limit";
import { USER_LABELS } from "./users.service";

interface Owner {
  id: number;
  username: string;
  email: string;
  nome: string;
  in_attesa: boolean;
}

function attemptMail(owner: Owner, ip: string): MailMessage {
  return {
    to: owner.email,
    subject: "Vigilanza ERP - tentativo di registrazione con il tuo nome utente",
    text: [
      `Buongiorno${owner.nome ? ` ${owner.nome}` : ""},`,
      "",
      `qualcuno ha chiesto di registrare un nuovo account con il tuo nome utente "${owner.username}"`,
      `(dall'indirizzo ${ip}). La richiesta non ha creato nulla e il tuo account non è cambiato.`,
      "",
      "Se sei stato tu, accedi con la tua password; se non la ricordi, usa «Password dimenticata?»",
      "nella pagina di accesso. Se non sei stato tu, non devi fare nulla.",
      "",
      "Vigilanza ERP",
    ].join("\n"),
  };
}

export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const mailLater = mailAfterAnswer(app, "invio dell'email di tentata registrazione non riuscito");

  app.post(
    "/register/",
    {
      config: { permissions: "public" },
      schema: { tags: ["auth"], body: RegisterBody, response: { 202: DetailOut } },
    },
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
      // Hashed whether or not the name is free: the time of the answer must not tell.
      const passwordHash = await hashPassword(b.password, app.config.scryptN);
      const owner = await app.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(users)
          .values({
            username: b.id,
            email: b.email,
            nome: b.firstName,
            cognome: b.lastName,
            permissions: [],
            attivo: false,
            inAttesa: true,
            passwordHash,
            createdAt: now,
            updatedAt: now,
            passwordChangedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        const taken = created
          ? undefined
          : await queryOne<Owner>(
              tx,
              sql`SELECT id, username, email, nome, in_attesa FROM users WHERE lower(username) = lower(${b.id})`,
            );
        await writeAudit(tx, {
          azione: created ? AZIONI.create : AZIONI.registrationRefused,
          contentType: "utente",
          objectId: created?.id ?? taken?.id ?? null,
          utenteId: null,
          note: created
            ? "Registrazione dal modulo pubblico: in attesa di approvazione"
            : "Registrazione dal modulo pubblico con un nome utente già in uso",
          changeLog: created ? changeLog(null, { ...created }, USER_LABELS) : [],
          ip: request.ip,
        });
        return taken;
      });
      // Only a real (approved) owner with an address hears of it: a pending account's address is
      // whatever its registrant typed, and must not become a way to mail strangers.
      if (owner?.email && !owner.in_attesa) mailLater(attemptMail(owner, request.ip));
      return reply.code(202).send({ detail: REGISTERED });
    },
  );
};
