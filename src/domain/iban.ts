/**
 * IBAN check (ISO 13616): country code, two check digits, the BBAN; length by country; mod 97 = 1.
 * Italian IBANs are 27 characters: IT kk CIN(letter) ABI(5 digits) CAB(5 digits) conto(12).
 */

export const IBAN_NON_VALIDO = "IBAN non valido";

/** IBAN length by country (SEPA and the countries our staff meet most). */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Upper-cased, spaces removed. */
export function normalizeIban(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, "").toUpperCase();
}

/** The remainder of the IBAN (rearranged, letters as numbers) modulo 97. */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const c of rearranged) {
    const v = c >= "A" ? String(c.charCodeAt(0) - 55) : c;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

export function isValidIban(value: string | null | undefined): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length) return false;
  if ((iban.startsWith("IT") || iban.startsWith("SM")) && !/^[A-Z]{2}\d{2}[A-Z]\d{10}[A-Z0-9]{12}$/.test(iban)) {
    return false;
  }
  return ibanMod97(iban) === 1;
}

/** Empty → '', else '' when valid or the error message. */
export function validateIban(value: string | null | undefined): string {
  if (!normalizeIban(value)) return "";
  return isValidIban(value) ? "" : IBAN_NON_VALIDO;
}

/** Groups of four for display: 'IT60 X054 2811 1010 0000 0123 456'. */
export function formatIban(value: string | null | undefined): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, "$1 ");
}
