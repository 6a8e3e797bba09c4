/**
 * The guards' app (/api/app/): sign-in, the guard's own shifts, check-in/out, support tickets.
 * The acting guard is an operator, not a staff user: audit entries have no `utente` and name the
 * operator in their note and as related object. Every write takes one hit of the operator's
 * write limit (RATE_RULES.appWrite) and is one transaction with its audit entry.
 */
import { sql } from "drizzle-orm";
import type {
  AppLoginOut,
  AppTicket,
  AppTicketData,
  AppTimbratura,
  AppTimbraturaData,
  AppTurni,
  TicketMessaggio,
} from "../../../../src/domain/contracts/console/app-guardie/schemas";
import { dataOraValida } from "../../../../src/domain/hours/checkins";
import type { AppConfig } from "../../../config";
import type { Db, Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { type AppUser, issueAppToken, revokeAppTokens } from "../../../lib/app-tokens";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { badRequest, conflict, notFound, validationError } from "../../../lib/errors";
import { type FileRow, prepareFile, removeStoredFiles, storeFile } from "../../../lib/files";
import { BUSINESS_TZ } from "../../../lib/list/values";
import { backoffKey, releaseBackoff, reserveBackoff, reserveInOrder } from "../../../lib/login-backoff";
import { verifyAgainstNothing, verifyPassword } from "../../../lib/passwords";
import {
  clearRateLimit,
  consumeRateLimit,
  RATE_RULES,
  releaseRateLimit,
  reserveRateLimit,
} from "../../../lib/rate-limit";
import { rilevaAnomalie } from "../anomalie/rilevazione";
import { informativaConfermata, posizioneSql } from "./app-informativa.service";

export const APP_LOGIN_FAILED = "Impossibile accedere con le credenziali fornite";
export const TURNO_NON_TROVATO = "Turno non trovato";
export const TICKET_NON_TROVATO = "Ticket non trovato";
/** The shifts the app shows: from 7 days ago to 30 days ahead (business dates). */
export const TURNI_GIORNI_PRIMA = 7;
export const TURNI_GIORNI_DOPO = 30;
/** A check-in received more than this after its device time was sent late (offline). */
export const SINCRONIZZAZIONE_TARDIVA_MINUTI = 5;
/** A device clock ahead of the server by more than this is refused. */
export const ANTICIPO_MASSIMO_MINUTI = 5;

const TZ = sql.raw(`'${BUSINESS_TZ}'`);
const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

/** Who acted, for the audit entry of a guard's write. */
export interface AppActor {
  user: AppUser;
  ip: string | null;
}

export function guardAudit(actor: AppActor) {
  return {
    utenteId: null,
    ip: actor.ip,
    related: [{ content_type: "operatore", object_id: actor.user.operatoreId }],
    dati: { operatore_id: actor.user.operatoreId },
  };
}

/** One hit of the operator's write limit (429 with Retry-After past it). */
export async function takeWriteHit(db: Executor, user: AppUser, now: Date): Promise<void> {
  await consumeRateLimit(db, RATE_RULES.appWrite, String(user.operatoreId), now);
}

/** Sign-in: the same 400 for an unknown name, a wrong password or a guard without the app. */
export async function appLogin(
  db: Db,
  config: AppConfig,
  body: { username: string; password: string },
  ip: string,
  now: Date,
): Promise<AppLoginOut> {
  const accountKey = `${ip} ${body.username}`;
  const backoff = backoffKey("app", body.username);
  // Per address, per (address, account), and the account's growing delay across addresses: a
  // guessed guard's password is a way in to check-ins and pay (issue 30 item 12).
  await reserveInOrder([
    {
      take: () => reserveRateLimit(db, RATE_RULES.appLoginIp, ip, now),
      giveBack: () => releaseRateLimit(db, RATE_RULES.appLoginIp, ip),
    },
    {
      take: () => reserveRateLimit(db, RATE_RULES.appLoginAccountIp, accountKey, now),
      giveBack: () => releaseRateLimit(db, RATE_RULES.appLoginAccountIp, accountKey),
    },
    { take: () => reserveBackoff(db, backoff, now), giveBack: () => releaseBackoff(db, backoff) },
  ]);
  const row = await queryOne<{ operatore_id: number; full_name: string; password_hash: string; abilitato: boolean }>(
    db,
    sql`SELECT c.operatore_id, trim(o.nome || ' ' || o.cognome) AS full_name, c.password_hash,
               (o.applicazione AND o.attivo AND NOT o.cessato) AS abilitato
          FROM app_credenziali c JOIN operatori o ON o.id = c.operatore_id
         WHERE lower(c.username) = lower(${body.username})`,
  );
  const ok = row
    ? await verifyPassword(body.password, row.password_hash)
    : await verifyAgainstNothing(body.password, config.scryptN);
  if (!row || !ok || !row.abilitato) {
    await writeAudit(db, {
      azione: AZIONI.loginFailed,
      contentType: "operatore",
      objectId: row?.operatore_id ?? null,
      note: `App: nome utente "${body.username.slice(0, 150)}"`,
      ip,
    });
    throw badRequest(APP_LOGIN_FAILED);
  }
  const token = await db.transaction(async (tx) => {
    await clearRateLimit(tx, RATE_RULES.appLoginAccountIp, accountKey);
    await releaseRateLimit(tx, RATE_RULES.appLoginIp, ip);
    await releaseBackoff(tx, backoff);
    const t = await issueAppToken(tx, row.operatore_id, config, now, ip);
    await writeAudit(tx, {
      azione: AZIONI.login,
      contentType: "operatore",
      objectId: row.operatore_id,
      note: "Accesso dall'app",
      ip,
    });
    return t;
  });
  return { token, operatore: { id: row.operatore_id, full_name: row.full_name } };
}

export async function appLogout(db: Db, actor: AppActor, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeAppTokens(tx, actor.user.operatoreId, now, actor.user.tokenId);
    await writeAudit(tx, {
      ...guardAudit(actor),
      azione: AZIONI.logout,
      contentType: "operatore",
      objectId: actor.user.operatoreId,
      note: "Uscita dall'app",
    });
  });
}

