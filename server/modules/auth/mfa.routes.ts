/**
 * The second factor (issue 37; rules in ./README.md):
 *   POST login/code/            public  {challenge, code}      → {token, user}
 *   POST login/enrol/           public  {challenge}            → {secret, otpauth_url} (policy: enrol now)
 *   POST login/enrol/confirm/   public  {challenge, code}      → {token, user, recovery_codes}
 *   GET  mfa/                   all                            → {enabled, confirmed_at, recovery_codes_left, required}
 *   POST mfa/setup/             all, re-auth                   → {secret, otpauth_url}
 *   POST mfa/confirm/           all, re-auth {code}            → {recovery_codes}
 *   POST mfa/recovery-codes/    all, re-auth {code}            → {recovery_codes}
 *   POST mfa/disable/           all, re-auth {code}            → {detail}
 *   POST reauth/                all {password, code?}          → {detail}
 * A challenge is not a token: it opens only these login steps, for 5 minutes and 5 wrong codes.
 */
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DetailOut, LoginTokenOut } from "../../../src/domain/contracts/auth/credentials";
import {
  LoginCodeBody,
  LoginEnrolBody,
  LoginEnrolConfirmBody,
  LoginEnrolledOut,
  MfaCodeBody,
  MfaConfirmBody,
  MfaSetupOut,
  MfaStatusOut,
  ReauthBody,
  RecoveryCodesOut,
} from "../../../src/domain/contracts/auth/mfa";
import { MFA_CHALLENGE_EXPIRED, MFA_CODE_WRONG, MFA_REQUIRED_NOTE } from "../../../src/domain/mfa";
import { CAPABILITIES } from "../../../src/domain/permissions";
import type { Executor } from "../../db/client";
import { queryOne } from "../../db/query";
import { AZIONI, writeAudit } from "../../lib/audit";
import { badRequest, conflict, validationError } from "../../lib/errors";
import { verifyPassword } from "../../lib/passwords";
import { RATE_RULES, releaseRateLimit, reserveRateLimit } from "../../lib/rate-limit";
import { currentUser } from "../../plugins/auth-guard";
import { toAccount } from "./account.service";
import { codeSucceeded, rememberAddress, reserveCodeAttempt } from "./login-throttle";
import {
  type ChallengeRow,
  challengeFailed,
  checkSecondFactor,
  confirmEnrolment,
  findChallenge,
  mfaRequired,
  mfaRow,
  newRecoveryCodes,
  recoveryCodesLeft,
  removeMfa,
  spendChallenge,
  startEnrolment,
} from "./mfa.service";
import { completeLogin } from "./session.routes";

const tags = ["auth"];
const all = { permissions: CAPABILITIES.all };
/** Changing one's own second factor needs a fresh re-authentication (the guard checks it). */
const allReauth = { ...all, reauth: true };
const publicRoute = { permissions: "public" as const };

const expired = () => validationError({ challenge: MFA_CHALLENGE_EXPIRED });
const wrongCode = () => validationError({ code: MFA_CODE_WRONG });

