/**
 * The information notice on positions in the guards' app (issue 33): whether the guard has
 * acknowledged the current version (src/domain/informativa-posizione.ts), and the
 * acknowledgement — recorded once per guard and version, with time and address, audited in the
 * same transaction (art. 13 GDPR; art. 4 L. 300/1970: the information given to the worker on the
 * tools that record the work must be provable).
 */
import { sql } from "drizzle-orm";
import type { AppInformativaOut } from "../../../../src/domain/contracts/console/app-guardie/informativa";
import { INFORMATIVA_VERSIONE } from "../../../../src/domain/informativa-posizione";
import type { Db, Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { AppUser } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { validationError } from "../../../lib/errors";

export const VERSIONE_SUPERATA = "L'informativa è stata aggiornata: rileggila e conferma la nuova versione";

async function confermataIl(db: Executor, operatoreId: number): Promise<string | null> {
  const r = await queryOne<{ confermata_il: string }>(
    db,
    sql`SELECT confermata_il FROM app_informativa_conferme
         WHERE operatore_id = ${operatoreId} AND versione = ${INFORMATIVA_VERSIONE}`,
  );
  return r ? new Date(r.confermata_il).toISOString() : null;
}

/** A position as the app sends it: latitude, longitude and accuracy together, or none. */
interface Posizione {
  lat: number | null;
  lng: number | null;
  accuratezza: number | null;
}

/**
 * The position the server may keep of a guard's check-in or report: none until the guard has
 * acknowledged the current notice on positions (art. 13 GDPR, art. 4 c. 3 L. 300/1970: data from a
 * tool that records the work is usable only if the worker was informed). The action itself is
 * recorded all the same, "posizione non disponibile" — never refused. The SOS keeps its position:
 * the guard's safety comes first (art. 6(1)(d) GDPR, vital interest).
 */
export async function posizioneConsentita<T extends Posizione>(db: Executor, operatoreId: number, data: T): Promise<T> {
  if (data.lat === null || (await confermataIl(db, operatoreId)) !== null) return data;
  return { ...data, lat: null, lng: null, accuratezza: null };
}

export async function appInformativa(db: Executor, user: AppUser, giorni: number): Promise<AppInformativaOut> {
  return {
    versione: INFORMATIVA_VERSIONE,
    giorni_conservazione: giorni,
    confermata_il: await confermataIl(db, user.operatoreId),
  };
}

export async function appConfermaInformativa(
  db: Db,
  actor: { user: AppUser; ip: string | null },
  versione: number,
  giorni: number,
  now: Date,
): Promise<AppInformativaOut> {
  if (versione !== INFORMATIVA_VERSIONE) throw validationError({ versione: VERSIONE_SUPERATA });
  const operatoreId = actor.user.operatoreId;
  await db.transaction(async (tx) => {
    const nuova = await queryOne<{ operatore_id: number }>(
      tx,
      sql`INSERT INTO app_informativa_conferme (operatore_id, versione, confermata_il, ip)
          VALUES (${operatoreId}, ${versione}, ${now}, ${actor.ip})
          ON CONFLICT (operatore_id, versione) DO NOTHING RETURNING operatore_id`,
    );
    if (!nuova) return;
    await writeAudit(tx, {
      utenteId: null,
      ip: actor.ip,
      azione: AZIONI.update,
      contentType: "operatore",
      objectId: operatoreId,
      note: `Informativa sulla posizione (versione ${versione}) confermata dall'app da ${actor.user.fullName}`,
      related: [{ content_type: "operatore", object_id: operatoreId }],
      dati: { operatore_id: operatoreId, informativa_versione: versione },
    });
  });
  return appInformativa(db, actor.user, giorni);
}
