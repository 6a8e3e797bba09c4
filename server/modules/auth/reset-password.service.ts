/**
 * Password reset by e-mail, in two factors that arrive together: a single-use link
 * (`PUBLIC_URL/app/reset-password?uid=<id>&token=<random>`) and a 6-digit verification code in
 * the same mail, which the code-verification page asks for before the new password.
 *
 * Why a mailed code and not TOTP: staff have no authenticator enrolment in this product, and the
 * reset already proves control of the mailbox; the code step makes a leaked link alone (browser
 * history, proxy logs, a forwarded mail without the code) not enough, and 5 wrong codes burn it.
 *
 * Only hashes are stored: SHA-256(token) and SHA-256(token ":" code). A reset lasts 1 hour, is
 * used once, and a new request supersedes the older pending ones of the same user.
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { queryOne, queryRows } from "../../db/query";
import { AZIONI, writeAudit } from "../../lib/audit";
import { HttpError } from "../../lib/errors";
import type { MailMessage } from "../../lib/mail";
import { hashToken } from "../../lib/tokens";

export const RESET_VALID_MINUTES = 60;
export const MAX_CODE_ATTEMPTS = 5;

export const RESET_REQUESTED = "Se l'utente esiste, riceverà un'email con le istruzioni";
export const INVALID_LINK = "Il link di reimpostazione non è valido o è scaduto. Richiedi una nuova email.";
export const WRONG_CODE = "Il codice di verifica non è corretto";
export const CODE_BURNED = "Codice errato troppe volte: il link non è più valido. Richiedi una nuova email.";

export function codeHash(token: string, code: string): Buffer {
  return crypto.createHash("sha256").update(`${token}:${code}`, "utf8").digest();
}

/** The link of the mail: origin ALWAYS config.publicUrl, never the request or redirect_url. */
export function resetLink(publicUrl: string, uid: number, token: string): string {
  const q = new URLSearchParams({ uid: String(uid), token });
  return `${publicUrl}/app/reset-password?${q.toString()}`;
}

interface ResetUser {
  id: number;
  username: string;
  email: string;
  nome: string;
}

/** Active users matching a username, or an e-mail address (several accounts may share one). */
export async function findResetUsers(ex: Executor, identifier: string): Promise<ResetUser[]> {
  const byEmail = identifier.includes("@");
  return queryRows<ResetUser>(
    ex,
    sql`SELECT id, username, email, nome FROM users
        WHERE attivo AND email <> '' AND (lower(username) = lower(${identifier})
          ${byEmail ? sql`OR lower(email) = lower(${identifier})` : sql``})
        ORDER BY id LIMIT 5`,
  );
}

/** Stores a new reset for the user (superseding pending ones) and returns the mail to send. */
export async function createReset(
  tx: Tx,
  user: ResetUser,
  opts: { now: Date; publicUrl: string; ip: string },
): Promise<MailMessage> {
  const token = crypto.randomBytes(32).toString("base64url");
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  await tx.execute(
    sql`UPDATE password_resets SET used_at = ${opts.now} WHERE user_id = ${user.id} AND used_at IS NULL`,
  );
  await tx.execute(
    sql`INSERT INTO password_resets (user_id, token_hash, code_hash, created_at, expires_at, ip)
        VALUES (${user.id}, ${hashToken(token)}, ${codeHash(token, code)}, ${opts.now},
                ${new Date(opts.now.getTime() + RESET_VALID_MINUTES * 60_000)}, ${opts.ip})`,
  );
  await writeAudit(tx, {
    azione: AZIONI.passwordReset,
    contentType: "utente",
    objectId: user.id,
    note: "Richiesta di reimpostazione della password: email inviata",
    ip: opts.ip,
  });
  const link = resetLink(opts.publicUrl, user.id, token);
  return {
    to: user.email,
    subject: "Vigilanza ERP - reimpostazione della password",
    text: [
      `Buongiorno${user.nome ? ` ${user.nome}` : ""},`,
      "",
      `abbiamo ricevuto una richiesta di reimpostazione della password per l'utente "${user.username}".`,
      "Per scegliere una nuova password apri questo link, valido per 1 ora e utilizzabile una sola volta:",
      "",
      link,
      "",
      `Codice di verifica: ${code}`,
      "",
      "Se non hai richiesto tu la reimpostazione, ignora questa email: la password attuale resta valida.",
      "",
      "Vigilanza ERP",
    ].join("\n"),
  };
}

export interface ValidReset {
  id: number;
  user_id: number;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  code_hash: Buffer | Uint8Array;
  attempts: number;
}

export const invalidLink = () => new HttpError(400, INVALID_LINK, { token: INVALID_LINK });

/** The pending, unexpired, not-burned reset of this uid+token for an active user, or a 400. */
export async function findValidReset(ex: Executor, uid: number, token: string, now: Date): Promise<ValidReset> {
  const row = await queryOne<ValidReset>(
    ex,
    sql`SELECT r.id, r.user_id, r.code_hash, r.attempts, u.username, u.email, u.nome, u.cognome
        FROM password_resets r JOIN users u ON u.id = r.user_id
        WHERE r.token_hash = ${hashToken(token)} AND r.user_id = ${uid} AND u.attivo
          AND r.used_at IS NULL AND r.expires_at > ${now} AND r.attempts < ${MAX_CODE_ATTEMPTS}`,
  );
  if (!row) throw invalidLink();
  return { ...row, id: Number(row.id) };
}

/**
 * Checks the mailed code. The attempt is TAKEN first, in one atomic statement (parallel guesses
 * queue on the row and no more than MAX_CODE_ATTEMPTS are ever compared); a right code gives it
 * back, a wrong one keeps it, and the last one burns the reset.
 */
export async function checkResetCode(ex: Executor, reset: ValidReset, token: string, code: string): Promise<void> {
  const taken = await queryOne<{ attempts: number }>(
    ex,
    sql`UPDATE password_resets SET attempts = attempts + 1
        WHERE id = ${reset.id} AND used_at IS NULL AND attempts < ${MAX_CODE_ATTEMPTS} RETURNING attempts`,
  );
  if (!taken) throw invalidLink();
  const expected = Buffer.from(reset.code_hash);
  const given = codeHash(token, code);
  if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) {
    await ex.execute(sql`UPDATE password_resets SET attempts = attempts - 1 WHERE id = ${reset.id} AND attempts > 0`);
    return;
  }
  const left = MAX_CODE_ATTEMPTS - taken.attempts;
  if (left <= 0) throw new HttpError(400, CODE_BURNED, { code: CODE_BURNED });
  throw new HttpError(400, WRONG_CODE, { code: `${WRONG_CODE} (tentativi rimasti: ${left})` });
}

/** Marks the reset used; false if another request used it first (single use under concurrency). */
export async function consumeReset(tx: Executor, resetId: number, now: Date): Promise<boolean> {
  const r = await queryOne<{ id: number }>(
    tx,
    sql`UPDATE password_resets SET used_at = ${now} WHERE id = ${resetId} AND used_at IS NULL RETURNING id`,
  );
  return Boolean(r);
}
