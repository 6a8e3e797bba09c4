/**
 * Services, days and shifts as the API answers them (SPEC §3, §7), and the rules to generate a
 * service's days, shared by the SPA and the server.
 */
import { addDays, daysBetween, parseDay, type ShiftTimes, weekday } from "./shift-rules";

/** A service may span at most this many days (bounded generation). */
export const MAX_GIORNI_SERVIZIO = 400;

export interface OperatoreTurno {
  id: number;
  cognome: string;
  nome: string;
  confermato: boolean;
}

export interface Turno extends ShiftTimes {
  id: number;
  inizio_f2: string | null;
  fine_f2: string | null;
  posizione: { id: number; descrizione: string };
  operatori_richiesti: number;
  note: string;
  operatori: OperatoreTurno[];
}

export interface Giorno {
  id: number;
  giorno: string;
  turni: Turno[];
}

/** SPEC §7: GET …/servizi/{idServizio}/ */
export interface Servizio {
  id: number;
  contratto: { id: number; titolo: string; cliente: { id: number; ragione_sociale: string } };
  dal: string;
  al: string;
  descrizione: string;
  indirizzo: string;
  lat: number | null;
  lng: number | null;
  note: string;
  giorni: Giorno[];
}

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
  | "licenza_mancante";

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
