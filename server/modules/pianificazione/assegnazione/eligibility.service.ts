/**
 * Who can take a shift, and why not: one set-based evaluation used by the single assignment,
 * the bulk assignment and the ranked candidates of advanced assignment (one rule in one place).
 * Refusals (409): inactive, ceased, black-listed, refused by the client, missing qualification or
 * licence valid on the day, unavailable, weekly availability says no, an overlapping shift; and the
 * hard limits a holder of erp_contratti_deroghe may override with a reason (src/domain/turno
 * DEROGABILI): rest below the profile's minimum, more than its hours in 7 days, a too long shift,
 * a course the qualification requires expired by the day. Warning (accepted): a shift already
 * fully staffed.
 */
import { type SQL, sql } from "drizzle-orm";
import type { Candidato, Motivo as MotivoOut } from "../../../../src/domain/contracts/pianificazione/assegnazione";
import { tipoCorsoLabel, tipoDocumentoLabel } from "../../../../src/domain/documenti";
import { formatDate, formatTime } from "../../../../src/domain/format";
import {
  addDays,
  distanceKm,
  romeToInstant,
  type WorkedShift,
  weekday,
  weekStart,
  workingTimeWarnings,
} from "../../../../src/domain/shift-rules";
import type { MotivoEsclusione } from "../../../../src/domain/turno";
import type { Executor } from "../../../db/client";
import { queryRows, queryRowsPrepared } from "../../../db/query";
import type { TurnoScope } from "../scope";
import { overlapsSql, turnoIntervals } from "./periodi";

const GIORNI = ["", "lunedì", "martedì", "mercoledì", "giovedì", "venerdì", "sabato", "domenica"];
const DAY_MS = 86_400_000;

/** A refusal reason as the evaluation builds it: the contract's, with the code checked. */
export type Motivo = MotivoOut & { code: MotivoEsclusione };

/** An operator evaluated for a shift: the row of the candidates' answer (the contract's). */
export type Valutazione = Candidato;

interface Row {
  id: number;
  cognome: string;
  nome: string;
  rating: number | null;
  lat: number | null;
  lng: number | null;
  attivo: boolean;
  cessato: boolean;
  black_list: boolean;
  qualificato: boolean;
  licenze_mancanti: string[] | string;
  corsi_scaduti: string[] | string;
  indisponibile: boolean;
  indisponibilita_motivo: string | null;
  disponibile_giorno: boolean | null;
  non_gradito: boolean;
  non_gradito_motivo: string | null;
  conflitto_turno: number | null;
  assegnato: boolean;
  confermato: boolean | null;
  /** The operator's other assignments within 8 days: [turno_id, start ms, end ms] per range. */
  lavorati: [number, number, number][] | string | null;
}

const pgArray = (v: string[] | string): string[] =>
  Array.isArray(v)
    ? v
    : v === "{}"
      ? []
      : v
          .replace(/^\{|\}$/g, "")
          .split(",")
          .map((s) => s.replace(/^"|"$/g, ""));

