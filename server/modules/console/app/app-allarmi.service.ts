/**
 * The guard's SOS (issue 33 item 6), /api/app/allarmi/: recorded once per app id (the outbox may send
 * it again: 200 with the recorded one; the same id with another time is a 409), with the device's
 * time and the server's, the position read at the SOS or none, the silent flag and the shift the
 * guard is on — the one the app names if the guard is assigned to it, otherwise the assignment
 * whose hours hold the SOS's time, or the nearest within 12 hours. One transaction with its audit
 * entry; the table's trigger NOTIFies every server process at commit (migration 0765).
 * The position is read only at the SOS, never in the background (Garante privacy, provv. 2 marzo 2023
 * sulla geolocalizzazione dei dipendenti; art. 4 L. 300/1970).
 */
import { sql } from "drizzle-orm";
import {
  ALLARME_NON_TROVATO,
  type AppAllarme,
  type AppAllarmeData,
} from "../../../../src/domain/contracts/console/allarmi/schemas";
import type { Db, Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { AppUser } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { ALLARME_CONTENT_TYPE, local } from "../allarmi/allarmi.service";
import { ANTICIPO_MASSIMO_MINUTI, type AppActor, guardAudit } from "./app.service";

/** How far from a shift's hours an SOS still names it. */
export const TURNO_VICINO_ORE = 12;

/**
 * The shift a guard's message from the field belongs to: the one the app names if the guard is
 * assigned to it, otherwise the assignment whose hours hold `at`, or the nearest within 12 hours.
 */
export function turnoDellaGuardia(operatoreId: number, turnoId: number | null, at: Date) {
  return sql`coalesce(
    (SELECT turno_id FROM turni_operatori WHERE turno_id = ${turnoId}::int AND operatore_id = ${operatoreId}),
    (SELECT p.turno_id FROM turni_operatori_periodi p
      WHERE p.operatore_id = ${operatoreId}
        AND p.periodo && tstzrange(${at}::timestamptz - make_interval(hours => ${TURNO_VICINO_ORE}),
                                   ${at}::timestamptz + make_interval(hours => ${TURNO_VICINO_ORE}))
      ORDER BY (p.periodo @> ${at}::timestamptz) DESC,
               least(abs(extract(epoch FROM lower(p.periodo) - ${at}::timestamptz)),
                     abs(extract(epoch FROM upper(p.periodo) - ${at}::timestamptz)))
      LIMIT 1))`;
}

const APP_COLS = sql`a.client_id::text AS id, a.stato, ${local("a.data_ora")} AS data_ora, ${local("a.ricevuto_il")} AS ricevuto_il,
  a.silenzioso, trim(u.nome || ' ' || u.cognome) AS preso_da, ${local("a.preso_il")} AS preso_il`;

type AppRow = AppAllarme & { data_ora_iso?: string };

async function readApp(ex: Executor, operatoreId: number, clientId: string): Promise<AppRow | undefined> {
  return queryOne<AppRow>(
    ex,
    sql`SELECT ${APP_COLS}, a.data_ora AS data_ora_iso FROM allarmi a LEFT JOIN users u ON u.id = a.preso_da
         WHERE a.operatore_id = ${operatoreId} AND a.client_id = ${clientId}::uuid`,
  );
}

const out = ({ data_ora_iso: _, ...r }: AppRow): AppAllarme => r;

export async function appAllarme(
  db: Db,
  actor: AppActor,
  data: AppAllarmeData,
  now: Date,
): Promise<{ created: boolean; allarme: AppAllarme }> {
  const device = new Date(data.data_ora);
  if (device.getTime() > now.getTime() + ANTICIPO_MASSIMO_MINUTI * 60_000) {
    throw validationError({ data_ora: "La data e ora del dispositivo è nel futuro" });
  }
  const operatoreId = actor.user.operatoreId;
  return db.transaction(async (tx) => {
    const inserted = await queryOne<{ id: number; turno_id: number | null }>(
      tx,
      sql`INSERT INTO allarmi AS a (operatore_id, client_id, turno_id, data_ora, ricevuto_il, lat, lng, accuratezza, silenzioso)
          VALUES (${operatoreId}, ${data.id}::uuid,
                  ${turnoDellaGuardia(operatoreId, data.turno_id ?? null, device)},
                  ${device}, ${now}, ${data.lat}, ${data.lng}, ${data.accuratezza}, ${data.silenzioso})
          ON CONFLICT (operatore_id, client_id) DO NOTHING
          RETURNING a.id, a.turno_id`,
    );
    if (!inserted) {
      const row = (await readApp(tx, operatoreId, data.id)) as AppRow;
      const same =
        new Date(row.data_ora_iso as string).getTime() === device.getTime() && row.silenzioso === data.silenzioso;
      if (!same) throw conflict("Identificativo già usato per un altro allarme");
      return { created: false, allarme: out(row) };
    }
    await writeAudit(tx, {
      ...guardAudit(actor),
      azione: AZIONI.create,
      contentType: ALLARME_CONTENT_TYPE,
      objectId: inserted.id,
      note: `SOS${data.silenzioso ? " silenzioso" : ""} dall'app di ${actor.user.fullName}${
        data.lat === null ? " (posizione non disponibile)" : ""
      }`,
      related: [
        { content_type: "operatore", object_id: operatoreId },
        ...(inserted.turno_id ? [{ content_type: "turno", object_id: inserted.turno_id }] : []),
      ],
    });
    return { created: true, allarme: out((await readApp(tx, operatoreId, data.id)) as AppRow) };
  });
}

/** One of the guard's own alarms by the app's id; another guard's is a 404. */
export async function appStatoAllarme(db: Executor, user: AppUser, clientId: string): Promise<AppAllarme> {
  const row = await readApp(db, user.operatoreId, clientId);
  if (!row) throw notFound(ALLARME_NON_TROVATO);
  return out(row);
}
