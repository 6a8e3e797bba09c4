/**
 * The audit trail: every create, update and delete writes one entry in the same transaction
 * (pass the open transaction as `tx`). Entries are append-only (enforced by a database trigger).
 */

import type { Executor } from "../db/client";
import { logEntries } from "../db/schema/core";

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
  await tx.insert(logEntries).values({
    azione: entry.azione,
    contentType: entry.contentType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    utenteId: entry.utenteId ?? null,
    note: entry.note ?? null,
    related: (entry.related ?? []).map((r) => ({ content_type: r.content_type, object_id: String(r.object_id) })),
    dati: { ...(entry.dati ?? {}), change_log: entry.changeLog ?? [] },
    ip: entry.ip ?? null,
  });
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