interface TimbraturaRow {
  client_id: string;
  turno_id: number;
  tipo: "ingresso" | "uscita";
  data_ora: string;
  ricevuta_il: string;
  lat: number | null;
  lng: number | null;
  accuratezza: number | null;
  sincronizzata_tardi: boolean;
  assegnato: boolean;
}

const TIMBRATURA_COLS = sql`t.client_id::text AS client_id, t.turno_id, t.tipo, ${local("t.data_ora")} AS data_ora,
  ${local("t.ricevuta_il")} AS ricevuta_il, t.lat, t.lng, t.accuratezza, t.sincronizzata_tardi, t.assegnato`;

function timbraturaOut(r: TimbraturaRow): AppTimbratura {
  return {
    id: r.client_id,
    turno_id: r.turno_id,
    tipo: r.tipo,
    data_ora: r.data_ora,
    ricevuta_il: r.ricevuta_il,
    lat: r.lat === null ? null : Number(r.lat),
    lng: r.lng === null ? null : Number(r.lng),
    accuratezza: r.accuratezza === null ? null : Number(r.accuratezza),
    sincronizzata_tardi: r.sincronizzata_tardi,
    assegnato: r.assegnato,
  };
}

/** The guard's shifts from 7 days ago to 30 days ahead, with the check-ins already recorded. */
export async function appTurni(db: Executor, user: AppUser, now: Date): Promise<AppTurni> {
  const range = await queryOne<{ dal: string; al: string }>(
    db,
    sql`SELECT to_char((${now}::timestamptz AT TIME ZONE ${TZ})::date - ${TURNI_GIORNI_PRIMA}::int, 'YYYY-MM-DD') AS dal,
               to_char((${now}::timestamptz AT TIME ZONE ${TZ})::date + ${TURNI_GIORNI_DOPO}::int, 'YYYY-MM-DD') AS al`,
  );
  const { dal, al } = range as { dal: string; al: string };
  const turni = await queryRows<{
    id: number;
    giorno: string;
    inizio_f1: string;
    fine_f1: string;
    inizio_f2: string | null;
    fine_f2: string | null;
    confermato: boolean;
    cliente: string;
    contratto: string;
    servizio: string;
    indirizzo: string;
    lat: number | null;
    lng: number | null;
    distanza_max_m: number;
  }>(
    db,
    sql`SELECT t.id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, to_char(t.inizio_f1, 'HH24:MI:SS') AS inizio_f1,
               to_char(t.fine_f1, 'HH24:MI:SS') AS fine_f1, to_char(t.inizio_f2, 'HH24:MI:SS') AS inizio_f2,
               to_char(t.fine_f2, 'HH24:MI:SS') AS fine_f2, tor.confermato, cl.ragione_sociale AS cliente,
               c.titolo AS contratto, s.descrizione AS servizio, s.indirizzo, s.lat, s.lng,
               c.anomalie_distanza_m AS distanza_max_m
          FROM turni_operatori tor
          JOIN turni t ON t.id = tor.turno_id
          JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id
          JOIN contratti c ON c.id = s.contratto_id
          JOIN clienti cl ON cl.id = c.cliente_id
         WHERE tor.operatore_id = ${user.operatoreId} AND g.giorno BETWEEN ${dal}::date AND ${al}::date
         ORDER BY g.giorno, t.inizio_f1, t.id`,
  );
  const ids = turni.map((t) => t.id);
  const timbrature = ids.length
    ? await queryRows<TimbraturaRow>(
        db,
        sql`SELECT ${TIMBRATURA_COLS} FROM app_timbrature t
             WHERE t.operatore_id = ${user.operatoreId}
               AND t.turno_id IN (${sql.join(
                 ids.map((id) => sql`${id}`),
                 sql`, `,
               )})
             ORDER BY t.data_ora, t.id`,
      )
    : [];
  return {
    dal,
    al,
    results: turni.map((t) => ({
      ...t,
      lat: t.lat === null ? null : Number(t.lat),
      lng: t.lng === null ? null : Number(t.lng),
      distanza_max_m: Number(t.distanza_max_m),
      timbrature: timbrature.filter((x) => x.turno_id === t.id).map(timbraturaOut),
    })),
  };
}

