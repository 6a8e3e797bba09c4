/**
 * Contact fields (e-mail, phone, CAP, province code): each validator answers '' when the value is
 * empty or valid, otherwise the Italian message shown under the field.
 */
import { isProvinciaSigla } from "./province";

export const EMAIL_NON_VALIDA = "Indirizzo e-mail non valido";
export const TELEFONO_NON_VALIDO = "Numero di telefono non valido";
export const CELLULARE_NON_VALIDO = "Numero di cellulare non valido";
export const CAP_NON_VALIDO = "CAP non valido";
export const PROVINCIA_NON_VALIDA = "Sigla di provincia non valida";

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

const blank = (v: string | null | undefined) => (v ?? "").trim() === "";

export function validateEmail(value: string | null | undefined): string {
  if (blank(value)) return "";
  const v = (value ?? "").trim();
  return v.length <= 254 && EMAIL.test(v) && !v.includes("..") ? "" : EMAIL_NON_VALIDA;
}

export interface PhoneParts {
  /** '39' for Italy, else the foreign prefix digits with the national number. */
  italian: boolean;
  digits: string;
}

/** Spaces, dots, dashes, slashes and parentheses removed; '+39'/'0039' split off. */
export function parsePhone(value: string): PhoneParts | null {
  const v = value.trim().replace(/[\s./()-]/g, "");
  let m = /^(?:\+|00)39(\d+)$/.exec(v);
  if (m) return { italian: true, digits: m[1] };
  m = /^(?:\+|00)(\d+)$/.exec(v);
  if (m) return { italian: false, digits: m[1] };
  return /^\d+$/.test(v) ? { italian: true, digits: v } : null;
}

/** Italian landline (0…) or mobile (3…), 6–13 digits, '+39' optional; foreign numbers with '+'. */
export function validatePhone(value: string | null | undefined): string {
  if (blank(value)) return "";
  const p = parsePhone(value ?? "");
  if (!p) return TELEFONO_NON_VALIDO;
  if (!p.italian) return /^\d{7,15}$/.test(p.digits) ? "" : TELEFONO_NON_VALIDO;
  return /^[03]\d{5,12}$/.test(p.digits) ? "" : TELEFONO_NON_VALIDO;
}

/** Italian mobile: 3xx followed by 6–7 digits ('+39' optional); foreign mobiles with '+'. */
export function validateMobile(value: string | null | undefined): string {
  if (blank(value)) return "";
  const p = parsePhone(value ?? "");
  if (!p) return CELLULARE_NON_VALIDO;
  if (!p.italian) return /^\d{7,15}$/.test(p.digits) ? "" : CELLULARE_NON_VALIDO;
  return /^3\d{8,9}$/.test(p.digits) ? "" : CELLULARE_NON_VALIDO;
}

export function validateCap(value: string | null | undefined): string {
  if (blank(value)) return "";
  return /^\d{5}$/.test((value ?? "").trim()) ? "" : CAP_NON_VALIDO;
}

/** A current Italian province sigla ('EE' is accepted for a foreign address). */
export function validateProvincia(value: string | null | undefined): string {
  if (blank(value)) return "";
  const v = (value ?? "").trim().toUpperCase();
  return v === "EE" || isProvinciaSigla(v) ? "" : PROVINCIA_NON_VALIDA;
}
