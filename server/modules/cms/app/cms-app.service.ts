/**
 * The stewards' counting app (/api/app/cms/). Sign-in with a CMS user's access code, only for an
 * event the user is linked to, enabled, with the app counter on (contatore), and only while its
 * counting window is open (45 minutes before the start to 2 hours after the end, src/domain/cms.ts);
 * the token lasts until the window closes. Counts: one statement inserts the batch with ON CONFLICT
 * (device, seq) DO NOTHING — a retry or a batch sent again counts nothing twice, in any order —;
 * when something was recorded, NOTIFY 'cms_conteggi' with the event's id follows (./conteggi-notify.ts),
 * so every server process pushes the change to its control rooms (../control-room/live-hub.ts).
 * Counts are not written to the audit trail: each is itself an append-only record (device, seq,
 * time counted and time received); a sign-in, a sign-out and a refused sign-in are audited.
 */
import { sql } from "drizzle-orm";
import { FINESTRA_CONTEGGIO, fineFinestra, finestraAperta } from "../../../../src/domain/cms";
import type { AppCmsEventiOut, AppCmsLoginOut, ConteggiOut, Conteggio } from "../../../../src/domain/contracts/cms/app";
import type { Db, Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { type CmsAppUser, issueCmsAppToken } from "../../../lib/cms-app-tokens";
import { badRequest, conflict, HttpError, notFound } from "../../../lib/errors";
import { backoffKey, releaseBackoff, reserveBackoff, reserveInOrder } from "../../../lib/login-backoff";
import {
  type Counter,
  hitRateLimitSql,
  maybePruneRateLimits,
  RATE_RULES,
  rateLimitExceeded,
  releaseRateLimit,
  reserveRateLimit,
} from "../../../lib/rate-limit";
import { CONTENT_TYPES } from "../cms-fields";
import { occupazioneVarchi, totaleDi } from "../control-room/occupazione";
import type { ConteggiNotifier } from "./conteggi-notify";

export const CODICE_NON_VALIDO = "Codice di accesso non valido";
export const FINESTRA_CHIUSA =
  "Il conteggio non è aperto: si apre 45 minuti prima dell'inizio dell'evento e si chiude 2 ore dopo la fine";
export const SCEGLI_EVENTO = "Sei collegato a più eventi in corso: indica quale";
export const VARCO_NON_TROVATO = "Varco non trovato";
export const VISUALIZZATORE_NON_CONTA =
  "Gli utenti Visualizzatore non possono accedere all'app conta-persone: solo gli addetti contano";
export const NON_COLLEGATO = "Non sei più collegato a questo evento: il conteggio non è consentito";
export const CONTATORE_SPENTO = "Il contatore dell'evento è disattivato: il conteggio non è consentito";
export const DISPOSITIVO_ALTRO_VARCO = "Il dispositivo è registrato su un altro varco";
export const DISPOSITIVO_ALTRO_ADDETTO = "Il dispositivo è in uso da un altro addetto";
export const SEQ_TROPPO_AVANTI = "Numero di sequenza troppo avanti rispetto all'ultimo ricevuto dal dispositivo";
export const AT_FUORI_FINESTRA = "Ora del conteggio fuori dalla finestra di conteggio dell'evento";

/** The CMS user type Visualizzatore: watches the control room, never counts (issue 30 item 6). */
const TIPO_VISUALIZZATORE = "V";

/**
 * How far ahead of the last `seq` received from a device a new one may be (issue 30 item 6). A
 * device numbers its counts 1, 2, 3… and sends about one every few seconds; a gap of 1,000 is
 * far more than a phone offline for an evening leaves (a batch is ≤ 500), while a forged `seq`
 * of 10^15 — which would make the device's real later counts look old — is refused.
 */
export const SEQ_MAX_AVANTI = 1000;

/**
 * Devices one steward may bring into one event by counting with them (a phone, a clicker per gate
 * and the simulator's runs fit many times); the back office registers any number (issue 30 item 2).
 */
export const MAX_DISPOSITIVI_ADDETTO = 50;
export const TROPPI_DISPOSITIVI = `Hai già registrato ${MAX_DISPOSITIVI_ADDETTO} dispositivi su questo evento: chiedi alla control room di registrare il nuovo dispositivo`;

/**
 * How far outside the counting window (and past the receive time) a count's `at` may be: the
 * phone's clock drift. Years 0001 or 9999 are refused (issue 30 item 6).
 */
export const AT_TOLLERANZA_MS = 5 * 60_000;

export { CMS_CHANNEL } from "./conteggi-notify";

interface EventoAperto {
  id: number;
  titolo: string;
  data_inizio: string;
  data_fine: string;
}

/**
 * The user of an access code (the address's limit and the code's back-off taken first), never a
 * viewer: the sign-in's and the event list's first step.
 */
async function utenteDelCodice(db: Db, codiceAccesso: string, ip: string, now: Date) {
  // Per address, and the back-off the staff login has per name tried (issue 30 item 12), shared
  // code (server/lib/login-backoff.ts) as the guards' app does: the counting app has no user
  // name, so the name tried is the code itself — one code tried from many addresses slows down
  // after BACKOFF.freeFailures failures; a right code gives its try back.
  const backoff = backoffKey("cms", codiceAccesso.toUpperCase());
  await reserveInOrder([
    {
      take: () => reserveRateLimit(db, RATE_RULES.cmsAppLoginIp, ip, now),
      giveBack: () => releaseRateLimit(db, RATE_RULES.cmsAppLoginIp, ip),
    },
    { take: () => reserveBackoff(db, backoff, now), giveBack: () => releaseBackoff(db, backoff) },
  ]);
  const utente = await queryOne<{ id: number; first_name: string; last_name: string; tipologia_id: string }>(
    db,
    sql`SELECT id, first_name, last_name, tipologia_id FROM cms_utenti WHERE codice_accesso = ${codiceAccesso.toUpperCase()} AND attivo`,
  );
  if (!utente) {
    await writeAudit(db, {
      azione: AZIONI.loginFailed,
      contentType: CONTENT_TYPES.utente,
      note: "App conta-persone: codice di accesso non valido",
      ip,
    });
    throw badRequest(CODICE_NON_VALIDO, { codice_accesso: CODICE_NON_VALIDO });
  }
  // The code was right: the attempt does not count against the address.
  await releaseRateLimit(db, RATE_RULES.cmsAppLoginIp, ip);
  await releaseBackoff(db, backoff);
  // A viewer gets no counting token (issue 30 item 6).
  if (utente.tipologia_id === TIPO_VISUALIZZATORE) throw forbiddenWith(VISUALIZZATORE_NON_CONTA);
  return utente;
}

/** The events the user is linked to whose counting window is open (enabled, counter on). */
async function eventiAperti(db: Db, utenteId: number, now: Date, eventoId?: number): Promise<EventoAperto[]> {
  const aperti = await queryRows<EventoAperto>(
    db,
    sql`SELECT e.id, e.titolo, e.data_inizio, e.data_fine
          FROM cms_eventi e JOIN cms_eventi_utenti eu ON eu.evento_id = e.id AND eu.utente_id = ${utenteId}
         WHERE e.abilitato AND e.contatore
           AND ${now} BETWEEN e.data_inizio - ${`${FINESTRA_CONTEGGIO.primaMs / 60_000} minutes`}::interval
                          AND e.data_fine + ${`${FINESTRA_CONTEGGIO.dopoMs / 60_000} minutes`}::interval
           ${eventoId ? sql`AND e.id = ${eventoId}` : sql``}
         ORDER BY e.data_inizio, e.id`,
  );
  if (aperti.length === 0) throw forbiddenWith(FINESTRA_CHIUSA);
  return aperti;
}

/**
 * The events an access code may count now (issue 33: the app lets the steward choose when there
 * is more than one), under the sign-in's limits; nothing is issued.
 */
export async function cmsAppEventi(
  db: Db,
  body: { codice_accesso: string },
  ip: string,
  now: Date,
): Promise<AppCmsEventiOut> {
  const utente = await utenteDelCodice(db, body.codice_accesso, ip, now);
  const aperti = await eventiAperti(db, utente.id, now);
  return {
    results: aperti.map((e) => ({
      id: Number(e.id),
      titolo: e.titolo,
      data_inizio: new Date(e.data_inizio).toISOString(),
      data_fine: new Date(e.data_fine).toISOString(),
    })),
  };
}

export async function cmsAppLogin(
  db: Db,
  body: { codice_accesso: string; evento_id?: number },
  ip: string,
  now: Date,
): Promise<AppCmsLoginOut> {
  const utente = await utenteDelCodice(db, body.codice_accesso, ip, now);
  const aperti = await eventiAperti(db, utente.id, now, body.evento_id);
  if (aperti.length > 1) throw badRequest(SCEGLI_EVENTO, { evento_id: SCEGLI_EVENTO });
  const evento = aperti[0];
  const eventoId = Number(evento.id);
  const scade = new Date(fineFinestra(new Date(evento.data_fine).getTime()));
  const token = await db.transaction(async (tx) => {
    const t = await issueCmsAppToken(tx, utente.id, eventoId, scade, now, ip);
    await writeAudit(tx, {
      azione: AZIONI.login,
      contentType: CONTENT_TYPES.utente,
      objectId: utente.id,
      note: `App conta-persone: ${evento.titolo}`,
      related: [{ content_type: CONTENT_TYPES.evento, object_id: eventoId }],
      ip,
    });
    return t;
  });
  const [varchi, dispositivi] = await Promise.all([
    occupazioneVarchi(db, eventoId),
    queryRows<{ codice: string; varco_id: number | null; ultimo_seq: string }>(
      db,
      sql`SELECT d.codice, d.varco_id,
                 coalesce((SELECT max(c.seq) FROM cms_conteggi c WHERE c.dispositivo_id = d.id), 0)::text AS ultimo_seq
            FROM cms_dispositivi d
           WHERE d.evento_id = ${eventoId} AND (d.utente_id IS NULL OR d.utente_id = ${utente.id})
           ORDER BY d.codice`,
    ),
  ]);
  return {
    token,
    scade_il: scade.toISOString(),
    utente: { id: Number(utente.id), first_name: utente.first_name, last_name: utente.last_name },
    evento: {
      id: eventoId,
      titolo: evento.titolo,
      data_inizio: new Date(evento.data_inizio).toISOString(),
      data_fine: new Date(evento.data_fine).toISOString(),
      varchi: varchi.map(({ id, nome, capienza, direzione }) => ({ id, nome, capienza, direzione })),
      dispositivi: dispositivi.map((d) => ({
        codice: d.codice,
        varco_id: d.varco_id === null ? null : Number(d.varco_id),
        ultimo_seq: Number(d.ultimo_seq),
      })),
    },
  };
}

const forbiddenWith = (detail: string) => new HttpError(403, detail);

export async function cmsAppLogout(db: Db, user: CmsAppUser, ip: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE cms_app_tokens SET revoked_at = ${now} WHERE id = ${user.tokenId}`);
    await writeAudit(tx, {
      azione: AZIONI.logout,
      contentType: CONTENT_TYPES.utente,
      objectId: user.utenteId,
      note: "App conta-persone",
      related: [{ content_type: CONTENT_TYPES.evento, object_id: user.eventoId }],
      ip,
    });
  });
}

export async function postConteggi(
  db: Db,
  notifier: ConteggiNotifier,
  user: CmsAppUser,
  varcoId: number,
  data: Conteggio | Conteggio[],
  now: Date,
): Promise<ConteggiOut> {
  const batch = Array.isArray(data) ? data : [data];
  const devices = [...new Set(batch.map((c) => c.device_id))];
  await verificaConteggi(db, user, varcoId, batch, Array.isArray(data), now);
  const values = sql.join(
    batch.map((c) => sql`(${c.device_id}::text, ${c.seq}::bigint, ${c.in}::int, ${c.out}::int, ${c.at}::timestamptz)`),
    sql`, `,
  );
  const codici = sql`ARRAY[${sql.join(
    devices.map((d) => sql`${d}::text`),
    sql`, `,
  )}]`;
  const rule = RATE_RULES.cmsDevice;
  const ruleAddetto = RATE_RULES.cmsAddetto;
  // One statement, one commit: the hit on each device's rate limit (counted even when refused, as
  // consumeRateLimit does), the gate (of the token's event), the devices (registered on this gate at
  // their first count), the counts (a (device, seq) already received is skipped) — the counts only
  // when no device is over its limit; then the signal.
  let accettati = 0;
  for (let attempt = 0; ; attempt++) {
    const r = await queryOne<{
      varco: number;
      uniti: number;
      accettati: number;
      limite: Counter | null;
      limite_addetto: Counter | null;
    }>(
      db,
      sql`WITH rl AS (${hitRateLimitSql(
        rule,
        devices.map((d) => `${user.eventoId} ${d}`),
        now,
      )}),
               ra AS (${hitRateLimitSql(ruleAddetto, [`${user.eventoId} ${user.utenteId}`], now)}),
               ok AS (SELECT NOT EXISTS (SELECT 1 FROM rl WHERE rl.hits > ${rule.limit})
                         AND NOT EXISTS (SELECT 1 FROM ra WHERE ra.hits > ${ruleAddetto.limit}) AS ok),
               v AS (SELECT id FROM cms_varchi WHERE id = ${varcoId} AND evento_id = ${user.eventoId}),
               da AS (SELECT id, codice, varco_id, utente_id FROM cms_dispositivi
                       WHERE evento_id = ${user.eventoId} AND codice = ANY(${codici})),
               d0 AS (SELECT da.id, da.codice FROM da, v
                       WHERE (da.varco_id IS NULL OR da.varco_id = v.id)
                         AND (da.utente_id IS NULL OR da.utente_id = ${user.utenteId})),
               dn AS (INSERT INTO cms_dispositivi (evento_id, varco_id, codice, utente_id)
                      SELECT ${user.eventoId}, v.id, c, ${user.utenteId} FROM v, ok, unnest(${codici}) AS c
                       WHERE ok.ok AND NOT EXISTS (SELECT 1 FROM da WHERE da.codice = c)
                      ON CONFLICT (evento_id, codice) DO NOTHING RETURNING id, codice),
               d AS (SELECT id, codice FROM d0 UNION ALL SELECT id, codice FROM dn),
               x (codice, seq, ingressi, uscite, at) AS (VALUES ${values}),
               tutti AS (SELECT (SELECT count(*) FROM x JOIN d ON d.codice = x.codice) = ${batch.length} AS ok),
               lega AS (UPDATE cms_dispositivi SET varco_id = v.id, utente_id = ${user.utenteId}
                          FROM v, ok, tutti
                         WHERE ok.ok AND tutti.ok AND cms_dispositivi.id IN (SELECT id FROM d0)
                           AND (cms_dispositivi.varco_id IS NULL OR cms_dispositivi.utente_id IS NULL)),
               ins AS (INSERT INTO cms_conteggi (dispositivo_id, seq, evento_id, varco_id, ingressi, uscite, at, ricevuto_il)
                       SELECT d.id, x.seq, ${user.eventoId}, v.id, x.ingressi, x.uscite, x.at, ${now}::timestamptz
                         FROM x JOIN d ON d.codice = x.codice CROSS JOIN v CROSS JOIN ok CROSS JOIN tutti
                        WHERE ok.ok AND tutti.ok
                       ON CONFLICT (dispositivo_id, seq) DO NOTHING RETURNING 1)
          SELECT (SELECT count(*) FROM v)::int AS varco,
                 (SELECT count(*) FROM x JOIN d ON d.codice = x.codice)::int AS uniti,
                 (SELECT count(*) FROM ins)::int AS accettati,
                 (SELECT json_build_object('window_start', window_start, 'hits', hits)
                    FROM rl WHERE rl.hits > ${rule.limit} LIMIT 1) AS limite,
                 (SELECT json_build_object('window_start', window_start, 'hits', hits)
                    FROM ra WHERE ra.hits > ${ruleAddetto.limit}) AS limite_addetto`,
    );
    if (r?.limite) throw rateLimitExceeded(rule, r.limite, now);
    if (r?.limite_addetto) throw rateLimitExceeded(ruleAddetto, r.limite_addetto, now);
    if (!r || Number(r.varco) === 0) throw notFound(VARCO_NON_TROVATO);
    accettati += Number(r.accettati);
    // A device registered at the same moment by a parallel request: its counts found no device
    // row in this statement's snapshot; once more, and the device is there (that rare request
    // takes two hits of its devices' limits).
    if (Number(r.uniti) < batch.length) {
      if (attempt === 0) continue;
      // Still unjoined: a device bound in the meantime to another gate or steward (the check
      // before the statement saw it free). Nothing was recorded: a batch is all or nothing.
      throw conflict(DISPOSITIVO_ALTRO_ADDETTO);
    }
    await maybePruneRateLimits(db, now);
    if (accettati > 0) notifier.changed(user.eventoId);
    return {
      accettati,
      duplicati: batch.length - accettati,
      totale: totaleDi(await occupazioneVarchi(db, user.eventoId)),
    };
  }
}

/**
 * The checks of every count post (issue 30 item 6), before the statement that records them: the
 * steward is still linked to the event, its counter is on and its counting window open (a token
 * outlives none of these); each device is bound to this gate and this steward (or not yet bound);
 * no `seq` is more than SEQ_MAX_AVANTI past the device's last; each `at` is inside the window
 * (± AT_TOLLERANZA_MS) and not past the receive time (+ the same tolerance).
 */
async function verificaConteggi(
  db: Db,
  user: CmsAppUser,
  varcoId: number,
  batch: Conteggio[],
  inLotto: boolean,
  now: Date,
): Promise<void> {
  const e = await queryOne<{
    contatore: boolean;
    data_inizio: string;
    data_fine: string;
    collegato: boolean;
    varco: boolean;
  }>(
    db,
    sql`SELECT e.contatore, e.data_inizio, e.data_fine,
               EXISTS (SELECT 1 FROM cms_varchi v WHERE v.id = ${varcoId} AND v.evento_id = e.id) AS varco,
               EXISTS (SELECT 1 FROM cms_eventi_utenti eu
                        WHERE eu.evento_id = e.id AND eu.utente_id = ${user.utenteId}) AS collegato
          FROM cms_eventi e WHERE e.id = ${user.eventoId}`,
  );
  if (!e?.collegato) throw forbiddenWith(NON_COLLEGATO);
  if (!e.contatore) throw forbiddenWith(CONTATORE_SPENTO);
  const inizio = new Date(e.data_inizio).getTime();
  const fine = new Date(e.data_fine).getTime();
  if (!finestraAperta(inizio, fine, now.getTime())) throw forbiddenWith(FINESTRA_CHIUSA);
  if (!e.varco) throw notFound(VARCO_NON_TROVATO);

  const campo = (i: number, f: string) => (inLotto ? `${i}.${f}` : f);
  const minAt = inizio - FINESTRA_CONTEGGIO.primaMs - AT_TOLLERANZA_MS;
  const maxAt = Math.min(fineFinestra(fine), now.getTime()) + AT_TOLLERANZA_MS;
  const errors: Record<string, string> = {};
  batch.forEach((c, i) => {
    const t = new Date(c.at).getTime();
    if (!(t >= minAt && t <= maxAt)) errors[campo(i, "at")] = AT_FUORI_FINESTRA;
  });
  if (Object.keys(errors).length > 0) throw badRequest(AT_FUORI_FINESTRA, errors);

  const codici = [...new Set(batch.map((c) => c.device_id))];
  const noti = await queryRows<{
    codice: string;
    varco_id: number | null;
    utente_id: number | null;
    ultimo: string | null;
  }>(
    db,
    sql`SELECT d.codice, d.varco_id, d.utente_id,
               (SELECT max(c.seq) FROM cms_conteggi c WHERE c.dispositivo_id = d.id)::text AS ultimo
          FROM cms_dispositivi d
         WHERE d.evento_id = ${user.eventoId} AND d.codice = ANY(ARRAY[${sql.join(
           codici.map((c) => sql`${c}::text`),
           sql`, `,
         )}])`,
  );
  const perCodice = new Map(noti.map((d) => [d.codice, d]));
  for (const d of noti) {
    if (d.varco_id !== null && Number(d.varco_id) !== varcoId)
      throw conflict(`${DISPOSITIVO_ALTRO_VARCO} (${d.codice})`);
    if (d.utente_id !== null && Number(d.utente_id) !== user.utenteId)
      throw conflict(`${DISPOSITIVO_ALTRO_ADDETTO} (${d.codice})`);
  }
  // A device the back office did not register is registered by its first count, bound to this
  // steward — at most MAX_DISPOSITIVI_ADDETTO per steward and event (issue 30 item 2: one steward
  // made 15,001 devices in 11 s, and every live picture carried them all).
  const nuovi = codici.filter((c) => !perCodice.has(c)).length;
  if (nuovi > 0) {
    const gia = await queryOne<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM cms_dispositivi WHERE evento_id = ${user.eventoId} AND utente_id = ${user.utenteId}`,
    );
    if ((gia?.n ?? 0) + nuovi > MAX_DISPOSITIVI_ADDETTO) throw conflict(TROPPI_DISPOSITIVI);
  }
  batch.forEach((c, i) => {
    const ultimo = Number(perCodice.get(c.device_id)?.ultimo ?? 0);
    if (c.seq > ultimo + SEQ_MAX_AVANTI) errors[campo(i, "seq")] = SEQ_TROPPO_AVANTI;
  });
  if (Object.keys(errors).length > 0) throw badRequest(SEQ_TROPPO_AVANTI, errors);
}

export async function eventoTotale(db: Executor, user: CmsAppUser) {
  const e = await queryOne<{ id: number; titolo: string; soglia_attenzione: number; soglia_massima: number }>(
    db,
    sql`SELECT id, titolo, soglia_attenzione, soglia_massima FROM cms_eventi WHERE id = ${user.eventoId}`,
  );
  if (!e) throw notFound("Evento non trovato");
  const varchi = await occupazioneVarchi(db, user.eventoId);
  return {
    id: Number(e.id),
    titolo: e.titolo,
    soglia_attenzione: Number(e.soglia_attenzione),
    soglia_massima: Number(e.soglia_massima),
    totale: totaleDi(varchi),
    varchi,
  };
}