/**
 * Records a check-in or check-out. The app's id makes it idempotent: the same id again answers the
 * recorded one (`created` false) and writes nothing; the same id with another shift, kind or time
 * is a 409. A check-in on a shift the guard is not assigned to is recorded with `assegnato` false.
 */
export async function appTimbra(
  db: Db,
  actor: AppActor,
  data: AppTimbraturaData,
  now: Date,
): Promise<{ created: boolean; timbratura: AppTimbratura }> {
  const device = new Date(data.data_ora);
  if (device.getTime() > now.getTime() + ANTICIPO_MASSIMO_MINUTI * 60_000) {
    throw validationError({ data_ora: "La data e ora del dispositivo è nel futuro" });
  }
  const operatoreId = actor.user.operatoreId;
  // The position only if the guard has acknowledged the notice on positions (app-informativa.service.ts).
  const pos = posizioneSql(data, sql`inf.ok`);
  const tardi = now.getTime() - device.getTime() > SINCRONIZZAZIONE_TARDIVA_MINUTI * 60_000;
  // The time it is judged on (lateness, worked hours): never earlier than it reached us, less the
  // outbox's wait the app reports (issue 30 item 1).
  const coda = data.secondi_in_coda ?? 0;
  const valida = dataOraValida({ tipo: data.tipo, data_ora: device, ricevuta_il: now, secondi_in_coda: coda });
  return db.transaction(async (tx) => {
    // One statement records it (when the shift exists and the id is new) and answers it.
    const inserted = await queryOne<TimbraturaRow & { id: string }>(
      tx,
      sql`INSERT INTO app_timbrature AS t (operatore_id, client_id, turno_id, tipo, data_ora, ricevuta_il, lat, lng,
                                           accuratezza, sincronizzata_tardi, secondi_in_coda, data_ora_valida, assegnato)
          SELECT ${operatoreId}, ${data.id}::uuid, tu.id, ${data.tipo}, ${device}, ${now}, ${pos.lat},
                 ${pos.lng}, ${pos.accuratezza}, ${tardi}, ${coda}, ${valida},
                 EXISTS (SELECT 1 FROM turni_operatori WHERE turno_id = tu.id AND operatore_id = ${operatoreId})
            FROM turni tu CROSS JOIN (SELECT ${informativaConfermata(operatoreId)} AS ok) inf
           WHERE tu.id = ${data.turno_id}
          ON CONFLICT (operatore_id, client_id) DO NOTHING
          RETURNING t.id, ${TIMBRATURA_COLS}`,
    );
    if (!inserted) {
      // Nothing recorded: the shift does not exist, or this id was already used.
      const r = await queryOne<{ turno: boolean; row: (TimbraturaRow & { data_ora_iso: string }) | null }>(
        tx,
        sql`SELECT EXISTS (SELECT 1 FROM turni WHERE id = ${data.turno_id}) AS turno,
                   (SELECT row_to_json(x) FROM (SELECT ${TIMBRATURA_COLS}, t.data_ora AS data_ora_iso FROM app_timbrature t
                     WHERE t.operatore_id = ${operatoreId} AND t.client_id = ${data.id}::uuid) x) AS row`,
      );
      if (!r?.turno) throw notFound(TURNO_NON_TROVATO);
      const row = r.row as TimbraturaRow & { data_ora_iso: string };
      const same =
        row.turno_id === data.turno_id &&
        row.tipo === data.tipo &&
        new Date(row.data_ora_iso).getTime() === device.getTime();
      if (!same) throw conflict("Identificativo già usato per un'altra timbratura");
      return { created: false, timbratura: timbraturaOut(row) };
    }
    const row = inserted;
    // At the time it is judged on (dataOraValida): a check-in synced late is judged as of when it
    // was made, up to the outbox's wait (the schedule judges what is missing as of now).
    await rilevaAnomalie(tx, valida, { turnoId: data.turno_id, operatoreId }, now);
    // The audit entry last: its BEFORE INSERT trigger locks the chain head (0002_audit_chain.sql)
    // until COMMIT, so every other audited write in the company waits while this one finishes;
    // the detection (the costly statement, which locks the head only when it finds an anomaly)
    // runs before it.
    await writeAudit(tx, {
      ...guardAudit(actor),
      azione: AZIONI.create,
      contentType: "timbratura",
      objectId: inserted.id,
      note: `${data.tipo === "ingresso" ? "Ingresso" : "Uscita"} dall'app di ${actor.user.fullName}${
        tardi ? " (sincronizzata in ritardo)" : ""
      }${row.assegnato ? "" : " su un turno non assegnato"}`,
      related: [
        { content_type: "operatore", object_id: operatoreId },
        { content_type: "turno", object_id: data.turno_id },
      ],
    });
    return { created: true, timbratura: timbraturaOut(row) };
  });
}

