/**
 * Writing the shift register (DM 269/2010, migration 0403): one row per change of an assignment,
 * in the caller's transaction or statement, with the shift's times as they are after the change.
 */
import { type SQL, sql } from "drizzle-orm";

export type EventoRegistro = "assegnazione" | "conferma" | "annullamento_conferma" | "modifica_orari" | "rimozione";

const COLUMNS = sql`(utente_id, evento, turno_id, operatore_id, servizio_id, giorno, inizio_f1, fine_f1, inizio_f2, fine_f2, confermato, motivo)`;

/**
 * INSERT of the register rows of assignments as they stand: `from` names a relation `a` with
 * turno_id, operatore_id and confermato (turni_operatori, or a CTE's RETURNING), `where` picks them.
 */
export function registroInsertSql(
  evento: EventoRegistro,
  userId: number | null,
  from: SQL,
  where: SQL,
  motivo = "",
): SQL {
  return sql`INSERT INTO registro_turni ${COLUMNS}
    SELECT ${userId}::int, ${evento}::text, a.turno_id, a.operatore_id, g.servizio_id, g.giorno,
           t.inizio_f1, t.fine_f1, t.inizio_f2, t.fine_f2, a.confermato, ${motivo}::text
    FROM ${from} JOIN turni t ON t.id = a.turno_id JOIN giorni g ON g.id = t.giorno_id
    WHERE ${where}`;
}
