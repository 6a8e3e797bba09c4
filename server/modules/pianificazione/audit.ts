/** Audit helpers of the module: who acted and what the entry relates to. */
import type { Executor } from "../../db/client";
import { type AuditEntry, writeAudit } from "../../lib/audit";
import { type Actor, auditBy } from "../../lib/context";

/** The entry with the acting user and their address. */
export function auditEntry(actor: Actor, entry: Omit<AuditEntry, "utenteId" | "ip">): AuditEntry {
  return { ...entry, ...auditBy(actor) };
}

export function audit(tx: Executor, actor: Actor, entry: Omit<AuditEntry, "utenteId" | "ip">) {
  return writeAudit(tx, auditEntry(actor, entry));
}

export const rel = (content_type: string, object_id: number | string) => ({ content_type, object_id });
