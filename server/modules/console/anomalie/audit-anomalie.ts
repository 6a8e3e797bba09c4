/**
 * The audit entries of what a detection statement did to the anomalies — those it opened (its CTE
 * `nuove`) and those it closed as no longer true (its CTE `chiuse`, each with `id, turno_id,
 * operatore_id, tipo`) — as two more CTEs of the same statement, so the write and its entries are
 * one statement in one transaction. One text for the check-ins' detection (rilevazione.ts) and the
 * tours' judgement (pianificazione/ronde/giudizio.ts): the same entries, with the request's id when
 * a request made them (issue 36), by the server (no user).
 */
import { type SQL, sql } from "drizzle-orm";
import { ANOMALIA_TIPO_LABEL } from "../../../../src/domain/contracts/console/anomalie/schemas";
import { AZIONI } from "../../../lib/audit";
import { currentRequestId } from "../../../lib/request-context";

export const ANOMALIA_CONTENT_TYPE = "anomalia";

const LABELS = JSON.stringify(ANOMALIA_TIPO_LABEL);

/** `audit_chiuse AS (…), audit AS (…)`: to follow the statement's `nuove` and `chiuse` CTEs. */
export function auditAnomalieCte(): SQL {
  const requestId = currentRequestId() ?? null;
  const entry = (azione: string, cte: "nuove" | "chiuse", note: string, changeLog: SQL) =>
    sql`INSERT INTO log_entries (azione, content_type, object_id, utente_id, note, related, dati, ip)
        SELECT ${azione}::text, ${ANOMALIA_CONTENT_TYPE}::text, ${sql.raw(cte)}.id::text, NULL::int,
               ${note}::text || (${LABELS}::jsonb ->> ${sql.raw(cte)}.tipo),
               jsonb_build_array(jsonb_build_object('content_type', 'operatore', 'object_id', ${sql.raw(cte)}.operatore_id::text),
                                 jsonb_build_object('content_type', 'turno', 'object_id', ${sql.raw(cte)}.turno_id::text)),
               jsonb_build_object('tipo', ${sql.raw(cte)}.tipo, 'change_log', ${changeLog})
                 || jsonb_strip_nulls(jsonb_build_object('request_id', ${requestId}::text)), NULL::text
          FROM ${sql.raw(cte)}`;
  return sql`audit_chiuse AS (
          ${entry(AZIONI.update, "chiuse", "Anomalia risolta automaticamente: ", sql`jsonb_build_array('Stato: "Aperta" → "Chiusa"')`)}
        ), audit AS (
          ${entry(AZIONI.create, "nuove", "Anomalia rilevata: ", sql`'[]'::jsonb`)}
        )`;
}
