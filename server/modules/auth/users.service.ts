/**
 * Staff users (Impostazioni → Utenti): create, update, deactivate (the list is users.list.ts). Rules:
 *  - permissions must come from the catalogue (PERMISSION_CODES);
 *  - only a superadmin may grant superadmin, and only a superadmin may change a superadmin
 *    (otherwise an admin could set a superadmin's password and become one);
 *  - nobody may deactivate themselves or take superadmin away from themselves;
 *  - a self-registered account waits (in_attesa, not active): activating it approves it, and
 *    deactivating it refuses it;
 *  - a new password or a deactivation revokes every token of the user; permissions are read on
 *    every request, so a permission change takes effect on the next one;
 *  - every change writes its audit entry (content_type `utente`) with change_log lines, in the
 *    same transaction; the password never appears (a `Password: "—" → "(modificata)"` line does).
 */
import { eq, sql } from "drizzle-orm";
import { PENDING_LABEL } from "../../../src/domain/auth-messages";
import type { StaffUser, UserCreateData, UserUpdateData } from "../../../src/domain/contracts/auth/users";
import { passwordProblem } from "../../../src/domain/password-policy";
import { PERMISSION_CODES } from "../../../src/domain/permissions";
import type { Executor } from "../../db/client";
import { queryOne } from "../../db/query";
import { users } from "../../db/schema/core";
import { AZIONI, changeLog, writeAudit } from "../../lib/audit";
import { type Actor, auditBy, type ServiceContext } from "../../lib/context";
import { badRequest, HttpError, notFound, validationError } from "../../lib/errors";
import { hashPassword } from "../../lib/passwords";
import { revokeAllTokens } from "../../lib/tokens";
import { mfaEnabled, mfaRequired } from "./mfa.service";

export const USER_LABELS: Record<string, string> = {
  username: "Nome utente",
  email: "Email",
  nome: "Nome",
  cognome: "Cognome",
  permissions: "Permessi",
  attivo: "Attivo",
  inAttesa: PENDING_LABEL,
};

export const PASSWORD_CHANGED_LINE = 'Password: "—" → "(modificata)"';
export const PASSWORD_SET_LINE = 'Password: "—" → "(impostata)"';

type UserRow = typeof users.$inferSelect;

export function toStaffUser(u: UserRow): StaffUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    nome: u.nome,
    cognome: u.cognome,
    permissions: u.permissions ?? [],
    attivo: u.attivo,
    in_attesa: u.inAttesa,
    last_login: u.lastLogin ? new Date(u.lastLogin).toISOString() : null,
    created_at: new Date(u.createdAt).toISOString(),
  };
}

function pgCode(e: unknown): string | undefined {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code ?? err?.cause?.code;
}

/** 400 with errors[field] when the username is taken (case-insensitive) by another user. */
export async function assertUsernameFree(
  ex: Executor,
  username: string,
  exceptId: number | null,
  field = "username",
): Promise<void> {
  const row = await queryOne<{ id: number }>(
    ex,
    sql`SELECT id FROM users WHERE lower(username) = lower(${username})
        ${exceptId === null ? sql`` : sql`AND id <> ${exceptId}`}`,
  );
  if (row) throw validationError({ [field]: "Esiste già un utente con questo nome utente" });
}

/** Runs a write; a unique-username race that slipped past assertUsernameFree becomes the same 400. */
export async function uniqueUsername<T>(field: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (pgCode(e) === "23505") throw validationError({ [field]: "Esiste già un utente con questo nome utente" });
    throw e;
  }
}

export function checkPermissionCodes(permissions: readonly string[]): void {
  const unknown = permissions.filter((p) => !PERMISSION_CODES.has(p));
  if (unknown.length) {
    throw validationError({
      permissions: `Permess${unknown.length === 1 ? "o sconosciuto" : "i sconosciuti"}: ${unknown.join(", ")}`,
    });
  }
}

const isSuper = (perms: readonly string[] | null | undefined) => (perms ?? []).includes("superadmin");

function checkGrant(actor: Actor, before: readonly string[], after: readonly string[]): void {
  if (isSuper(after) && !isSuper(before) && !isSuper(actor.permissions)) {
    throw validationError({
      permissions: "Solo un super amministratore può assegnare il permesso Super amministratore",
    });
  }
}

function checkTarget(actor: Actor, target: UserRow): void {
  if (isSuper(target.permissions) && !isSuper(actor.permissions) && actor.userId !== target.id) {
    throw new HttpError(403, "Solo un super amministratore può modificare un super amministratore");
  }
}

const dedupe = (perms: readonly string[]) => [...new Set(perms)];

export async function findUser(ex: Executor, id: number): Promise<UserRow> {
  const [row] = await ex.select().from(users).where(eq(users.id, id));
  if (!row) throw notFound("Utente non trovato");
  return row;
}

