/**
 * The desk's side of a support ticket: the detail with its conversation, the office's reply (the
 * guard reads it in the app), state and assignee. Opening the ticket marks it read
 * (ticket-supporto.service.ts `segnaLetto`, called by the page). Every write is one transaction with its
 * audit entry; a PUT that changes nothing writes nothing.
 */
import { sql } from "drizzle-orm";
import type {
  Assegnatario,
  Ticket,
  TicketRispostaData,
  TicketUpdateData,
} from "../../../../src/domain/contracts/console/ticket-supporto/schemas";
import { TICKET_STATO_LABEL } from "../../../../src/domain/contracts/console/ticket-supporto/schemas";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { notFound, validationError } from "../../../lib/errors";
import { type FileRow, getFileRow } from "../../../lib/files";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { ticketMessaggi } from "../app/app.service";
import { TICKET_CONTENT_TYPE, TICKET_NON_TROVATO } from "./ticket-supporto.service";

const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);
const DESK = CAPABILITIES.ticketSupporto;

interface Row {
  id: number;
  data_ora: string;
  tipo: Ticket["tipo"];
  stato: Ticket["stato"];
  oggetto: string;
  testo: string;
  operatore_id: number;
  operatore_nome: string;
  assegnato_id: number | null;
  assegnato_nome: string | null;
  letto_il: string | null;
  letto_da_id: number | null;
  letto_da_nome: string | null;
  foto_id: string | null;
}

async function readTicket(ex: Executor, id: number, lock = false): Promise<Row | undefined> {
  return queryOne<Row>(
    ex,
    sql`SELECT t.id, ${local("t.data_ora")} AS data_ora, t.tipo, t.stato, t.oggetto, t.testo,
               o.id AS operatore_id, trim(o.nome || ' ' || o.cognome) AS operatore_nome,
               a.id AS assegnato_id, trim(a.nome || ' ' || a.cognome) AS assegnato_nome,
               ${local("t.letto_il")} AS letto_il, r.id AS letto_da_id, trim(r.nome || ' ' || r.cognome) AS letto_da_nome,
               t.foto_id::text AS foto_id
          FROM ticket_supporto t
          JOIN operatori o ON o.id = t.operatore_id
          LEFT JOIN users a ON a.id = t.assegnato_a
          LEFT JOIN users r ON r.id = t.letto_da
         WHERE t.id = ${id}${lock ? sql` FOR UPDATE OF t` : sql``}`,
  );
}

const persona = (id: number | null, nome: string | null) => (id === null ? null : { id, full_name: nome ?? "" });

export async function getTicket(ctx: ServiceContext, id: number): Promise<Ticket> {
  const r = await readTicket(ctx.db, id);
  if (!r) throw notFound(TICKET_NON_TROVATO);
  return {
    id: r.id,
    data_ora: r.data_ora,
    tipo: r.tipo,
    stato: r.stato,
    oggetto: r.oggetto,
    testo: r.testo,
    operatore: { id: r.operatore_id, full_name: r.operatore_nome },
    assegnato_a: persona(r.assegnato_id, r.assegnato_nome),
    letto_il: r.letto_il,
    letto_da: persona(r.letto_da_id, r.letto_da_nome),
    foto: r.foto_id !== null,
    messaggi: await ticketMessaggi(ctx.db, id),
  };
}

/** Active staff members who may work on tickets: the desk's permission or an admin one. */
export async function assegnatari(ex: Executor): Promise<Assegnatario[]> {
  return queryRows<Assegnatario>(
    ex,
    sql`SELECT u.id, trim(u.nome || ' ' || u.cognome) AS full_name FROM users u
         WHERE u.attivo AND u.permissions && ${sql.raw(`ARRAY[${DESK.map((p) => `'${p}'`).join(", ")}]::text[]`)}
         ORDER BY lower(u.cognome), lower(u.nome), u.id`,
  );
}

export async function updateTicket(ctx: ServiceContext, id: number, data: TicketUpdateData): Promise<Ticket> {
  await ctx.db.transaction(async (tx) => {
    const before = await readTicket(tx as Tx, id, true);
    if (!before) throw notFound(TICKET_NON_TROVATO);
    if (data.assegnato_a !== undefined && data.assegnato_a !== null) {
      const ok = (await assegnatari(tx)).some((u) => u.id === data.assegnato_a);
      if (!ok) throw validationError({ assegnato_a: "Utente non valido: non può gestire i ticket" });
    }
    const stato = data.stato ?? before.stato;
    const assegnato = data.assegnato_a === undefined ? before.assegnato_id : data.assegnato_a;
    if (stato === before.stato && assegnato === before.assegnato_id) return;
    await tx.execute(sql`UPDATE ticket_supporto SET stato = ${stato}, assegnato_a = ${assegnato} WHERE id = ${id}`);
    const after = (await readTicket(tx as Tx, id)) as Row;
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: TICKET_CONTENT_TYPE,
      objectId: id,
      related: [{ content_type: "operatore", object_id: before.operatore_id }],
      changeLog: changeLog(
        { stato: TICKET_STATO_LABEL[before.stato], assegnato_a: before.assegnato_nome },
        { stato: TICKET_STATO_LABEL[after.stato], assegnato_a: after.assegnato_nome },
        { stato: "Stato", assegnato_a: "Assegnato a" },
      ),
    });
  });
  return getTicket(ctx, id);
}

export async function rispondiTicket(ctx: ServiceContext, id: number, data: TicketRispostaData): Promise<Ticket> {
  await ctx.db.transaction(async (tx) => {
    const t = await readTicket(tx as Tx, id, true);
    if (!t) throw notFound(TICKET_NON_TROVATO);
    await tx.execute(sql`INSERT INTO ticket_messaggi (ticket_id, data_ora, utente_id, testo)
                         VALUES (${id}, ${ctx.clock()}, ${ctx.actor.userId}, ${data.testo})`);
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: TICKET_CONTENT_TYPE,
      objectId: id,
      related: [{ content_type: "operatore", object_id: t.operatore_id }],
      note: "Risposta inviata all'operatore",
      dati: { testo: data.testo },
    });
  });
  return getTicket(ctx, id);
}

/** The stored photo of a ticket (404 when it has none). */
export async function fotoTicket(ctx: ServiceContext, id: number): Promise<FileRow> {
  const r = await readTicket(ctx.db, id);
  if (!r) throw notFound(TICKET_NON_TROVATO);
  const file = r.foto_id ? await getFileRow(ctx.db, r.foto_id) : undefined;
  if (!file) throw notFound("Il ticket non ha una foto");
  return file;
}