export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A wrong code on a login step: the challenge loses an attempt and the audit trail says so. */
  const codeFailed = async (c: ChallengeRow, ip: string, what: string) => {
    await app.db.transaction(async (tx) => {
      await challengeFailed(tx, c.id);
      await writeAudit(tx, {
        azione: AZIONI.mfaCodeFailed,
        contentType: "utente",
        objectId: c.user_id,
        note: what,
        ip,
      });
    });
  };

  app.post(
    "/login/code/",
    { config: publicRoute, schema: { tags, body: LoginCodeBody, response: { 200: LoginTokenOut } } },
    async (request) => {
      const now = app.clock();
      const c = await findChallenge(app.db, request.body.challenge, now);
      if (c?.kind !== "code") throw expired();
      await reserveCodeAttempt(app.db, c.username, request.ip, now);
      const token = await app.db.transaction(async (tx) => {
        const how = await checkSecondFactor(tx, app.config, c.user_id, request.body.code, now);
        if (!how) return null;
        if (!(await spendChallenge(tx, c.id, now))) return null;
        await codeSucceeded(tx, c.username, request.ip);
        await rememberAddress(tx, c.user_id, request.ip, now);
        if (how === "recovery") {
          await writeAudit(tx, {
            azione: AZIONI.mfaRecoveryUsed,
            contentType: "utente",
            objectId: c.user_id,
            utenteId: c.user_id,
            note: `Accesso con un codice di recupero (ne restano ${await recoveryCodesLeft(tx, c.user_id)})`,
            ip: request.ip,
          });
        }
        return completeLogin(
          tx,
          app,
          request,
          c.user_id,
          now,
          how === "recovery" ? "Con codice di recupero" : "Con codice di verifica",
        );
      });
      if (!token) {
        await codeFailed(c, request.ip, "Accesso: codice errato o già usato");
        throw wrongCode();
      }
      return { token, user: await toAccount(app.db, { ...c, id: c.user_id }) };
    },
  );

  app.post(
    "/login/enrol/",
    { config: publicRoute, schema: { tags, body: LoginEnrolBody, response: { 200: MfaSetupOut } } },
    async (request) => {
      const now = app.clock();
      const c = await findChallenge(app.db, request.body.challenge, now);
      if (c?.kind !== "enrol") throw expired();
      return startEnrolment(app.db, app.config, { id: c.user_id, username: c.username }, now);
    },
  );

  app.post(
    "/login/enrol/confirm/",
    { config: publicRoute, schema: { tags, body: LoginEnrolConfirmBody, response: { 200: LoginEnrolledOut } } },
    async (request) => {
      const now = app.clock();
      const c = await findChallenge(app.db, request.body.challenge, now);
      if (c?.kind !== "enrol") throw expired();
      await reserveCodeAttempt(app.db, c.username, request.ip, now);
      const done = await app.db.transaction(async (tx) => {
        const codes = await confirmEnrolment(tx, app.config, c.user_id, request.body.code, now);
        if (!codes) return null;
        if (!(await spendChallenge(tx, c.id, now))) return null;
        await codeSucceeded(tx, c.username, request.ip);
        await rememberAddress(tx, c.user_id, request.ip, now);
        await writeAudit(tx, {
          azione: AZIONI.mfaEnabled,
          contentType: "utente",
          objectId: c.user_id,
          utenteId: c.user_id,
          note: "Attivata all'accesso (obbligatoria per il profilo)",
          ip: request.ip,
        });
        const token = await completeLogin(
          tx,
          app,
          request,
          c.user_id,
          now,
          "Dopo l'attivazione della verifica in due passaggi",
        );
        return { token, codes };
      });
      if (!done) {
        await codeFailed(c, request.ip, "Attivazione all'accesso: codice errato");
        throw wrongCode();
      }
      app.authChanged(c.user_id);
      return { token: done.token, user: await toAccount(app.db, { ...c, id: c.user_id }), recovery_codes: done.codes };
    },
  );

  app.get("/mfa/", { config: all, schema: { tags, response: { 200: MfaStatusOut } } }, async (request) => {
    const user = currentUser(request);
    const row = await mfaRow(app.db, user.id);
    const confirmed = row?.confirmed_at ? new Date(row.confirmed_at).toISOString() : null;
    return {
      enabled: Boolean(confirmed),
      confirmed_at: confirmed,
      recovery_codes_left: confirmed ? await recoveryCodesLeft(app.db, user.id) : 0,
      required: await mfaRequired(app.db, user.permissions),
    };
  });

  app.post("/mfa/setup/", { config: allReauth, schema: { tags, response: { 200: MfaSetupOut } } }, async (request) => {
    const user = currentUser(request);
    if ((await mfaRow(app.db, user.id))?.confirmed_at) {
      throw conflict("La verifica in due passaggi è già attiva: disattivala prima di associare un'altra app");
    }
    return startEnrolment(app.db, app.config, user, app.clock());
  });

  app.post(
    "/mfa/confirm/",
    { config: allReauth, schema: { tags, body: MfaConfirmBody, response: { 200: RecoveryCodesOut } } },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock();
      await reserveCodeAttempt(app.db, user.username, request.ip, now);
      const codes = await app.db.transaction(async (tx) => {
        const c = await confirmEnrolment(tx, app.config, user.id, request.body.code, now);
        if (!c) return null;
        await codeSucceeded(tx, user.username, request.ip);
        await writeAudit(tx, {
          azione: AZIONI.mfaEnabled,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          ip: request.ip,
        });
        return c;
      });
      if (!codes) {
        await auditCodeFailed(app.db, user.id, request.ip, "Attivazione: codice errato");
        throw wrongCode();
      }
      return { recovery_codes: codes };
    },
  );

  app.post(
    "/mfa/recovery-codes/",
    { config: allReauth, schema: { tags, body: MfaCodeBody, response: { 200: RecoveryCodesOut } } },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock();
      await reserveCodeAttempt(app.db, user.username, request.ip, now);
      const codes = await app.db.transaction(async (tx) => {
        if (!(await mfaRow(tx, user.id))?.confirmed_at) return null;
        if (!(await checkSecondFactor(tx, app.config, user.id, request.body.code, now))) return null;
        await codeSucceeded(tx, user.username, request.ip);
        const c = await newRecoveryCodes(tx, user.id);
        await writeAudit(tx, {
          azione: AZIONI.mfaRecoveryRenewed,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          ip: request.ip,
        });
        return c;
      });
      if (!codes) {
        await auditCodeFailed(app.db, user.id, request.ip, "Nuovi codici di recupero: codice errato");
        throw wrongCode();
      }
      return { recovery_codes: codes };
    },
  );

  app.post(
    "/mfa/disable/",
    { config: allReauth, schema: { tags, body: MfaCodeBody, response: { 200: DetailOut } } },
    async (request) => {
      const user = currentUser(request);
      if (await mfaRequired(app.db, user.permissions)) throw badRequest(MFA_REQUIRED_NOTE);
      const now = app.clock();
      await reserveCodeAttempt(app.db, user.username, request.ip, now);
      const ok = await app.db.transaction(async (tx) => {
        if (!(await mfaRow(tx, user.id))?.confirmed_at) return false;
        // a fresh code of the app: a recovery code does not turn the factor off
        if ((await checkSecondFactor(tx, app.config, user.id, request.body.code, now)) !== "totp") return false;
        await codeSucceeded(tx, user.username, request.ip);
        await removeMfa(tx, user.id);
        await writeAudit(tx, {
          azione: AZIONI.mfaDisabled,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          note: "Disattivata dall'utente",
          ip: request.ip,
        });
        return true;
      });
      if (!ok) {
        await auditCodeFailed(app.db, user.id, request.ip, "Disattivazione: codice errato");
        throw wrongCode();
      }
      return { detail: "Verifica in due passaggi disattivata" };
    },
  );

  app.post(
    "/reauth/",
    { config: all, schema: { tags, body: ReauthBody, response: { 200: DetailOut } } },
    async (request) => {
      const user = currentUser(request);
      const now = app.clock();
      const key = String(user.id);
      await reserveRateLimit(app.db, RATE_RULES.reauthUser, key, now);
      const row = await queryOne<{ password_hash: string }>(
        app.db,
        sql`SELECT password_hash FROM users WHERE id = ${user.id}`,
      );
      const passwordOk = Boolean(row && (await verifyPassword(request.body.password, row.password_hash)));
      const enrolled = Boolean((await mfaRow(app.db, user.id))?.confirmed_at);
      const ok =
        passwordOk &&
        (await app.db.transaction(async (tx) => {
          if (enrolled) {
            const code = request.body.code;
            if (!code || !(await checkSecondFactor(tx, app.config, user.id, code, now))) return false;
          }
          await tx.execute(sql`UPDATE auth_tokens SET reauth_at = ${now} WHERE id = ${user.tokenId}`);
          await writeAudit(tx, {
            azione: AZIONI.reauth,
            contentType: "utente",
            objectId: user.id,
            utenteId: user.id,
            ip: request.ip,
          });
          return true;
        }));
      if (!ok) {
        await writeAudit(app.db, {
          azione: AZIONI.reauthFailed,
          contentType: "utente",
          objectId: user.id,
          utenteId: user.id,
          note: passwordOk ? "Codice errato o mancante" : "Password errata",
          ip: request.ip,
        });
        if (!passwordOk) throw validationError({ password: "La password non è corretta" });
        throw validationError({
          code: request.body.code ? MFA_CODE_WRONG : "Inserisci il codice dell'app di autenticazione",
        });
      }
      await releaseRateLimit(app.db, RATE_RULES.reauthUser, key);
      return { detail: "Identità confermata" };
    },
  );
};

async function auditCodeFailed(ex: Executor, userId: number, ip: string, note: string): Promise<void> {
  await writeAudit(ex, {
    azione: AZIONI.mfaCodeFailed,
    contentType: "utente",
    objectId: userId,
    utenteId: userId,
    note,
    ip,
  });
}
