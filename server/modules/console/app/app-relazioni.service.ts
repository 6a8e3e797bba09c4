/**
 * The guard's service reports (relazioni di servizio, issue 34 item 5), /api/app/relazioni/: recorded
 * once per app id (the outbox may send it again: 200 with the recorded one; the same id with other
 * content is a 409), with the device's time and the server's, the position read when it was sent or
 * none, the shift the guard is on (app-allarmi.service.ts `turnoDellaGuardia`) and the province of its
 * client (the Questura the foglio notizie goes to). The guard's text is version 1. An *emergenza* also
 * raises an alarm in the same transaction (the desk hears it through the alarms' NOTIFY, migration
 * 0765). Photos: up to RELAZIONE_MAX_FOTO, checked by content, while the report is to approve.
 * DM 269/2010, Allegato D: the reports are kept at the police's disposal (migration 0766).
 */
import { sql } from "drizzle-orm";
import {
  type AppRelazione,
  type AppRelazioneData,
  RELAZIONE_APPROVATA,
  RELAZIONE_CATEGORIA_LABEL,
  RELAZIONE_MAX_FOTO,
  RELAZIONE_NON_TROVATA,
} from "../../../../src/domain/contracts/console/relazioni/schemas";
import type { Db, Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import type { AppUser } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { type FileRow, prepareFile, removeStoredFiles, storeFile } from "../../../lib/files";
import { ALLARME_CONTENT_TYPE, local } from "../allarmi/allarmi.service";
import { RELAZIONE_CONTENT_TYPE } from "../relazioni/relazioni.service";
import { ANTICIPO_MASSIMO_MINUTI, type AppActor, guardAudit } from "./app.service";
import { turnoDellaGuardia } from "./app-allarmi.service";
import { informativaConfermata, posizioneSql } from "./app-informativa.service";

/** How many days of their own reports the app shows. */
export const GIORNI_RELAZIONI_APP = 30;

const APP_SELECT = sql`SELECT r.client_id::text AS id, r.stato, v.categoria, v.gravita, ${local("v.accaduto_il")} AS accaduto_il,
       v.luogo, ${local("r.ricevuto_il")} AS ricevuto_il,
       (SELECT count(*)::int FROM relazioni_servizio_foto f WHERE f.relazione_id = r.id) AS foto,
       a.client_id::text AS allarme
  FROM relazioni_servizio r
  JOIN LATERAL (SELECT * FROM relazioni_servizio_versioni x WHERE x.relazione_id = r.id ORDER BY x.versione DESC LIMIT 1) v ON true
  LEFT JOIN allarmi a ON a.relazione_id = r.id`;

async function readApp(ex: Executor, operatoreId: number, clientId: string): Promise<AppRelazione | undefined> {
  return queryOne<AppRelazione>(
    ex,
    sql`${APP_SELECT} WHERE r.operatore_id = ${operatoreId} AND r.client_id = ${clientId}::uuid`,
  );
}

export async function appRelazioni(db: Executor, user: AppUser, now: Date): Promise<{ results: AppRelazione[] }> {
  const results = await queryRows<AppRelazione>(
    db,
    sql`${APP_SELECT} WHERE r.operatore_id = ${user.operatoreId}
          AND r.ricevuto_il >= ${now}::timestamptz - make_interval(days => ${GIORNI_RELAZIONI_APP})
        ORDER BY r.ricevuto_il DESC, r.id DESC`,
  );
  return { results };
}

interface Recorded {
  id: number;
  data_ora: Date | string;
  categoria: string;
  gravita: string;
  accaduto_il: Date | string;
  luogo: string;
  descrizione: string;
  provvedimenti: string;
}

const sameInstant = (a: Date | string, b: Date) => new Date(a).getTime() === b.getTime();

export async function appInviaRelazione(
  db: Db,
  actor: AppActor,
  data: AppRelazioneData,
  now: Date,
): Promise<{ created: boolean; relazione: AppRelazione }> {
  const device = new Date(data.data_ora);
  const accaduto = new Date(data.accaduto_il);
  const limite = now.getTime() + ANTICIPO_MASSIMO_MINUTI * 60_000;
  const errors: Record<string, string> = {};
  if (device.getTime() > limite) errors.data_ora = "La data e ora del dispositivo è nel futuro";
  if (accaduto.getTime() > limite) errors.accaduto_il = "La data e ora del fatto è nel futuro";
  if (Object.keys(errors).length) throw validationError(errors);
  const operatoreId = actor.user.operatoreId;
  // The position only if the guard has acknowledged the notice on positions (app-informativa.service.ts).
  const pos = posizioneSql(data, sql`inf.ok`);
  return db.transaction(async (tx) => {
    const inserted = await queryOne<{ id: number; turno_id: number | null }>(
      tx,
      sql`INSERT INTO relazioni_servizio AS r (operatore_id, client_id, turno_id, provincia, data_ora, ricevuto_il, lat, lng, accuratezza)
          SELECT ${operatoreId}, ${data.id}::uuid, t.turno_id,
                 coalesce(nullif((SELECT cl.prov FROM turni tu JOIN giorni g ON g.id = tu.giorno_id
                                    JOIN servizi s ON s.id = g.servizio_id JOIN contratti c ON c.id = s.contratto_id
                                    JOIN clienti cl ON cl.id = c.cliente_id WHERE tu.id = t.turno_id), ''),
                          (SELECT o.prov FROM operatori o WHERE o.id = ${operatoreId}), ''),
                 ${device}, ${now}, ${pos.lat}, ${pos.lng}, ${pos.accuratezza}
            FROM (SELECT ${turnoDellaGuardia(operatoreId, data.turno_id ?? null, accaduto)} AS turno_id) t
                 CROSS JOIN (SELECT ${informativaConfermata(operatoreId)} AS ok) inf
          ON CONFLICT (operatore_id, client_id) DO NOTHING
          RETURNING r.id, r.turno_id`,
    );
    if (!inserted) {
      const prev = (await queryOne<Recorded>(
        tx,
        sql`SELECT r.id, r.data_ora, v.categoria, v.gravita, v.accaduto_il, v.luogo, v.descrizione, v.provvedimenti
              FROM relazioni_servizio r JOIN relazioni_servizio_versioni v ON v.relazione_id = r.id AND v.versione = 1
             WHERE r.operatore_id = ${operatoreId} AND r.client_id = ${data.id}::uuid`,
      )) as Recorded;
      const same =
        sameInstant(prev.data_ora, device) &&
        sameInstant(prev.accaduto_il, accaduto) &&
        prev.categoria === data.categoria &&
        prev.gravita === data.gravita &&
        prev.luogo === data.luogo &&
        prev.descrizione === data.descrizione &&
        prev.provvedimenti === data.provvedimenti;
      if (!same) throw conflict("Identificativo già usato per un'altra relazione");
      return { created: false, relazione: (await readApp(tx, operatoreId, data.id)) as AppRelazione };
    }
    await tx.execute(
      sql`INSERT INTO relazioni_servizio_versioni (relazione_id, versione, categoria, gravita, accaduto_il, luogo, descrizione, provvedimenti, creata_il)
          VALUES (${inserted.id}, 1, ${data.categoria}, ${data.gravita}, ${accaduto}, ${data.luogo}, ${data.descrizione},
                  ${data.provvedimenti}, ${now})`,
    );
    const related = [
      { content_type: "operatore", object_id: operatoreId },
      ...(inserted.turno_id ? [{ content_type: "turno", object_id: inserted.turno_id }] : []),
    ];
    const cosa = `${RELAZIONE_CATEGORIA_LABEL[data.categoria]} (${data.gravita})`;
    await writeAudit(tx, {
      ...guardAudit(actor),
      azione: AZIONI.create,
      contentType: RELAZIONE_CONTENT_TYPE,
      objectId: inserted.id,
      note: `Relazione di servizio dall'app di ${actor.user.fullName}: ${cosa}`,
      related,
    });
    if (data.gravita === "emergenza") {
      // The alarm's app id is derived from the report's, so a resend finds both already recorded.
      const allarme = (await queryOne<{ id: number }>(
        tx,
        sql`INSERT INTO allarmi (operatore_id, client_id, turno_id, data_ora, ricevuto_il, lat, lng, accuratezza, silenzioso, relazione_id)
            VALUES (${operatoreId}, md5('relazione-' || ${data.id}::text)::uuid, ${inserted.turno_id}, ${device}, ${now},
                    ${data.lat}, ${data.lng}, ${data.accuratezza}, false, ${inserted.id})
            RETURNING id`,
      )) as { id: number };
      await writeAudit(tx, {
        ...guardAudit(actor),
        azione: AZIONI.create,
        contentType: ALLARME_CONTENT_TYPE,
        objectId: allarme.id,
        note: `Allarme da relazione di emergenza di ${actor.user.fullName}: ${cosa}`,
        related: [...related, { content_type: RELAZIONE_CONTENT_TYPE, object_id: inserted.id }],
      });
    }
    return { created: true, relazione: (await readApp(tx, operatoreId, data.id)) as AppRelazione };
  });
}

/** A photo for one of the guard's own reports (re-encoded without metadata: server/lib/files.ts). */
export async function appFotoRelazione(
  db: Db,
  dataDir: string,
  actor: AppActor,
  clientId: string,
  file: { filename: string; data: Buffer } | null,
  now: Date,
): Promise<AppRelazione> {
  if (!file) throw validationError({ foto: "Seleziona una foto da caricare" });
  const operatoreId = actor.user.operatoreId;
  // The cheap checks first, the image work outside the transaction, the checks again under the lock.
  const check = async (ex: Executor, lock: boolean) => {
    const r = await queryOne<{ id: number; stato: string; foto: number }>(
      ex,
      sql`SELECT r.id, r.stato, (SELECT count(*)::int FROM relazioni_servizio_foto f WHERE f.relazione_id = r.id) AS foto
            FROM relazioni_servizio r WHERE r.operatore_id = ${operatoreId} AND r.client_id = ${clientId}::uuid
            ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!r) throw notFound(RELAZIONE_NON_TROVATA);
    if (r.stato === "approvata") throw conflict(RELAZIONE_APPROVATA);
    if (r.foto >= RELAZIONE_MAX_FOTO) throw conflict(`Una relazione ha al massimo ${RELAZIONE_MAX_FOTO} foto`);
    return r;
  };
  await check(db, false);
  const prepared = await prepareFile({ data: file.data, allowed: ["image"] });
  const written: FileRow[] = [];
  try {
    await db.transaction(async (tx) => {
      const r = await check(tx, true);
      const stored = await storeFile(tx, dataDir, {
        ownerType: RELAZIONE_CONTENT_TYPE,
        ownerId: r.id,
        categoria: "foto",
        originalName: file.filename,
        data: file.data,
        prepared,
        now,
      });
      written.push(stored);
      await tx.execute(
        sql`INSERT INTO relazioni_servizio_foto (relazione_id, file_id, caricata_il) VALUES (${r.id}, ${stored.id}::uuid, ${now})`,
      );
      await writeAudit(tx, {
        ...guardAudit(actor),
        azione: AZIONI.update,
        contentType: RELAZIONE_CONTENT_TYPE,
        objectId: r.id,
        note: `Foto allegata alla relazione dall'app da ${actor.user.fullName}`,
      });
    });
  } catch (err) {
    await removeStoredFiles(dataDir, written);
    throw err;
  }
  return (await readApp(db, operatoreId, clientId)) as AppRelazione;
}