interface TicketRow {
  id: number;
  data_ora: string;
  tipo: AppTicket["tipo"];
  stato: AppTicket["stato"];
  oggetto: string;
  testo: string;
  foto: boolean;
}

const TICKET_COLS = sql`t.id, ${local("t.data_ora")} AS data_ora, t.tipo, t.stato, t.oggetto, t.testo,
  (t.foto_id IS NOT NULL) AS foto`;

export async function appTickets(db: Executor, user: AppUser): Promise<{ results: TicketRow[] }> {
  const results = await queryRows<TicketRow>(
    db,
    sql`SELECT ${TICKET_COLS} FROM ticket_supporto t WHERE t.operatore_id = ${user.operatoreId}
         ORDER BY t.data_ora DESC, t.id DESC LIMIT 200`,
  );
  return { results };
}

/** The conversation of a ticket: the guard's messages and the office's replies, oldest first. */
export async function ticketMessaggi(db: Executor, ticketId: number): Promise<TicketMessaggio[]> {
  return queryRows<TicketMessaggio>(
    db,
    sql`SELECT m.id, ${local("m.data_ora")} AS data_ora,
               CASE WHEN m.utente_id IS NULL AND m.operatore_id IS NOT NULL THEN 'operatore' ELSE 'ufficio' END AS autore,
               coalesce(trim(u.nome || ' ' || u.cognome), trim(o.nome || ' ' || o.cognome), '') AS nome, m.testo
          FROM ticket_messaggi m
          LEFT JOIN users u ON u.id = m.utente_id
          LEFT JOIN operatori o ON o.id = m.operatore_id
         WHERE m.ticket_id = ${ticketId}
         ORDER BY m.data_ora, m.id`,
  );
}

/** One of the guard's own tickets with its conversation; another guard's ticket is a 404. */
export async function appTicket(db: Executor, user: AppUser, id: number): Promise<AppTicket> {
  const t = await queryOne<TicketRow>(
    db,
    sql`SELECT ${TICKET_COLS} FROM ticket_supporto t WHERE t.id = ${id} AND t.operatore_id = ${user.operatoreId}`,
  );
  if (!t) throw notFound(TICKET_NON_TROVATO);
  return { ...t, messaggi: await ticketMessaggi(db, id) };
}

