/** Audit helpers of the module: who acted and what the entry relates to. */
import type { FastifyRequest } from "fastify";
import type { Executor } from "../../db/client";
import { type AuditEntry, writeAudit } from "../../lib/audit";

/** The entry with the acting user and their address taken from the request. */
export function auditEntry(request: FastifyRequest, entry: Omit<AuditEntry, "utenteId" | "ip">): AuditEntry {
  return { ...entry, utenteId: request.user?.id ?? null, ip: request.ip };
}

export function audit(tx: Executor, request: FastifyRequest, entry: Omit<AuditEntry, "utenteId" | "ip">) {
  return writeAudit(tx, auditEntry(request, entry));
}

export const rel = (content_type: string, object_id: number | string) => ({ content_type, object_id });
