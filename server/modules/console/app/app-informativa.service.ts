/**
 * The information notice on positions in the guards' app (issue 33): whether the guard has
 * acknowledged the current version (src/domain/informativa-posizione.ts), and the
 * acknowledgement — recorded once per guard and version, with time and address, audited in the
 * same transaction (art. 13 GDPR; art. 4 L. 300/1970: the information given to the worker on the
 * tools that record the work must be provable).
 */
import { type SQL, sql } from "drizzle-orm";
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
 * Whether the guard has acknowledged the current notice on positions, as SQL. The position the
 * server may keep of a guard's check-in, report or tour scan: none until the guard has
 * acknowledged the current notice on positions (art. 13 GDPR, art. 4 c. 3 L. 300/1970: data from a
 * tool that records the work is usable only if the worker was informed). The action itself is
 * recorded all the same, "posizione non disponibile" — never refused. The SOS keeps its position:
 * the guard's safety comes first (art. 6(1)(d) GDPR, vital interest).
 */
export function informativaConfermata(operatoreId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM app_informativa_conferme
                      WHERE operatore_id = ${operatoreId} AND versione = ${INFORMATIVA_VERSIONE})`;
}

/**
 * The position's three columns for the statement that writes the check-in or report, kept only
 * when `consentita` (an SQL boolean: `informativaConfermata`, or a column carrying it) holds — in
 * the write itself, not in a query of its own before it.
 */
export function posizioneSql(data: Posizione, consentita: SQL): { lat: SQL; lng: SQL; accuratezza: SQL } {
  const kept = (v: number | null) => sql`CASE WHEN ${consentita} THEN ${v}::double precision END`;
  return { lat: kept(data.lat), lng: kept(data.lng), accuratezza: kept(data.accuratezza) };
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
