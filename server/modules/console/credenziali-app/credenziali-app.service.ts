/**
 * HR sets or resets a guard's app credentials from the operator's record, confirming with their own
 * password (issue 30 item 5). Only an operator with
 * `applicazione` gets them; a reset revokes every app token of the operator. Without a password
 * the server generates one and answers it once. The audit entry never holds the password.
 */
import { sql } from "drizzle-orm";
import {
  type CredenzialiAppData,
  type CredenzialiAppOut,
  PASSWORD_UTENTE_ERRATA,
} from "../../../../src/domain/contracts/console/app-guardie/schemas";
import { queryOne } from "../../../db/query";
import { revokeAppTokens } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { badRequest, notFound, validationError } from "../../../lib/errors";
import { hashPassword, randomPassword, verifyPassword } from "../../../lib/passwords";
import { RATE_RULES, releaseRateLimit, reserveRateLimit } from "../../../lib/rate-limit";

export const SENZA_APPLICAZIONE = "L'operatore non ha l'applicazione abilitata";
export const USERNAME_USATO = "Nome utente già usato da un altro operatore";

/**
 * The staff user's own password, checked like the current password of a password change: the
 * try is reserved against RATE_RULES.passwordChangeUser before the slow check and given back when
 * right; a wrong one is a 400 on `password_utente`.
 */
async function confermaConPasswordUtente(ctx: AppContext, password: string): Promise<void> {
  const userId = ctx.actor.userId;
  const now = ctx.clock();
  if (userId === null) throw validationError({ password_utente: PASSWORD_UTENTE_ERRATA });
  await reserveRateLimit(ctx.db, RATE_RULES.passwordChangeUser, String(userId), now);
  const row = await queryOne<{ password_hash: string }>(
    ctx.db,
    sql`SELECT password_hash FROM users WHERE id = ${userId}`,
  );
  if (!row || !(await verifyPassword(password, row.password_hash))) {
    throw validationError({ password_utente: PASSWORD_UTENTE_ERRATA });
  }
  await releaseRateLimit(ctx.db, RATE_RULES.passwordChangeUser, String(userId));
}

export async function impostaCredenzialiApp(
  ctx: AppContext,
  operatoreId: number,
  data: CredenzialiAppData,
): Promise<CredenzialiAppOut> {
  await confermaConPasswordUtente(ctx, data.password_utente);
  const generated = data.password === undefined ? randomPassword() : undefined;
  const hash = await hashPassword(data.password ?? (generated as string), ctx.config.scryptN);
  const now = ctx.clock();
  await ctx.db.transaction(async (tx) => {
    const op = await queryOne<{ applicazione: boolean; full_name: string }>(
      tx,
      sql`SELECT applicazione, trim(nome || ' ' || cognome) AS full_name FROM operatori WHERE id = ${operatoreId} FOR UPDATE`,
    );
    if (!op) throw notFound("Operatore non trovato");
    if (!op.applicazione) throw badRequest(SENZA_APPLICAZIONE);
    const taken = await queryOne<{ operatore_id: number }>(
      tx,
      sql`SELECT operatore_id FROM app_credenziali WHERE lower(username) = lower(${data.username}) AND operatore_id <> ${operatoreId}`,
    );
    if (taken) throw validationError({ username: USERNAME_USATO });
    const before = await queryOne<{ username: string }>(
      tx,
      sql`SELECT username FROM app_credenziali WHERE operatore_id = ${operatoreId}`,
    );
    await tx.execute(sql`INSERT INTO app_credenziali (operatore_id, username, password_hash, aggiornate_il, aggiornate_da)
                         VALUES (${operatoreId}, ${data.username}, ${hash}, ${now}, ${ctx.actor.userId})
                         ON CONFLICT (operatore_id) DO UPDATE SET username = EXCLUDED.username,
                           password_hash = EXCLUDED.password_hash, aggiornate_il = EXCLUDED.aggiornate_il,
                           aggiornate_da = EXCLUDED.aggiornate_da`);
    await revokeAppTokens(tx, operatoreId, now);
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: before ? AZIONI.passwordReset : AZIONI.create,
      contentType: "operatore",
      objectId: operatoreId,
      note: before
        ? `Credenziali dell'app reimpostate (nome utente "${data.username}")`
        : `Credenziali dell'app create (nome utente "${data.username}")`,
    });
  });
  return {
    result: "OK",
    operatore_id: operatoreId,
    username: data.username,
    ...(generated ? { password: generated } : {}),
  };
}
