/**
 * The audit trail: every create, update and delete writes one entry in the same transaction
 * (pass the open transaction as `tx`). Entries are append-only (enforced by a database trigger).
 */

import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { currentRequestId } from "./request-context";

export const AZIONI = {
  create: "Creazione",
  update: "Modifica",
  delete: "Eliminazione",
  login: "Accesso",
  loginFailed: "Accesso non riuscito",
  logout: "Uscita",
  forbidden: "Accesso negato",
  passwordReset: "Reimpostazione password",
  passwordChange: "Cambio password",
  registrationRefused: "Registrazione non riuscita",
  /** Issue 37: the second factor, sessions, single sign-on. */
  loginPassword: "Accesso: password corretta",
  mfaCodeFailed: "Codice di verifica errato",
  mfaEnabled: "Verifica in due passaggi attivata",
  mfaDisabled: "Verifica in due passaggi disattivata",
  mfaRecoveryUsed: "Codice di recupero usato",
  mfaRecoveryRenewed: "Codici di recupero rigenerati",
  reauth: "Conferma dell'identità",
  reauthFailed: "Conferma dell'identità non riuscita",
  sessionEnded: "Sessione chiusa",
  ssoLogin: "Accesso SSO",
  ssoFailed: "Accesso SSO non riuscito",
} as const;

export interface RelatedObject {
  content_type: string;
  object_id: string | number;
}

export interface AuditEntry {
  azione: string;
  contentType: string;
  objectId?: string | number | null;
  /** The acting staff user; null for the system or an anonymous visitor. */
  utenteId?: number | null;
  note?: string | null;
  related?: RelatedObject[];
  changeLog?: string[];
  /** More structured data kept with the entry (never passwords or tokens). */
  dati?: Record<string, unknown>;
  ip?: string | null;
}

export async function writeAudit(tx: Executor, entry: AuditEntry): Promise<void> {
  await tx.execute(auditInsertSql(entry));
}

/**
 * The entry of a change to a settings table of one row (object 1: the company's invoicing data, the
 * payroll layout, the cost-of-labour factors): nothing when no line changed.
 */
export async function writeSettingsAudit(
  tx: Executor,
  by: Pick<AuditEntry, "utenteId" | "ip">,
  contentType: string,
  changeLog: string[],
): Promise<void> {
  if (changeLog.length === 0) return;
  await writeAudit(tx, { ...by, azione: AZIONI.update, contentType, objectId: 1, changeLog });
}

/**
 * The INSERT of one entry, to run on its own (writeAudit) or as a data-modifying CTE inside the
 * statement that makes the change — one statement is one transaction. With `when`, the entry is
 * written only if that condition holds (e.g. `EXISTS (SELECT 1 FROM deleted)`).
 */
export function auditInsertSql(entry: AuditEntry, when?: SQL): SQL {
  const related = (entry.related ?? []).map((r) => ({ content_type: r.content_type, object_id: String(r.object_id) }));
  // The request that made the change (lib/request-context.ts): its log lines carry the same id.
  const requestId = currentRequestId();
  const dati = {
    ...(entry.dati ?? {}),
    change_log: entry.changeLog ?? [],
    ...(requestId === undefined ? {} : { request_id: requestId }),
  };
  const objectId = entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId);
  return sql`INSERT INTO log_entries (azione, content_type, object_id, utente_id, note, related, dati, ip)
    SELECT ${entry.azione}::text, ${entry.contentType}::text, ${objectId}::text, ${entry.utenteId ?? null}::int,
           ${entry.note ?? null}::text, ${JSON.stringify(related)}::jsonb, ${JSON.stringify(dati)}::jsonb,
           ${entry.ip ?? null}::text${when ? sql` WHERE ${when}` : sql``}`;
}

function show(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? "Sì" : "No";
  if (v instanceof Date) return v.toISOString();
  if (Array.isArray(v)) return v.length ? v.map(show).join(", ") : "—";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function same(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => (v === undefined || v === "" ? null : v);
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}

/**
 * Readable Italian change lines: `Cognome: "Rossi" → "Bianchi"`. Only fields named in `labels`
 * are compared (so secrets and internal columns never reach the log); `before` null means created.
 */
export function changeLog(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  labels: Record<string, string>,
): string[] {
  const lines: string[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const a = before ? before[field] : undefined;
    const b = after ? after[field] : undefined;
    if (before && after && same(a, b)) continue;
    if (!before && (b === undefined || b === null || b === "")) continue;
    if (!after && (a === undefined || a === null || a === "")) continue;
    lines.push(`${label}: "${show(a)}" → "${show(b)}"`);
  }
  return lines;
}
