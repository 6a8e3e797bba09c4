/**
 * Candidates (anagrafiche/candidati) and the public application form: the status pipeline,
 * Italian labels and the validation shared by the SPA and the server (the API's shapes are
 * src/domain/contracts/anagrafiche/candidati.ts).
 */
import { validateEmail, validateMobile, validateProvincia } from "./contact-validators";
import type { CandidatoFields } from "./contracts/anagrafiche/candidati";
import {
  CODICE_FISCALE_NON_CORRISPONDE,
  fiscalCodeMatches,
  normalizeFiscalCode,
  validateFiscalCode,
} from "./fiscal-code";
import { parseDay } from "./shift-rules";

export const OBBLIGATORIO = "Questo campo è obbligatorio";
export const DATA_NON_VALIDA = "Data non valida";
export const ETA_MINIMA = "Per candidarti devi essere maggiorenne";
export const PRIVACY_OBBLIGATORIA = "Per inviare la candidatura devi accettare l'informativa sulla privacy";
export const STATO_ASSUNTO_SOLO_CON_ASSUMI = "Per assumere il candidato usa il pulsante «Assumi»";
export const STATO_ASSUNTO_NON_MODIFICABILE = "Il candidato è già stato assunto: lo stato non può più cambiare";

export const STATI_CANDIDATO = ["nuovo", "in_valutazione", "colloquio", "idoneo", "assunto", "scartato"] as const;
export type StatoCandidato = (typeof STATI_CANDIDATO)[number];

export const STATO_CANDIDATO_LABELS: Record<StatoCandidato, string> = {
  nuovo: "Nuovo",
  in_valutazione: "In valutazione",
  colloquio: "Colloquio",
  idoneo: "Idoneo",
  assunto: "Assunto",
  scartato: "Scartato",
};

/** Days of the week for the availability (1 = lunedì … 7 = domenica). */
export const GIORNI_SETTIMANA: Record<number, string> = {
  1: "Lunedì",
  2: "Martedì",
  3: "Mercoledì",
  4: "Giovedì",
  5: "Venerdì",
  6: "Sabato",
  7: "Domenica",
};

/** CV upload of the public form. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_TROPPO_GRANDE = "Il curriculum supera la dimensione massima di 5 MB";
export const CV_NON_PDF = "Il curriculum deve essere un file PDF";

export type FieldErrors = Record<string, string>;

/** Body of the public form POST /api/anagrafiche/candidature/ (JSON or multipart fields). */
export interface CandidaturaFields {
  nome: string;
  cognome: string;
  sesso: "M" | "F";
  data_nascita: string;
  codice_fiscale?: string;
  email: string;
  cellulare: string;
  citta: string;
  prov: string;
  posizioni: number[];
  giorni_disponibili: number[];
  turni_notturni: boolean;
  trasferte: boolean;
  messaggio?: string;
  privacy: boolean;
  /** Honeypot: hidden on the page; a person leaves it empty. */
  sito_web?: string;
}

export const CANDIDATO_LABELS: Record<keyof CandidatoFields, string> = {
  nome: "Nome",
  cognome: "Cognome",
  sesso: "Sesso",
  data_nascita: "Data di nascita",
  codice_fiscale: "Codice fiscale",
  email: "E-mail",
  cellulare: "Cellulare",
  citta: "Città",
  prov: "Provincia",
  posizioni: "Posizioni desiderate",
  giorni_disponibili: "Giorni disponibili",
  turni_notturni: "Turni notturni",
  trasferte: "Trasferte",
  stato: "Stato",
  valutazione: "Valutazione",
  note: "Note",
};

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";
const put = (errors: FieldErrors, field: string, message: string) => {
  if (message) errors[field] = message;
};

/** Completed years between a YYYY-MM-DD birth date and today's YYYY-MM-DD. */
export function etaAl(dataNascita: string, oggi: string): number {
  const [y, m, d] = dataNascita.split("-").map(Number);
  const [ty, tm, td] = oggi.split("-").map(Number);
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

function validatePerson(values: Partial<CandidatoFields>, errors: FieldErrors, oggi?: string) {
  if (blank(values.nome)) errors.nome = OBBLIGATORIO;
  if (blank(values.cognome)) errors.cognome = OBBLIGATORIO;
  if (!blank(values.data_nascita)) {
    const d = String(values.data_nascita);
    if (parseDay(d) === null || (oggi && d > oggi)) errors.data_nascita = DATA_NON_VALIDA;
  }
  const cf = normalizeFiscalCode(values.codice_fiscale);
  put(errors, "codice_fiscale", validateFiscalCode(cf));
  if (cf && !errors.codice_fiscale && values.cognome && values.nome && values.data_nascita && !errors.data_nascita) {
    const person = {
      cognome: values.cognome,
      nome: values.nome,
      sesso: values.sesso ?? "M",
      data_nascita: values.data_nascita,
    };
    if (!fiscalCodeMatches(cf, person)) errors.codice_fiscale = CODICE_FISCALE_NON_CORRISPONDE;
  }
  put(errors, "email", validateEmail(values.email));
  put(errors, "cellulare", validateMobile(values.cellulare));
  put(errors, "prov", validateProvincia(values.prov));
  if (values.giorni_disponibili?.some((g) => !Number.isInteger(g) || g < 1 || g > 7)) {
    errors.giorni_disponibili = "Giorno della settimana non valido";
  }
}

/** Staff form (create / edit). `oggi` (YYYY-MM-DD) rejects birth dates in the future. */
export function validateCandidato(values: Partial<CandidatoFields>, oggi?: string): FieldErrors {
  const errors: FieldErrors = {};
  validatePerson(values, errors, oggi);
  if (values.valutazione !== null && values.valutazione !== undefined) {
    if (!Number.isInteger(values.valutazione) || values.valutazione < 1 || values.valutazione > 5) {
      errors.valutazione = "La valutazione va da 1 a 5";
    }
  }
  return errors;
}

/** Public form: personal data, contacts, at least one position and the privacy acceptance are required. */
export function validateCandidatura(values: Partial<CandidaturaFields>, oggi?: string): FieldErrors {
  const errors: FieldErrors = {};
  validatePerson(values, errors, oggi);
  for (const f of ["data_nascita", "email", "cellulare", "citta", "prov"] as const) {
    if (blank(values[f])) errors[f] = OBBLIGATORIO;
  }
  if (!errors.data_nascita && oggi && values.data_nascita && etaAl(values.data_nascita, oggi) < 18) {
    errors.data_nascita = ETA_MINIMA;
  }
  if (!values.posizioni || values.posizioni.length === 0) errors.posizioni = "Scegli almeno una posizione";
  if (values.privacy !== true) errors.privacy = PRIVACY_OBBLIGATORIA;
  return errors;
}

/** True when the bytes are a PDF (by content, not by name). */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= 5 && String.fromCharCode(...bytes.subarray(0, 5)) === "%PDF-";
}
