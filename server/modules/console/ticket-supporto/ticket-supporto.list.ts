/**
 * GET /api/comunicazioni/ticket/ on the generic list engine: the fields of TicketList
 * (src/domain/contracts/console/ticket-supporto/schemas.ts) read from SQL. Unread first, then newest.
 */
import { sql } from "drizzle-orm";
import { TicketList } from "../../../../src/domain/contracts/console/ticket-supporto/schemas";
import { defineList } from "../../../lib/list";

export const ticketList = defineList(TicketList, {
  from: sql`ticket_supporto t JOIN operatori o ON o.id = t.operatore_id`,
  joins: { u: { table: "users", on: { id: sql`t.assegnato_a` }, left: true } },
  key: sql`t.id`,
  sql: {
    id: sql`t.id`,
    non_letto: sql`(t.letto_il IS NULL)`,
    data_ora: sql`t.data_ora`,
    operatore: { sql: sql`trim(o.nome || ' ' || o.cognome)`, orderBy: sql`lower(o.cognome), lower(o.nome)` },
    operatore_id: sql`t.operatore_id`,
    tipo: sql`t.tipo`,
    oggetto: sql`t.oggetto`,
    stato: sql`t.stato`,
    assegnato_a: sql`coalesce(trim(u.nome || ' ' || u.cognome), '')`,
    messaggi: sql`(SELECT count(*)::int FROM ticket_messaggi m WHERE m.ticket_id = t.id)`,
  },
});