/** Describes other shifts by id: '12/05/2025 08:00–16:00, contratto «X» (Cliente)'. */
export async function describeTurni(ex: Executor, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!ids.length) return out;
  const rows = await queryRows<{
    id: number;
    giorno: string;
    inizio_f1: string;
    fine_f1: string;
    inizio_f2: string | null;
    fine_f2: string | null;
    titolo: string;
    ragione_sociale: string;
  }>(
    ex,
    sql`SELECT t.id, to_char(g.giorno, 'YYYY-MM-DD') AS giorno, t.inizio_f1::text, t.fine_f1::text,
               t.inizio_f2::text, t.fine_f2::text, c.titolo, cl.ragione_sociale
        FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
        JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
        WHERE t.id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  for (const r of rows) {
    const f2 = r.inizio_f2 ? ` e ${formatTime(r.inizio_f2)}–${formatTime(r.fine_f2)}` : "";
    out.set(
      r.id,
      `${formatDate(r.giorno)} ${formatTime(r.inizio_f1)}–${formatTime(r.fine_f1)}${f2}, contratto «${r.titolo}» (${r.ragione_sociale})`,
    );
  }
  return out;
}

/**
 * Evaluates operators for a shift: `ids` given → those operators (any state); else every active,
 * not ceased operator. Results are in no particular order (see rankCandidates).
 */
export async function evaluate(ex: Executor, t: TurnoScope, ids?: number[]): Promise<Valutazione[]> {
  const intervals = turnoIntervals(t);
  const around = tstzRange(
    Math.min(...intervals.map((i) => i.start)) - 8 * DAY_MS,
    Math.max(...intervals.map((i) => i.end)) + 8 * DAY_MS,
  );
  const wd = weekday(t.giorno);
  const indispOverlap = sql.join(
    intervals.map(
      (i) =>
        sql`(i.dal < ${new Date(i.end).toISOString()}::timestamptz AND i.al > ${new Date(i.start).toISOString()}::timestamptz)`,
    ),
    sql` OR `,
  );
  // One parameter for any number of ids: the statement keeps one text, prepared once per connection.
  const filter: SQL = ids
    ? sql`o.id = ANY(${`{${ids.map((i) => Math.trunc(Number(i))).join(",")}}`}::int[])`
    : sql`o.attivo AND NOT o.cessato`;
  const rows = await queryRowsPrepared<Row>(
    ex,
    sql`SELECT o.id, o.cognome, o.nome, o.rating, o.lat, o.lng, o.attivo, o.cessato, o.black_list,
          EXISTS (SELECT 1 FROM operatori_posizioni op WHERE op.operatore_id = o.id AND op.posizione_id = ${t.posizione_id}) AS qualificato,
          ARRAY(SELECT r.tipo_documento FROM posizioni_requisiti r WHERE r.posizione_id = ${t.posizione_id}
                AND NOT EXISTS (SELECT 1 FROM operatori_documenti d WHERE d.operatore_id = o.id AND d.tipo = r.tipo_documento
                                AND (d.data_scadenza IS NULL OR d.data_scadenza >= ${t.giorno}::date)
                                AND (d.data_rilascio IS NULL OR d.data_rilascio <= ${t.giorno}::date))
                ORDER BY 1) AS licenze_mancanti,
          ARRAY(SELECT r.tipo_corso FROM posizioni_corsi_richiesti r WHERE r.posizione_id = ${t.posizione_id}
                AND EXISTS (SELECT 1 FROM operatori_corsi k WHERE k.operatore_id = o.id AND k.tipo = r.tipo_corso)
                AND NOT EXISTS (SELECT 1 FROM operatori_corsi k WHERE k.operatore_id = o.id AND k.tipo = r.tipo_corso
                                AND (k.data_scadenza IS NULL OR k.data_scadenza >= ${t.giorno}::date))
                ORDER BY 1) AS corsi_scaduti,
          (ind.motivo IS NOT NULL) AS indisponibile, ind.motivo AS indisponibilita_motivo,
          disp.disponibile AS disponibile_giorno,
          (ng.id IS NOT NULL) AS non_gradito, ng.motivo AS non_gradito_motivo,
          cf.turno_id AS conflitto_turno,
          (a.id IS NOT NULL) AS assegnato, a.confermato,
          (SELECT json_agg(json_build_array(p.turno_id, extract(epoch FROM lower(p.periodo))::float8 * 1000,
                                            extract(epoch FROM upper(p.periodo))::float8 * 1000))
           FROM turni_operatori_periodi p
           WHERE p.operatore_id = o.id AND p.periodo && ${around} AND p.turno_id <> ${t.turno_id}) AS lavorati
        FROM operatori o
        LEFT JOIN operatori_disponibilita disp ON disp.operatore_id = o.id AND disp.giorno_settimana = ${wd}
        LEFT JOIN contratti_non_graditi ng ON ng.contratto_id = ${t.contratto_id} AND ng.operatore_id = o.id
        LEFT JOIN turni_operatori a ON a.turno_id = ${t.turno_id} AND a.operatore_id = o.id
        LEFT JOIN LATERAL (SELECT i.motivo FROM operatori_indisponibilita i
                           WHERE i.operatore_id = o.id AND (${indispOverlap}) LIMIT 1) ind ON true
        LEFT JOIN LATERAL (SELECT p.turno_id FROM turni_operatori_periodi p
                           WHERE p.operatore_id = o.id AND p.turno_id <> ${t.turno_id}
                             AND (${overlapsSql("p.periodo", intervals)}) LIMIT 1) cf ON true
        WHERE ${filter}`,
  );
  if (!rows.length) return [];

  const conflicts = await describeTurni(ex, [
    ...new Set(rows.map((r) => r.conflitto_turno).filter((x): x is number => x !== null)),
  ]);
  const profile = t.profilo;
  const weekFrom = romeToInstant(weekStart(t.giorno), "00:00");
  const weekTo = romeToInstant(addDays(weekStart(t.giorno), 7), "00:00");

  return rows.map((r) => {
    const reasons: Motivo[] = [];
    if (!r.attivo) reasons.push({ code: "non_attivo", message: "L'operatore non è attivo" });
    if (r.cessato) reasons.push({ code: "cessato", message: "L'operatore è cessato" });
    if (r.black_list) reasons.push({ code: "black_list", message: "L'operatore è in black list" });
    if (r.non_gradito)
      reasons.push({
        code: "non_gradito",
        message: `L'operatore non è gradito dal cliente su questo contratto${r.non_gradito_motivo ? ` (${r.non_gradito_motivo})` : ""}`,
      });
    if (!r.qualificato)
      reasons.push({
        code: "qualifica_mancante",
        message: `L'operatore non ha la qualifica richiesta: ${t.posizione}`,
      });
    const missing = pgArray(r.licenze_mancanti);
    if (missing.length)
      reasons.push({
        code: "licenza_mancante",
        message: `Manca una licenza richiesta dalla qualifica, valida il ${formatDate(t.giorno)}: ${missing.map(tipoDocumentoLabel).join(", ")}`,
      });
    if (r.indisponibile)
      reasons.push({
        code: "indisponibile",
        message: `L'operatore è indisponibile in questo orario${r.indisponibilita_motivo ? ` (${r.indisponibilita_motivo})` : ""}`,
      });
    if (r.disponibile_giorno === false)
      reasons.push({ code: "non_disponibile_giorno", message: `L'operatore non è disponibile di ${GIORNI[wd]}` });
    if (r.conflitto_turno !== null)
      reasons.push({
        code: "turno_sovrapposto",
        message: `L'operatore è già assegnato a un turno sovrapposto: ${conflicts.get(r.conflitto_turno) ?? `turno ${r.conflitto_turno}`}`,
      });
    const expired = pgArray(r.corsi_scaduti);
    if (expired.length)
      reasons.push({
        code: "corso_scaduto",
        message: `Corso richiesto dalla qualifica scaduto, non valido il ${formatDate(t.giorno)}: ${expired.map(tipoCorsoLabel).join(", ")}`,
      });
    const mine = workedShifts(r.lavorati);
    for (const w of workingTimeWarnings(
      intervals,
      mine.filter((w) => !w.intervals.some((i) => intervals.some((j) => i.start < j.end && j.start < i.end))),
      profile,
    ))
      reasons.push({ code: w.code as MotivoEsclusione, message: w.message });
    const warnings: string[] = [];
    if (!r.assegnato && t.operatori_assegnati >= t.operatori_richiesti)
      warnings.push(`Il turno ha già tutti gli operatori richiesti (${t.operatori_richiesti})`);
    let weekMs = 0;
    for (const w of mine)
      for (const i of w.intervals) weekMs += Math.max(0, Math.min(i.end, weekTo) - Math.max(i.start, weekFrom));
    return {
      id: r.id,
      cognome: r.cognome,
      nome: r.nome,
      rating: r.rating,
      eligible: reasons.length === 0,
      reasons,
      warnings,
      distanza_km: (() => {
        const d = distanceKm(r, t);
        return d === null ? null : Math.round(d * 10) / 10;
      })(),
      secondi_settimana: Math.round(weekMs / 1000),
      assegnato: r.assegnato,
      confermato: r.confermato ?? false,
    };
  });
}

