/**
 * Support tickets (sent from the guards' app): the open unread problems the header alert polls,
 * the unread count of the side menu chip, and marking a ticket read (audited).
 *
 * - the header's notifications (the 'Problemi' popup, and the alert's N is their number): every
 *   ticket not read yet (letto_il NULL) and not closed, whatever its category, and every new
 *   anomaly (open and not opened yet), newest first (README.md);
 * - the summary (the side menu chip) counts every unread ticket, whatever its type or state.
 */
import { sql } from "drizzle-orm";
import { ANOMALIA_TIPO_LABEL } from "../../../../src/domain/contracts/console/anomalie/schemas";
import type {
  ProblemNotification,
  TicketLetto,
} from "../../../../src/domain/contracts/console/ticket-supporto/schemas";
import { formatDateTimeSeconds } from "../../../../src/domain/format";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { notFound } from "../../../lib/errors";
import { BUSINESS_TZ } from "../../../lib/list/values";

export const TICKET_CONTENT_TYPE = "ticket";
export const TICKET_NON_TROVATO = "Ticket non trovato";
/** The popup shows at most this many problems (newest first); the list scrolls past 400 px. */
export const PROBLEMI_MAX = 100;

const TZ = sql.raw(`'${BUSINESS_TZ}'`);
const at = (expr: string) => sql.raw(`to_char(${expr} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

export async function problemiAttivi(ex: Executor): Promise<ProblemNotification[]> {
  const labels = JSON.stringify(ANOMALIA_TIPO_LABEL);
  const rows = await queryRows<{
    id: number;
    fonte: ProblemNotification["fonte"];
    titolo: string;
    operatore_id: number;
    full_name: string;
    data_ora: string;
  }>(
    ex,
    sql`SELECT p.id, p.fonte, p.titolo, o.id AS operatore_id, trim(o.nome || ' ' || o.cognome) AS full_name,
               to_char(p.data_ora AT TIME ZONE ${TZ}, 'YYYY-MM-DD HH24:MI:SS') AS data_ora
          FROM ((SELECT t.id, 'ticket' AS fonte, coalesce(nullif(t.oggetto, ''), 'Ticket ' || t.id) AS titolo,
                        t.operatore_id, t.data_ora
                   FROM ticket_supporto t
                  WHERE t.letto_il IS NULL AND t.stato <> 'chiuso'
                  ORDER BY t.data_ora DESC, t.id DESC LIMIT ${PROBLEMI_MAX})
                UNION ALL
                (SELECT a.id, 'anomalia', ${labels}::jsonb ->> a.tipo, a.operatore_id, a.data_ora
                   FROM anomalie a
                  WHERE a.letta_il IS NULL AND a.stato = 'aperta'
                  ORDER BY a.data_ora DESC, a.id DESC LIMIT ${PROBLEMI_MAX})) p
          JOIN operatori o ON o.id = p.operatore_id
         ORDER BY p.data_ora DESC, p.fonte DESC, p.id DESC
         LIMIT ${PROBLEMI_MAX}`,
  );
  return rows.map((r) => ({
    id: r.id,
    operatore: { id: r.operatore_id, full_name: r.full_name },
    data_ora: r.data_ora,
    fonte: r.fonte,
    titolo: r.titolo,
    chiave: `${r.fonte}-${r.id}`,
  }));
}

export async function ticketNonLetti(ex: Executor): Promise<number> {
  const row = await queryOne<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM ticket_supporto WHERE letto_il IS NULL`,
  );
  return row?.n ?? 0;
}

interface LettoRow {
  id: number;
  letto_il: string | null;
  letto_da_id: number | null;
  letto_da_nome: string | null;
}

async function lockTicket(tx: Tx, id: number): Promise<LettoRow | undefined> {
  return queryOne<LettoRow>(
    tx,
    sql`SELECT t.id, ${at("t.letto_il")} AS letto_il, u.id AS letto_da_id,
               trim(u.nome || ' ' || u.cognome) AS letto_da_nome
          FROM ticket_supporto t LEFT JOIN users u ON u.id = t.letto_da
         WHERE t.id = ${id}
           FOR UPDATE OF t`,
  );
}

function lettoOut(r: LettoRow): TicketLetto {
  return {
    result: "OK",
    id: r.id,
    letto_il: r.letto_il ?? "",
    letto_da: r.letto_da_id === null ? null : { id: r.letto_da_id, full_name: r.letto_da_nome ?? "" },
  };
}

/** Marks the ticket read by `actor`; a ticket already read keeps who and when (no new audit entry). */
export async function segnaLetto(ctx: ServiceContext, id: number): Promise<TicketLetto> {
  const now = ctx.clock();
  return ctx.db.transaction(async (tx) => {
    const current = await lockTicket(tx as Tx, id);
    if (!current) throw notFound(TICKET_NON_TROVATO);
    if (current.letto_il !== null) return lettoOut(current);
    await tx.execute(sql`UPDATE ticket_supporto SET letto_il = ${now.toISOString()}::timestamptz, letto_da = ${ctx.actor.userId}
                          WHERE id = ${id}`);
    const after = (await lockTicket(tx as Tx, id)) as LettoRow;
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: TICKET_CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: "Ticket segnato come letto",
      changeLog: changeLog(
        { letto_il: null, letto_da: null },
        { letto_il: formatDateTimeSeconds(after.letto_il), letto_da: after.letto_da_nome },
        { letto_il: "Letto il", letto_da: "Letto da" },
      ),
    });
    return lettoOut(after);
  });
}
