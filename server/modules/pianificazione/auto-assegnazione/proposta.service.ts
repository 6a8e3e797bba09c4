/**
 * A proposal as a database-backed job (table auto_assegnazioni, migration 0800): `crea` inserts the
 * row with its audit entry; `avvia` claims it with a conditional UPDATE — only one process wins,
 * whichever asked — loads the data, runs the model block by block writing the progress and a
 * heartbeat to the row (a write that finds the row cancelled or taken over stops the run), and
 * stores the result. Nothing lives only in a process's memory: a row left waiting, or running with
 * a heartbeat older than a minute (its process died), is claimed again by the next GET of it, in
 * whichever worker answers. `accetta` assigns chosen cells through the normal assign path.
 */
import os from "node:os";
import { sql } from "drizzle-orm";
import type {
  AccettaBody,
  AccettaResult,
  AutoAssegnazioneRichiesta,
  Proposta,
  RisultatoProposta,
  StatoProposta,
} from "../../../../src/domain/contracts/pianificazione/auto-assegnazione";
import { formatDate } from "../../../../src/domain/format";
import { durationSeconds } from "../../../../src/domain/shift-rules";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import type { AppContext, ServiceContext } from "../../../lib/context";
import { conflict, HttpError, notFound } from "../../../lib/errors";
import { assign } from "../assegnazione/assegnazione.service";
import { audit } from "../audit";
import { ultimoGiornoBloccato } from "../passato";
import { calcolaInThread } from "./calcolo";
import { type Caricato, carica } from "./carica";
import type { Risultato } from "./modello";

const WORKER = `${os.hostname()}:${process.pid}`;
let runs = 0;
/** A running proposal whose heartbeat is older than this is taken over (its process died). */
const STALE_SECONDS = 60;
/** A waiting proposal nobody claimed within this is claimed by whoever reads it. */
const WAITING_SECONDS = 5;

const CONTENT_TYPE = "auto_assegnazione";

/**
 * Proposals one process computes at once (issue 30 item 10: twelve at once pushed a list's p99
 * from 11 to 237 ms; a company month is ~28 s of CPU). One more is answered 503 with Retry-After
 * (auto-assegnazione.routes.ts); a proposal found waiting by a GET is left to a process with room.
 */
export const MAX_PROPOSTE_PER_PROCESSO = 2;
/** What a client refused for a full process is told to wait. */
export const PROPOSTE_RETRY_AFTER_SECONDS = 30;
export const PROCESSO_OCCUPATO =
  "Il server sta già calcolando altre proposte di assegnazione automatica: riprova tra poco.";
export const PROPOSTA_GIA_IN_CORSO =
  "Hai già una proposta di assegnazione automatica in corso: attendi che termini o annullala.";

interface Row {
  id: number;
  stato: StatoProposta;
  avanzamento: number;
  messaggio: string;
  richiesta: AutoAssegnazioneRichiesta | string;
  creata_il: string;
  terminata_il: string | null;
  risultato: RisultatoProposta | string | null;
  da_avviare: boolean;
}

/** The request as stored: with the last day locked when it was made (null: none). */
export type RichiestaSalvata = AutoAssegnazioneRichiesta & { bloccato_fino_al?: string | null };

const parse = <T>(v: T | string): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/**
 * Creates the proposal. Past days locked when it is asked (PLAN_LOCK_DAYS, `passato.ts`) are kept
 * out of it — a proposal never asks for a derogation — by storing the last locked day with the
 * request (not part of the answer).
 */
