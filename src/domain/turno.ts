/**
 * The rules to generate a service's days and a shift's coverage, shared by the SPA and the server
 * (the API's shapes are src/domain/contracts/pianificazione/servizi.ts).
 */
import { addDays, daysBetween, instantToRome, parseDay, type ShiftTimes, weekday } from "./shift-rules";

/** A service may span at most this many days (bounded generation). */
export const MAX_GIORNI_SERVIZIO = 400;

/** A shift of the service-creation body. */
export interface TurnoModello extends ShiftTimes {
  posizione: number;
  operatori_richiesti: number;
}

/** Why an operator cannot take a shift (409 `reason` and candidate `reasons`). */
export type MotivoEsclusione =
  | "turno_sovrapposto"
  | "indisponibile"
  | "non_disponibile_giorno"
  | "cessato"
  | "black_list"
  | "non_attivo"
  | "non_gradito"
  | "qualifica_mancante"
  | "licenza_mancante"
  // The hard limits a holder of erp_contratti_deroghe may override with a reason (DEROGABILI).
  | "riposo_insufficiente"
  | "ore_settimanali"
  | "turno_lungo"
  | "corso_scaduto"
  // A day before today (Europe/Rome) is locked: changing it is a derogation too (DM 269/2010).
  | "giorno_passato";

/** The refusals that may be overridden, with a reason, by a user holding erp_contratti_deroghe. */
export const DEROGABILI: ReadonlySet<string> = new Set([
  "riposo_insufficiente",
  "ore_settimanali",
  "turno_lungo",
  "corso_scaduto",
  "giorno_passato",
]);

/** The refusal of a change to a past day without a derogation (409 `giorno_passato`). */
export const GIORNO_PASSATO =
  "Il giorno è già passato: il registro dei turni è bloccato, per modificarlo serve una deroga con motivazione";

/**
 * True when the day (YYYY-MM-DD) is locked: more than `dopoGiorni` days before today in
 * Europe/Rome (0: any day before today).
 */
export function giornoPassato(giorno: string, now: number = Date.now(), dopoGiorni = 0): boolean {
  return giorno < addDays(instantToRome(now).day, -dopoGiorni);
}

/** True when every reason keeping an operator off a shift may be overridden (and there is one). */
export function derogabile(reasons: readonly { code: string }[]): boolean {
  return reasons.length > 0 && reasons.every((r) => DEROGABILI.has(r.code));
}

/** A shift's coverage: how many are still missing, and whether every assignment is confirmed. */
export function copertura(t: { operatori_richiesti: number; operatori: { confermato: boolean }[] }) {
  const assegnati = t.operatori.length;
  const confermati = t.operatori.filter((o) => o.confermato).length;
  return {
    assegnati,
    confermati,
    mancanti: Math.max(0, t.operatori_richiesti - assegnati),
    scoperto: assegnati < t.operatori_richiesti,
    daConfermare: assegnati - confermati,
  };
}

/** Field errors of a period: both days valid, al ≥ dal, at most MAX_GIORNI_SERVIZIO days. */
export function validatePeriodo(dal: string, al: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!parseDay(dal)) errors.dal = "Data non valida";
  if (!parseDay(al)) errors.al = "Data non valida";
  if (Object.keys(errors).length) return errors;
  const n = daysBetween(dal, al);
  if (n < 0) errors.al = "La data di fine non può precedere la data di inizio";
  else if (n + 1 > MAX_GIORNI_SERVIZIO) errors.al = `Un servizio può coprire al massimo ${MAX_GIORNI_SERVIZIO} giorni`;
  return errors;
}

/** The days from dal to al whose weekday (1 = lunedì … 7 = domenica) is in giorniSettimana. */
export function giorniDelServizio(dal: string, al: string, giorniSettimana: readonly number[]): string[] {
  const want = new Set(giorniSettimana);
  const out: string[] = [];
  const n = daysBetween(dal, al);
  for (let i = 0; i <= n; i++) {
    const d = addDays(dal, i);
    if (want.has(weekday(d))) out.push(d);
  }
  return out;
}
