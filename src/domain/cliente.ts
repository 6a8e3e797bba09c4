/**
 * Clients (anagrafiche/clienti): Italian labels and the validation shared by the SPA form and the
 * server (the API's shapes are src/domain/contracts/anagrafiche/clienti.ts). Validators answer
 * `{field: message}` (empty object = valid).
 */

import { validateCap, validateEmail, validatePhone, validateProvincia } from "./contact-validators";
import type { ClienteFields, ContattoFields, SedeFields } from "./contracts/anagrafiche/clienti";
import { CODICE_FISCALE_NON_VALIDO, normalizeFiscalCode, validateFiscalCode } from "./fiscal-code";
import { isPartitaIvaValida, normalizePartitaIva, validatePartitaIva } from "./partita-iva";

export const OBBLIGATORIO = "Questo campo è obbligatorio";
export const SDI_NON_VALIDO = "Codice SDI non valido: 7 caratteri (6 per la Pubblica Amministrazione)";
export const PEC_NON_VALIDA = "Indirizzo PEC non valido";
export const COORDINATE_NON_VALIDE = "Coordinate non valide";

export type FieldErrors = Record<string, string>;

export const CLIENTE_LABELS: Record<keyof ClienteFields, string> = {
  ragione_sociale: "Ragione sociale",
  partita_iva: "Partita IVA",
  codice_fiscale: "Codice fiscale",
  codice_sdi: "Codice SDI",
  pec: "PEC",
  email: "E-mail",
  telefono: "Telefono",
  indirizzo: "Indirizzo",
  cap: "CAP",
  citta: "Città",
  prov: "Provincia",
  lat: "Latitudine",
  lng: "Longitudine",
  note: "Note",
  attivo: "Attivo",
};

export const SEDE_LABELS: Record<keyof SedeFields, string> = {
  descrizione: "Descrizione",
  indirizzo: "Indirizzo",
  cap: "CAP",
  citta: "Città",
  prov: "Provincia",
  lat: "Latitudine",
  lng: "Longitudine",
  note: "Note",
};

export const CONTATTO_LABELS: Record<keyof ContattoFields, string> = {
  nome: "Nome",
  ruolo: "Ruolo",
  telefono: "Telefono",
  email: "E-mail",
  note: "Note",
};

const blank = (v: unknown) => v === undefined || v === null || String(v).trim() === "";
const put = (errors: FieldErrors, field: string, message: string) => {
  if (message) errors[field] = message;
};

/** Codice SDI: 7 letters/digits ('0000000' when the invoice goes by PEC); 6 for public bodies. */
export function validateCodiceSdi(value: string | null | undefined): string {
  if (blank(value)) return "";
  return /^[A-Z0-9]{6,7}$/.test(String(value).trim().toUpperCase()) ? "" : SDI_NON_VALIDO;
}

/** A company's codice fiscale: 11 digits (same check digit as the partita IVA) or a person's 16 characters. */
export function validateCodiceFiscaleCliente(value: string | null | undefined): string {
  if (blank(value)) return "";
  const v = normalizeFiscalCode(value);
  if (/^\d{11}$/.test(v)) return isPartitaIvaValida(v) ? "" : CODICE_FISCALE_NON_VALIDO;
  return validateFiscalCode(v);
}

export function validatePec(value: string | null | undefined): string {
  return validateEmail(value) ? PEC_NON_VALIDA : "";
}

function validateCoordinates(values: { lat?: unknown; lng?: unknown }, errors: FieldErrors) {
  const lat = values.lat;
  const lng = values.lng;
  if (!blank(lat) && !(Number.isFinite(Number(lat)) && Math.abs(Number(lat)) <= 90)) errors.lat = COORDINATE_NON_VALIDE;
  if (!blank(lng) && !(Number.isFinite(Number(lng)) && Math.abs(Number(lng)) <= 180))
    errors.lng = COORDINATE_NON_VALIDE;
}

function validateAddress(values: Partial<Record<"cap" | "prov", string | null>>, errors: FieldErrors) {
  put(errors, "cap", validateCap(values.cap));
  put(errors, "prov", validateProvincia(values.prov));
}

export function validateCliente(values: Partial<ClienteFields>): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.ragione_sociale)) errors.ragione_sociale = OBBLIGATORIO;
  put(errors, "partita_iva", validatePartitaIva(values.partita_iva));
  put(errors, "codice_fiscale", validateCodiceFiscaleCliente(values.codice_fiscale));
  put(errors, "codice_sdi", validateCodiceSdi(values.codice_sdi));
  put(errors, "pec", validatePec(values.pec));
  put(errors, "email", validateEmail(values.email));
  put(errors, "telefono", validatePhone(values.telefono));
  validateAddress(values, errors);
  validateCoordinates(values, errors);
  return errors;
}

export function validateSede(values: Partial<SedeFields>): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.descrizione)) errors.descrizione = OBBLIGATORIO;
  validateAddress(values, errors);
  validateCoordinates(values, errors);
  return errors;
}

export function validateContatto(values: Partial<ContattoFields>): FieldErrors {
  const errors: FieldErrors = {};
  if (blank(values.nome)) errors.nome = OBBLIGATORIO;
  put(errors, "telefono", validatePhone(values.telefono));
  put(errors, "email", validateEmail(values.email));
  return errors;
}

/** Canonical stored form: trimmed; partita IVA without 'IT'/spaces; CF, SDI, province upper-cased. */
export function normalizeCliente<T extends Partial<ClienteFields>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const [k, v] of Object.entries(out)) if (typeof v === "string") out[k] = v.trim();
  if (typeof out.partita_iva === "string") out.partita_iva = normalizePartitaIva(out.partita_iva);
  if (typeof out.codice_fiscale === "string") out.codice_fiscale = normalizeFiscalCode(out.codice_fiscale);
  if (typeof out.codice_sdi === "string") out.codice_sdi = out.codice_sdi.toUpperCase();
  if (typeof out.prov === "string") out.prov = out.prov.toUpperCase();
  if (typeof out.pec === "string") out.pec = out.pec.toLowerCase();
  if (typeof out.email === "string") out.email = out.email.toLowerCase();
  return out as T;
}