/** Who acts: the signed-in staff user, or the CLI (userId null and every right). */
export async function createStaffUser(ctx: ServiceContext, data: UserCreateData, scryptN: number): Promise<UserRow> {
  const { actor } = ctx;
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const permissions = dedupe(data.permissions ?? []);
    checkPermissionCodes(permissions);
    checkGrant(actor, [], permissions);
    const problem = passwordProblem(data.password, data);
    if (problem) throw validationError({ password: problem });
    await assertUsernameFree(tx, data.username, null);
    const passwordHash = await hashPassword(data.password, scryptN);
    const [row] = await uniqueUsername("username", () =>
      tx
        .insert(users)
        .values({
          username: data.username,
          email: data.email ?? "",
          nome: data.nome ?? "",
          cognome: data.cognome ?? "",
          permissions,
          attivo: data.attivo ?? true,
          passwordHash,
          createdAt: now,
          updatedAt: now,
          passwordChangedAt: now,
        })
        .returning(),
    );
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: "utente",
      objectId: row.id,
      ...auditBy(actor),
      changeLog: [...changeLog(null, { ...row }, USER_LABELS), PASSWORD_SET_LINE],
    });
    return row;
  });
}

export async function updateStaffUser(
  ctx: ServiceContext,
  id: number,
  data: UserUpdateData,
  scryptN: number,
): Promise<UserRow> {
  const { actor } = ctx;
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const before = await findUser(tx, id);
    checkTarget(actor, before);
    const permissions = data.permissions === undefined ? before.permissions : dedupe(data.permissions);
    checkPermissionCodes(permissions);
    checkGrant(actor, before.permissions, permissions);
    const self = actor.userId === id;
    if (self && data.attivo === false)
      throw badRequest("Non puoi disattivare il tuo utente", { attivo: "Non puoi disattivare il tuo utente" });
    if (self && isSuper(before.permissions) && !isSuper(permissions)) {
      throw validationError({ permissions: "Non puoi togliere a te stesso il permesso Super amministratore" });
    }
    const attivo = data.attivo ?? before.attivo;
    const next = {
      username: data.username ?? before.username,
      email: data.email ?? before.email,
      nome: data.nome ?? before.nome,
      cognome: data.cognome ?? before.cognome,
      permissions,
      attivo,
      // Activating a self-registered account is its approval.
      inAttesa: before.inAttesa && !attivo,
    };
    const newPassword = data.password ? data.password : null;
    if (newPassword) {
      const problem = passwordProblem(newPassword, next);
      if (problem) throw validationError({ password: problem });
    }
    if (next.username.toLowerCase() !== before.username.toLowerCase()) await assertUsernameFree(tx, next.username, id);
    const passwordHash = newPassword ? await hashPassword(newPassword, scryptN) : undefined;
    const [after] = await uniqueUsername("username", () =>
      tx
        .update(users)
        .set({
          ...next,
          updatedAt: now,
          ...(passwordHash ? { passwordHash, passwordChangedAt: now } : {}),
        })
        .where(eq(users.id, id))
        .returning(),
    );
    const deactivated = before.attivo && !after.attivo;
    const approved = before.inAttesa && !after.inAttesa;
    // Issue 37: a permission that brings the user under the second-factor policy, while they have
    // none, ends their sessions: the next login asks them to enrol (a password alone no longer
    // opens what the permission shows). Not for oneself: the policy refuses to cover an
    // unenrolled administrator who saves it, and this session must stay.
    const newlyCovered =
      actor.userId !== id &&
      !(await mfaRequired(tx, before.permissions)) &&
      (await mfaRequired(tx, after.permissions)) &&
      !(await mfaEnabled(tx, id));
    if (passwordHash || deactivated || newlyCovered) await revokeAllTokens(tx, id, now);
    const lines = changeLog({ ...before }, { ...after }, USER_LABELS);
    if (passwordHash) lines.push(PASSWORD_CHANGED_LINE);
    if (lines.length) {
      await writeAudit(tx, {
        azione: passwordHash && lines.length === 1 ? AZIONI.passwordChange : AZIONI.update,
        contentType: "utente",
        objectId: id,
        ...auditBy(actor),
        note: deactivated
          ? "Utente disattivato"
          : approved
            ? "Account abilitato"
            : newlyCovered
              ? "Verifica in due passaggi ora obbligatoria: sessioni chiuse"
              : null,
        changeLog: lines,
      });
    }
    return after;
  });
}

/** DELETE: deactivation (the row stays, for the audit trail), tokens revoked. */
export async function deactivateStaffUser(ctx: ServiceContext, id: number): Promise<void> {
  const { actor } = ctx;
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const before = await findUser(tx, id);
    checkTarget(actor, before);
    if (actor.userId === id) throw badRequest("Non puoi disattivare il tuo utente");
    // Deactivating a pending account refuses the registration: it is no longer waiting.
    await tx.update(users).set({ attivo: false, inAttesa: false, updatedAt: now }).where(eq(users.id, id));
    await revokeAllTokens(tx, id, now);
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: "utente",
      objectId: id,
      ...auditBy(actor),
      note: before.inAttesa ? "Registrazione rifiutata: utente disattivato" : "Utente disattivato",
      changeLog: changeLog(
        { attivo: before.attivo, inAttesa: before.inAttesa },
        { attivo: false, inAttesa: false },
        { attivo: USER_LABELS.attivo, inAttesa: USER_LABELS.inAttesa },
      ),
    });
  });
}
