/**
 * The guard's side of tours (issue 34), /api/app/ronde/: the rounds of the guard's shifts and the
 * scans. A scan is recorded once per app id (the outbox may send it again: 200 with the recorded
 * one; the same id for another point or time is a 409), with the device's time and the server's,
 * the method, the position and its distance from the point. A code typed by hand, or a scan farther
 * from the point than DISTANZA_SEGNALATA_M beyond the phone's accuracy, is flagged with the reason,
 * never refused: the office judges it (a code read from a photo of the sheet is the abuse to see).
 * The position is read only at the scan, never in the background (Garante privacy, provv. 2 marzo
 * 2023 sulla geolocalizzazione dei dipendenti; art. 4 L. 300/1970). The scan judges its round in
 * the same transaction (./giudizio.ts); the scan and its audit entry are one transaction.
 */
import { sql } from "drizzle-orm";
import {
  type AppPassaggio,
  type AppPassaggioData,
  DISTANZA_SEGNALATA_M,
} from "../../../../src/domain/contracts/pianificazione/ronde/schemas";
import type { Db, Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { AppUser } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { conflict, validationError } from "../../../lib/errors";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { ANTICIPO_MASSIMO_MINUTI, type AppActor, guardAudit } from "../../console/app/app.service";
import { informativaConfermata } from "../../console/app/app-informativa.service";
import { giudicaRonde } from "./giudizio";
import { leggiRonde } from "./ronde.service";

export const PASSAGGIO_CONTENT_TYPE = "ronda_passaggio";
/** The rounds the app shows: due from 12 hours ago to 12 hours ahead, on the guard's shifts. */
export const RONDE_APP_ORE = 12;

const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

export async function appRonde(db: Executor, user: AppUser, now: Date) {
  const ore = sql.raw(`interval '${RONDE_APP_ORE} hours'`);
  const results = await leggiRonde(
    db,
    sql`r.turno_id IN (SELECT turno_id FROM turni_operatori WHERE operatore_id = ${user.operatoreId})
        AND r.previsto_il BETWEEN ${now}::timestamptz - ${ore} AND ${now}::timestamptz + ${ore}`,
  );
  return { results };
}

type Letto = AppPassaggio & { punto_id: number; data_ora_iso: Date | string };

async function leggi(ex: Executor, operatoreId: number, clientId: string): Promise<Letto | undefined> {
  return queryOne<Letto>(
    ex,
    sql`SELECT p.client_id::text AS id, pt.nome AS punto, p.ronda_id, ${local("p.data_ora")} AS data_ora,
               ${local("p.ricevuto_il")} AS ricevuto_il, p.metodo, p.distanza_m, p.segnalato, p.motivo,
               r.stato AS stato_ronda, p.punto_id, p.data_ora AS data_ora_iso
          FROM ronde_passaggi p JOIN ronde_punti pt ON pt.id = p.punto_id LEFT JOIN ronde r ON r.id = p.ronda_id
         WHERE p.operatore_id = ${operatoreId} AND p.client_id = ${clientId}::uuid`,
  );
}

const out = ({ punto_id: _p, data_ora_iso: _d, ...r }: Letto): AppPassaggio => r;

/** The flag of a scan on a round of a shift the guard is not assigned to. */
export const NON_ASSEGNATO = "Guardia non assegnata al turno della ronda";

export async function appPassaggio(
  db: Db,
  actor: AppActor,
  data: AppPassaggioData,
  now: Date,
): Promise<{ created: boolean; passaggio: AppPassaggio }> {
  const device = new Date(data.data_ora);
  if (device.getTime() > now.getTime() + ANTICIPO_MASSIMO_MINUTI * 60_000)
    throw validationError({ data_ora: "La data e ora del dispositivo è nel futuro" });
  const codice = data.codice.trim().toUpperCase();
  const uid = codice.replace(/[\s:-]/g, "");
  const operatoreId = actor.user.operatoreId;
  // With the point, whether the guard has acknowledged the notice on positions: no position is kept
  // before (app-informativa.service.ts), and none is compared with the point's.
  const punto = await queryOne<{
    id: number;
    nome: string;
    lat: number | null;
    lng: number | null;
    consentita: boolean;
  }>(
    db,
    sql`SELECT id, nome, lat, lng, ${informativaConfermata(operatoreId)} AS consentita FROM ronde_punti
         WHERE codice = ${codice} ${data.metodo === "nfc" ? sql`OR nfc_uid = ${uid}` : sql``}
         ORDER BY (codice = ${codice}) DESC LIMIT 1`,
  );
  if (!punto) throw validationError({ codice: "Codice non riconosciuto: nessun punto di controllo con questo codice" });
  const pos = punto.consentita ? data : { ...data, lat: null, lng: null, accuratezza: null };
  const distanza =
    punto.lat !== null && punto.lng !== null && pos.lat !== null && pos.lng !== null
      ? ((
          await queryOne<{ d: number }>(
            db,
            sql`SELECT erp_distanza_m(${punto.lat}, ${punto.lng}, ${pos.lat}, ${pos.lng}) AS d`,
          )
        )?.d ?? null)
      : null;
  const motivi = [
    ...(data.metodo === "manuale" ? ["Codice digitato a mano"] : []),
    ...(distanza !== null && distanza > DISTANZA_SEGNALATA_M + (pos.accuratezza ?? 0)
      ? [`A ${distanza} m dal punto`]
      : []),
  ];
  return db.transaction(async (tx) => {
    // The round: the one the guard started if it holds the point, else one whose window holds the
    // device's time — of a shift the guard is assigned to first, a point not yet scanned in it
    // first, then the earliest. A scan on a round of a shift the guard is not on counts and is
    // flagged (the server does not take the phone's word for who walks where).
    const ronda = await queryOne<{ id: number; assegnato: boolean }>(
      tx,
      sql`SELECT r.id,
                 EXISTS (SELECT 1 FROM turni_operatori o WHERE o.turno_id = r.turno_id AND o.operatore_id = ${operatoreId}) AS assegnato
            FROM ronde r
           WHERE r.punti @> jsonb_build_array(${punto.id}::int)
             AND (r.id = ${data.ronda_id ?? null}::int
                  OR (${device}::timestamptz >= r.previsto_il - make_interval(mins => r.tolleranza_minuti)
                      AND ${device}::timestamptz < r.fine_finestra))
           ORDER BY (r.id = ${data.ronda_id ?? null}::int) IS TRUE DESC, 2 DESC,
                    EXISTS (SELECT 1 FROM ronde_passaggi p WHERE p.ronda_id = r.id AND p.punto_id = ${punto.id}),
                    r.previsto_il
           LIMIT 1`,
    );
    const segnali = [...motivi, ...(ronda && !ronda.assegnato ? [NON_ASSEGNATO] : [])];
    const inserted = await queryOne<{ id: number; ronda_id: number | null }>(
      tx,
      sql`INSERT INTO ronde_passaggi AS x (operatore_id, client_id, punto_id, ronda_id, metodo, codice, data_ora, ricevuto_il,
                                           lat, lng, accuratezza, distanza_m, segnalato, motivo)
          VALUES (${operatoreId}, ${data.id}::uuid, ${punto.id}, ${ronda?.id ?? null},
                  ${data.metodo}, ${data.codice.trim()}, ${device}, ${now}, ${pos.lat}, ${pos.lng}, ${pos.accuratezza},
                  ${distanza}, ${segnali.length > 0}, ${segnali.join("; ")})
          ON CONFLICT (operatore_id, client_id) DO NOTHING
          RETURNING x.id, x.ronda_id`,
    );
    if (!inserted) {
      const row = (await leggi(tx, operatoreId, data.id)) as Letto;
      if (row.punto_id !== punto.id || new Date(row.data_ora_iso).getTime() !== device.getTime())
        throw conflict("Identificativo già usato per un altro passaggio");
      return { created: false, passaggio: out(row) };
    }
    if (inserted.ronda_id !== null) await giudicaRonde(tx, now, { rondaId: inserted.ronda_id });
    await writeAudit(tx, {
      ...guardAudit(actor),
      azione: AZIONI.create,
      contentType: PASSAGGIO_CONTENT_TYPE,
      objectId: inserted.id,
      note: `Passaggio al punto "${punto.nome}" (${data.metodo}) dall'app di ${actor.user.fullName}${
        segnali.length ? ` — segnalato: ${segnali.join("; ")}` : ""
      }`,
      related: [
        { content_type: "operatore", object_id: operatoreId },
        ...(inserted.ronda_id ? [{ content_type: "ronda", object_id: inserted.ronda_id }] : []),
      ],
    });
    return { created: true, passaggio: out((await leggi(tx, operatoreId, data.id)) as Letto) };
  });
}
