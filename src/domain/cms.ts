/**
 * The Crowd Management System's rules, once for the SPA and the server: the required fields of an
 * event and of a CMS user (SPEC §5), the counting window of the counters' app, the occupancy's
 * level against the thresholds, the grouping of events by time (SPEC §4), the projected time to
 * full.
 */
import { parseInstant } from "./instant";
import { isProvinciaSigla } from "./province";

export const OBBLIGATORIO = "Questo campo è obbligatorio";

/** Thresholds in percent of the capacity when the event does not say otherwise. */
export const SOGLIE_PREDEFINITE = { attenzione: 80, massima: 95 } as const;

/** The counting window: from 45 minutes before the start to 2 hours after the end. */
export const FINESTRA_CONTEGGIO = { primaMs: 45 * 60_000, dopoMs: 2 * 60 * 60_000 } as const;

/** A device silent for longer than this stands out in the control room. */
export const DISPOSITIVO_SILENTE_MS = 2 * 60_000;

export const DIREZIONI = [
  { value: "in", label: "Ingresso" },
  { value: "out", label: "Uscita" },
  { value: "both", label: "Ingresso e uscita" },
] as const;
export type Direzione = (typeof DIREZIONI)[number]["value"];

export interface EventoFields {
  titolo: string;
  descrizione: string;
  indirizzo: string;
  citta: string;
  prov: string;
  data_inizio: string;
  data_fine: string;
  soglia_attenzione: number;
  soglia_massima: number;
}

/** SPEC §5 New event: every field required ('Questo campo è obbligatorio'); the end not before the start. */
export function validateEvento(e: EventoFields): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of ["titolo", "descrizione", "indirizzo", "citta", "prov", "data_inizio", "data_fine"] as const) {
    if (!String(e[f] ?? "").trim()) errors[f] = OBBLIGATORIO;
  }
  if (!errors.prov && !isProvinciaSigla(e.prov)) errors.prov = "Provincia non valida";
  const inizio = errors.data_inizio ? null : parseInstant(e.data_inizio);
  const fine = errors.data_fine ? null : parseInstant(e.data_fine);
  if (!errors.data_inizio && inizio === null) errors.data_inizio = "Data non valida";
  if (!errors.data_fine && fine === null) errors.data_fine = "Data non valida";
  if (inizio !== null && fine !== null && fine < inizio)
    errors.data_fine = "La fine dell'evento non può precedere l'inizio";
  if (!Number.isInteger(e.soglia_attenzione) || e.soglia_attenzione < 1 || e.soglia_attenzione > 100)
    errors.soglia_attenzione = "Inserisci una percentuale tra 1 e 100";
  if (!Number.isInteger(e.soglia_massima) || e.soglia_massima < 1 || e.soglia_massima > 100)
    errors.soglia_massima = "Inserisci una percentuale tra 1 e 100";
  if (!errors.soglia_attenzione && !errors.soglia_massima && e.soglia_attenzione > e.soglia_massima)
    errors.soglia_attenzione = "La soglia di attenzione non può superare quella massima";
  return errors;
}

export interface UtenteCmsFields {
  first_name: string;
  last_name: string;
  cellulare: string;
  email: string;
  tipologia_id: string;
  utente_erp: number | null;
}

/**
 * SPEC §5 CMS user: first_name, last_name, cellulare required unless an ERP operator is linked
 * (then they come from the operator); tipologia always; email and password optional.
 */
export function validateUtenteCms(u: UtenteCmsFields): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!u.tipologia_id) errors.tipologia = OBBLIGATORIO;
  if (u.utente_erp === null) {
    for (const f of ["first_name", "last_name", "cellulare"] as const) if (!u[f].trim()) errors[f] = OBBLIGATORIO;
  }
  if (u.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(u.email)) errors.email = "Indirizzo email non valido";
  return errors;
}

/** Whether `now` is inside the counting window of an event [inizio, fine] (epoch ms). */
export function finestraAperta(inizio: number, fine: number, now: number): boolean {
  return now >= inizio - FINESTRA_CONTEGGIO.primaMs && now <= fine + FINESTRA_CONTEGGIO.dopoMs;
}

/** When the counting window closes (the counting app's token expires then). */
export function fineFinestra(fine: number): number {
  return fine + FINESTRA_CONTEGGIO.dopoMs;
}

export type Livello = "normale" | "attenzione" | "massimo";

/** The occupancy's level: at or over the maximum threshold, at or over the warning one, or normal. */
export function livello(presenti: number, capienza: number, soglie: { attenzione: number; massima: number }): Livello {
  if (capienza <= 0) return "normale";
  const pct = (presenti * 100) / capienza;
  if (pct >= soglie.massima) return "massimo";
  if (pct >= soglie.attenzione) return "attenzione";
  return "normale";
}

/** SPEC §4: events grouped by their dates against now. */
export type Periodo = "passati" | "in-corso" | "futuri";
export const PERIODI: readonly Periodo[] = ["passati", "in-corso", "futuri"];

export function periodoDi(inizio: number, fine: number, now: number): Periodo {
  if (fine < now) return "passati";
  if (inizio > now) return "futuri";
  return "in-corso";
}

/**
 * Minutes until the capacity is reached at the current rate (people per minute, net); null when
 * the occupancy is not growing, 0 when already full.
 */
export function minutiAlPieno(presenti: number, capienza: number, perMinuto: number): number | null {
  if (capienza <= 0) return null;
  if (presenti >= capienza) return 0;
  if (perMinuto <= 0) return null;
  return Math.ceil((capienza - presenti) / perMinuto);
}

/**
 * A steward's access code is a credential (issue 30 item 4): whole only to cms_admin (and
 * superadmin); to every other reader of the CMS its last two characters, to tell two apart. Never
 * in exports or in the global search (src/domain/contracts/cms/utenti.ts).
 */
export const CODICE_ACCESSO_VISIBILE_A: readonly string[] = ["superadmin", "cms_admin"];

export function codiceAccessoVisto(codice: string, permissions: readonly string[] | null | undefined): string {
  if (permissions?.some((p) => CODICE_ACCESSO_VISIBILE_A.includes(p))) return codice;
  return `••••••${codice.slice(-2)}`;
}
