/**
 * Refused requests (403) of signed-in users, aggregated so a user cannot grow the append-only
 * audit trail without bound: ONE 'Accesso negato' entry per user, route and minute, written on the
 * first refusal of that minute, and a counter row (table access_denied_counts, migration 0104)
 * with how many refusals the minute had. Both in one statement, so parallel refusals write one
 * entry and count every refusal.
 */
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { AZIONI, auditInsertSql } from "./audit";

export interface AccessDenied {
  userId: number;
  method: string;
  /** The matched route's pattern (`/api/auth/users/:id/`), never the URL text. */
  route: string;
  ip: string;
  now: Date;
}

/** The start of the minute of `d` (UTC, so any time zone cuts minutes alike). */
export function minuteOf(d: Date): Date {
  return new Date(Math.floor(d.getTime() / 60_000) * 60_000);
}

export async function recordAccessDenied(ex: Executor, r: AccessDenied): Promise<void> {
  const minuto = minuteOf(r.now);
  const entry = auditInsertSql(
    {
      azione: AZIONI.forbidden,
      contentType: "utente",
      objectId: r.userId,
      utenteId: r.userId,
      note: `${r.method} ${r.route}`,
      dati: { minuto: minuto.toISOString() },
      ip: r.ip,
    },
    sql`(SELECT tentativi FROM c) = 1`,
  );
  await ex.execute(
    sql`WITH c AS (
          INSERT INTO access_denied_counts AS a (user_id, metodo, rotta, minuto, tentativi)
          VALUES (${r.userId}, ${r.method}, ${r.route}, ${minuto}, 1)
          ON CONFLICT (user_id, metodo, rotta, minuto) DO UPDATE SET tentativi = a.tentativi + 1
          RETURNING tentativi)
        ${entry}`,
  );
}
