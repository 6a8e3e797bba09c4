/**
 * The guard's company communications in the app: listing them marks them delivered (the first
 * time: consegnata_il), confirming marks one read (letta_il), both for the guard's own rows only;
 * the attachment of one addressed to the guard. Writes are audited with the operator as related object.
 */
import { sql } from "drizzle-orm";
import type { AppComunicazione } from "../../../../src/domain/contracts/console/app-guardie/schemas";
import type { Db, Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import type { AppUser } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { notFound } from "../../../lib/errors";
import { type FileRow, getFileRow } from "../../../lib/files";
import { BUSINESS_TZ } from "../../../lib/list/values";
import {
  COMUNICAZIONE_CONTENT_TYPE,
  COMUNICAZIONE_NON_TROVATA,
} from "../comunicazioni-azienda/comunicazioni-azienda.service";

const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);
/** The app lists at most this many communications, newest first. */
export const APP_COMUNICAZIONI_MAX = 100;

const COLS = sql`c.id, c.oggetto, c.testo, ${local("c.inviata_il")} AS inviata_il, (c.allegato_id IS NOT NULL) AS allegato,
  ${local("d.letta_il")} AS letta_il, CASE WHEN d.letta_il IS NULL THEN ${local("d.promemoria_il")} END AS promemoria_il`;

/**
 * The guard's communications; the ones not delivered yet become delivered now, each with its audit
 * entry in the same transaction (a listing that delivers nothing new writes nothing).
 */
export async function appComunicazioni(
  db: Db,
  actor: { user: AppUser; ip: string | null },
  now: Date,
): Promise<{ results: AppComunicazione[] }> {
  const { user } = actor;
  await db.transaction(async (tx) => {
    const consegnate = await queryRows<{ id: number }>(
      tx,
      sql`UPDATE comunicazioni_destinatari SET consegnata_il = ${now}::timestamptz
           WHERE operatore_id = ${user.operatoreId} AND consegnata_il IS NULL
       RETURNING comunicazione_id AS id`,
    );
    for (const c of consegnate) await writeAudit(tx, guardEntry(actor, c.id, `Consegnata all'app a ${user.fullName}`));
  });
  const results = await queryRows<AppComunicazione>(
    db,
    sql`SELECT ${COLS} FROM comunicazioni_destinatari d JOIN comunicazioni c ON c.id = d.comunicazione_id
         WHERE d.operatore_id = ${user.operatoreId}
         ORDER BY c.inviata_il DESC, c.id DESC LIMIT ${APP_COMUNICAZIONI_MAX}`,
  );
  return { results };
}

/** An audit entry of the guard's on a communication (no staff user; the operator as related object). */
function guardEntry(actor: { user: AppUser; ip: string | null }, id: number, note: string) {
  return {
    azione: AZIONI.update,
    contentType: COMUNICAZIONE_CONTENT_TYPE,
    objectId: id,
    utenteId: null,
    ip: actor.ip,
    note,
    related: [{ content_type: "operatore", object_id: actor.user.operatoreId }],
    dati: { operatore_id: actor.user.operatoreId },
  };
}

async function own(ex: Executor, user: AppUser, id: number): Promise<AppComunicazione | undefined> {
  return queryOne<AppComunicazione>(
    ex,
    sql`SELECT ${COLS} FROM comunicazioni_destinatari d JOIN comunicazioni c ON c.id = d.comunicazione_id
         WHERE d.operatore_id = ${user.operatoreId} AND c.id = ${id}`,
  );
}

/** The guard confirms reading: delivered and read now (once; again changes nothing). */
export async function appConfermaLettura(
  db: Db,
  actor: { user: AppUser; ip: string | null },
  id: number,
  now: Date,
): Promise<AppComunicazione> {
  return db.transaction(async (tx) => {
    const updated = await queryOne<{ id: number }>(
      tx,
      sql`UPDATE comunicazioni_destinatari SET consegnata_il = coalesce(consegnata_il, ${now}::timestamptz),
                                              letta_il = ${now}::timestamptz
           WHERE comunicazione_id = ${id} AND operatore_id = ${actor.user.operatoreId} AND letta_il IS NULL
       RETURNING comunicazione_id AS id`,
    );
    if (updated) await writeAudit(tx, guardEntry(actor, id, `Letta dall'app da ${actor.user.fullName}`));
    const row = await own(tx, actor.user, id);
    if (!row) throw notFound(COMUNICAZIONE_NON_TROVATA);
    return row;
  });
}

/** The attachment of a communication addressed to the guard (404 otherwise). */
export async function appAllegato(ex: Executor, user: AppUser, id: number): Promise<FileRow> {
  const h = await queryOne<{ allegato_id: string | null }>(
    ex,
    sql`SELECT c.allegato_id::text AS allegato_id FROM comunicazioni_destinatari d
          JOIN comunicazioni c ON c.id = d.comunicazione_id
         WHERE d.operatore_id = ${user.operatoreId} AND c.id = ${id}`,
  );
  if (!h) throw notFound(COMUNICAZIONE_NON_TROVATA);
  const file = h.allegato_id ? await getFileRow(ex, h.allegato_id) : undefined;
  if (!file) throw notFound("La comunicazione non ha allegati");
  return file;
}