/**
 * Opens a ticket. With the app's id (a UUID made on the phone, issue 33) it is idempotent as
 * check-ins are: the same id again answers the ticket already opened (`created` false) and writes
 * nothing; the same id with another text is a 409.
 */
export async function appApriTicket(
  db: Db,
  actor: AppActor,
  data: AppTicketData,
  now: Date,
): Promise<{ created: boolean; ticket: AppTicket }> {
  const operatoreId = actor.user.operatoreId;
  const clientId = data.id ?? null;
  const id = await db.transaction(async (tx) => {
    const row = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO ticket_supporto (operatore_id, data_ora, tipo, oggetto, testo, client_id)
          VALUES (${operatoreId}, ${now}, ${data.tipo}, ${data.oggetto}, ${data.testo}, ${clientId}::uuid)
          ON CONFLICT (operatore_id, client_id) WHERE client_id IS NOT NULL DO NOTHING RETURNING id`,
    );
    if (!row) return null;
    await writeAudit(tx, {
      ...guardAudit(actor),
      azione: AZIONI.create,
      contentType: "ticket",
      objectId: row.id,
      note: `Ticket aperto dall'app da ${actor.user.fullName}: ${data.oggetto}`,
    });
    return row.id;
  });
  if (id !== null) return { created: true, ticket: await appTicket(db, actor.user, id) };
  const prev = (await queryOne<{ id: number; tipo: string; oggetto: string; testo: string }>(
    db,
    sql`SELECT id, tipo, oggetto, testo FROM ticket_supporto WHERE operatore_id = ${operatoreId} AND client_id = ${clientId}::uuid`,
  )) as { id: number; tipo: string; oggetto: string; testo: string };
  if (prev.tipo !== data.tipo || prev.oggetto !== data.oggetto || prev.testo !== data.testo) {
    throw conflict("Identificativo già usato per un altro ticket");
  }
  return { created: false, ticket: await appTicket(db, actor.user, prev.id) };
}

/**
 * Attaches the photo of one of the guard's own tickets (JPEG, PNG or WebP by content, re-encoded
 * without metadata: server/lib/files.ts). A ticket keeps one photo: a second one is a 409.
 */
export async function appFotoTicket(
  db: Db,
  dataDir: string,
  actor: AppActor,
  id: number,
  file: { filename: string; data: Buffer } | null,
  now: Date,
): Promise<AppTicket> {
  if (!file) throw validationError({ foto: "Seleziona una foto da caricare" });
  // The cheap checks first, then the image work outside the transaction (it may wait its turn:
  // lib/images.ts), then the same checks again under the row lock.
  const ticket = async (ex: Executor, lock: boolean) => {
    const t = await queryOne<{ foto: boolean }>(
      ex,
      sql`SELECT (foto_id IS NOT NULL) AS foto FROM ticket_supporto
           WHERE id = ${id} AND operatore_id = ${actor.user.operatoreId} ${lock ? sql`FOR UPDATE` : sql``}`,
    );
    if (!t) throw notFound(TICKET_NON_TROVATO);
    if (t.foto) throw conflict("Il ticket ha già una foto");
  };
  await ticket(db, false);
  const prepared = await prepareFile({ data: file.data, allowed: ["image"] });
  const written: FileRow[] = [];
  try {
    await db.transaction(async (tx) => {
      await ticket(tx, true);
      const stored = await storeFile(tx, dataDir, {
        ownerType: "ticket",
        ownerId: id,
        categoria: "foto",
        originalName: file.filename,
        data: file.data,
        prepared,
        now,
      });
      written.push(stored);
      await tx.execute(sql`UPDATE ticket_supporto SET foto_id = ${stored.id}::uuid WHERE id = ${id}`);
      await writeAudit(tx, {
        ...guardAudit(actor),
        azione: AZIONI.update,
        contentType: "ticket",
        objectId: id,
        note: `Foto allegata dall'app da ${actor.user.fullName}`,
      });
    });
  } catch (err) {
    await removeStoredFiles(dataDir, written);
    throw err;
  }
  return appTicket(db, actor.user, id);
}