const tstzRange = (from: number, to: number) =>
  sql`tstzrange(${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz)`;

/** The ranges of `lavorati` grouped by shift (a split shift has two). */
function workedShifts(lavorati: Row["lavorati"]): WorkedShift[] {
  const list = typeof lavorati === "string" ? (JSON.parse(lavorati) as [number, number, number][]) : (lavorati ?? []);
  const byShift = new Map<number, WorkedShift>();
  for (const [turnoId, start, end] of list) {
    let w = byShift.get(turnoId);
    if (!w) {
      w = { intervals: [] };
      byShift.set(turnoId, w);
    }
    w.intervals.push({ start: Number(start), end: Number(end) });
  }
  return [...byShift.values()];
}

/** Advanced assignment order: eligible first, then nearest, then fewest hours this week, then best rating. */
export function rankCandidates(list: Valutazione[]): Valutazione[] {
  const far = Number.POSITIVE_INFINITY;
  return [...list].sort(
    (a, b) =>
      Number(b.eligible) - Number(a.eligible) ||
      (a.distanza_km ?? far) - (b.distanza_km ?? far) ||
      a.secondi_settimana - b.secondi_settimana ||
      (b.rating ?? 0) - (a.rating ?? 0) ||
      a.cognome.localeCompare(b.cognome, "it") ||
      a.id - b.id,
  );
}