export async function crea(
  ctx: ServiceContext & Partial<Pick<AppContext, "config">>,
  r: AutoAssegnazioneRichiesta,
): Promise<{ id: number; stato: StatoProposta }> {
  const stored: RichiestaSalvata = { ...r, bloccato_fino_al: ultimoGiornoBloccato(ctx) };
  return ctx.db.transaction(async (tx) => {
    // One proposal waiting or running per user, across processes (issue 30 item 10): the user's
    // requests take their turn on a lock held until commit, so two at once cannot both pass.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('auto_assegnazione'), ${ctx.actor.userId}::int)`);
    const attiva = await queryOne<{ id: number }>(
      tx,
      sql`SELECT id FROM auto_assegnazioni WHERE utente_id = ${ctx.actor.userId} AND stato IN ('in_attesa', 'in_corso')
          ORDER BY id LIMIT 1`,
    );
    if (attiva) throw conflict(PROPOSTA_GIA_IN_CORSO, { reason: "proposta_in_corso", id: attiva.id });
    const row = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO auto_assegnazioni (richiesta, utente_id)
          VALUES (${JSON.stringify(stored)}::jsonb, ${ctx.actor.userId}) RETURNING id`,
    );
    await audit(tx, ctx.actor, {
      azione: "Proposta di assegnazione automatica",
      contentType: CONTENT_TYPE,
      objectId: row!.id,
      note: `Periodo dal ${formatDate(r.dal)} al ${formatDate(r.al)}`,
      dati: { richiesta: r },
    });
    return { id: row!.id, stato: "in_attesa" as const };
  });
}

export async function leggi(ex: Executor, id: number): Promise<Proposta & { da_avviare: boolean }> {
  const r = await queryOne<Row>(
    ex,
    sql`SELECT id, stato, avanzamento::float8 AS avanzamento, messaggio, richiesta,
               to_char(creata_il AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD"T"HH24:MI:SS') AS creata_il,
               to_char(terminata_il AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD"T"HH24:MI:SS') AS terminata_il,
               risultato,
               (stato = 'in_attesa' AND creata_il < now() - make_interval(secs => ${WAITING_SECONDS}))
                 OR (stato = 'in_corso' AND heartbeat_il < now() - make_interval(secs => ${STALE_SECONDS})) AS da_avviare
        FROM auto_assegnazioni WHERE id = ${id}`,
  );
  if (!r) throw notFound("Proposta non trovata");
  return {
    ...r,
    richiesta: parse(r.richiesta),
    risultato: r.risultato === null ? null : parse(r.risultato),
    avanzamento: Math.round(r.avanzamento * 100) / 100,
  };
}

export async function annulla(ctx: ServiceContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const r = await queryOne<{ stato: StatoProposta }>(
      tx,
      sql`SELECT stato FROM auto_assegnazioni WHERE id = ${id} FOR UPDATE`,
    );
    if (!r) throw notFound("Proposta non trovata");
    if (r.stato !== "in_attesa" && r.stato !== "in_corso")
      throw conflict("La proposta è già terminata: non si può annullare", { reason: "terminata" });
    await tx.execute(
      sql`UPDATE auto_assegnazioni SET stato = 'annullata', terminata_il = now(), messaggio = 'Annullata'
          WHERE id = ${id}`,
    );
    await audit(tx, ctx.actor, {
      azione: "Annullamento proposta di assegnazione automatica",
      contentType: CONTENT_TYPE,
      objectId: id,
      changeLog: [`Stato: "${r.stato}" → "annullata"`],
    });
  });
  return leggi(ctx.db, id);
}

/**
 * Claims and runs the proposal if nobody else holds it; resolves when it is done (or at once when
 * another process has it). Never throws: a failure is written to the row.
 */
export async function avvia(db: Executor, id: number): Promise<void> {
  const worker = `${WORKER}:${++runs}`;
  // A claim that fails (database unreachable, server closing) leaves the row as it was: the next
  // GET of it tries again.
  const claimed = await queryOne<{ richiesta: RichiestaSalvata | string }>(
    db,
    sql`UPDATE auto_assegnazioni SET stato = 'in_corso', worker = ${worker}, avviata_il = now(), heartbeat_il = now(),
               avanzamento = 0, messaggio = 'Lettura dei turni e degli operatori'
        WHERE id = ${id} AND (stato = 'in_attesa'
              OR (stato = 'in_corso' AND heartbeat_il < now() - make_interval(secs => ${STALE_SECONDS})))
        RETURNING richiesta`,
  ).catch((e) => {
    console.error(`auto-assegnazione ${id}:`, e);
    return undefined;
  });
  if (!claimed) return;
  const progress = async (avanzamento: number, messaggio: string) =>
    Boolean(
      await queryOne(
        db,
        sql`UPDATE auto_assegnazioni SET avanzamento = ${Math.min(1, Math.max(0, avanzamento))}, messaggio = ${messaggio},
                   heartbeat_il = now()
            WHERE id = ${id} AND stato = 'in_corso' AND worker = ${worker} RETURNING id`,
      ),
    );
  try {
    const started = Date.now();
    const richiesta = parse(claimed.richiesta);
    const dati = await carica(db, richiesta);
    const posti = dati.posti.reduce((s, p) => s + p.mancanti, 0);
    if (!(await progress(0.1, `${posti} posti scoperti, ${dati.istanza.operatori.length} operatori: calcolo`))) return;
    // in a thread of its own: the event loop stays free for the process's other requests
    const r = await calcolaInThread(dati.istanza, (fatti, totale) =>
      progress(0.1 + (0.85 * fatti) / totale, `Calcolo: blocco ${fatti} di ${totale}`),
    );
    if (!r) return; // cancelled or taken over: the thread was ended
    const risultato = componi(dati, r, (Date.now() - started) / 1000);
    await db.execute(
      sql`UPDATE auto_assegnazioni SET stato = 'completata', avanzamento = 1, messaggio = '', heartbeat_il = now(),
                 terminata_il = now(), risultato = ${JSON.stringify(risultato)}::jsonb
          WHERE id = ${id} AND stato = 'in_corso' AND worker = ${worker}`,
    );
  } catch (e) {
    console.error(`auto-assegnazione ${id}:`, e);
    await db
      .execute(
        sql`UPDATE auto_assegnazioni SET stato = 'errore', messaggio = 'Errore nel calcolo della proposta', terminata_il = now()
            WHERE id = ${id} AND stato = 'in_corso' AND worker = ${worker}`,
      )
      .catch(() => undefined);
  }
}

/** The answer's result: cells and uncovered places with their shift, totals, hours per operator. */
export function componi(dati: Caricato, r: Risultato, secondi: number): RisultatoProposta {
  const posti = new Map(dati.posti.map((p) => [p.turno_id, p]));
  const ops = new Map(dati.istanza.operatori.map((o) => [o.id, o]));
  const turno = (id: number) => {
    const p = posti.get(id)!;
    return {
      turno_id: p.turno_id,
      giorno_id: p.giorno_id,
      servizio_id: p.servizio_id,
      contratto_id: p.contratto_id,
      giorno: p.giorno,
      inizio_f1: p.inizio_f1,
      fine_f1: p.fine_f1,
      inizio_f2: p.inizio_f2,
      fine_f2: p.fine_f2,
      posizione: p.posizione,
      contratto: p.contratto,
      cliente: p.cliente,
    };
  };
  const ore = new Map<number, { turni: number; ore: number }>();
  for (const c of r.celle) {
    const e = ore.get(c.operatore_id) ?? { turni: 0, ore: 0 };
    e.turni++;
    e.ore += durationSeconds(posti.get(c.turno_id)!.intervals) / 3600;
    ore.set(c.operatore_id, e);
  }
  const dal = dati.posti[0]?.giorno ?? "";
  const al = dati.posti[dati.posti.length - 1]?.giorno ?? "";
  return {
    celle: r.celle.map((c) => {
      const o = ops.get(c.operatore_id)!;
      return {
        ...turno(c.turno_id),
        operatore: { id: o.id, cognome: o.cognome, nome: o.nome },
        motivo: c.motivo,
        punteggio: c.punteggio,
      };
    }),
    scoperti: r.scoperti.map((s) => ({ ...turno(s.turno_id), mancanti: s.mancanti, motivo: s.motivo })),
    totali: {
      posti: dati.posti_totali,
      coperti_prima: dati.coperti_prima,
      coperti_dopo: dati.coperti_prima + r.celle.length,
    },
    ore_operatori: [...ore.entries()]
      .map(([id, e]) => {
        const o = ops.get(id)!;
        const pianificate = o.lavori
          .filter((l) => (l.giorno ?? "") >= dal && (l.giorno ?? "") <= al)
          .reduce((s, l) => s + durationSeconds(l.intervals) / 3600, 0);
        return {
          id,
          cognome: o.cognome,
          nome: o.nome,
          turni: e.turni,
          ore_proposte: Math.round(e.ore * 100) / 100,
          ore_pianificate: Math.round(pianificate * 100) / 100,
        };
      })
      .sort((a, b) => a.cognome.localeCompare(b.cognome, "it") || a.nome.localeCompare(b.nome, "it") || a.id - b.id),
    calcolo: {
      metodo: "HiGHS MIP",
      obiettivo: r.obiettivo,
      blocchi: r.blocchi,
      blocchi_greedy: r.blocchiGreedy,
      secondi: Math.round(secondi * 100) / 100,
    },
  };
}

/**
 * Assigns the chosen cells one by one through the manual assign (the same checks, the same audit
 * entry and shift-register row, no derogation): what a planner changed meanwhile is refused with
 * its reason, never forced.
 */
export async function accetta(ctx: ServiceContext, id: number, body: AccettaBody): Promise<AccettaResult> {
  const p = await leggi(ctx.db, id);
  if (p.stato !== "completata" || !p.risultato)
    throw conflict("La proposta non è ancora completata", { reason: "non_completata" });
  const celle = new Map(p.risultato.celle.map((c) => [`${c.turno_id}/${c.operatore.id}`, c]));
  const out: AccettaResult = { assegnati: [], rifiutati: [] };
  const seen = new Set<string>();
  for (const { turno, operatore } of body.celle) {
    const key = `${turno}/${operatore}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const c = celle.get(key);
    if (!c) {
      out.rifiutati.push({ turno, operatore, detail: "La cella non fa parte della proposta", reason: "non_proposta" });
      continue;
    }
    try {
      const r = await assign(
        ctx,
        { idContratto: c.contratto_id, idServizio: c.servizio_id, idGiorno: c.giorno_id, idTurno: c.turno_id },
        operatore,
        { conferma: body.conferma },
      );
      out.assegnati.push({ turno, operatore, warnings: r.warnings });
    } catch (e) {
      if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
      out.rifiutati.push({
        turno,
        operatore,
        detail: e.detail,
        reason: (e.extra?.reason as string | undefined) ?? null,
      });
    }
  }
  return out;
}
