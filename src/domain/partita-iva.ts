/**
 * Italian partita IVA (VAT number): 11 digits; the first 7 the taxpayer number, then the
 * 3-digit office code (001–100, 120, 121, 888, 999), then a Luhn check digit.
 * The same algorithm checks the 11-digit codice fiscale of companies (which often equals the
 * partita IVA).
 */

export const PARTITA_IVA_NON_VALIDA = "Partita IVA non valida";

/** The Luhn check digit of the first 10 digits. */
export function partitaIvaCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error("Servono 10 cifre");
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = first10.charCodeAt(i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Removes spaces and an 'IT' prefix: 'IT 0774 3110 157' → '07743110157'. */
export function normalizePartitaIva(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase().replace(/^IT/, "");
}

/** 11 digits with the right check digit (after normalisation). Empty is not valid here. */
export function isPartitaIvaValida(value: string | null | undefined): boolean {
  if (!value) return false;
  const v = normalizePartitaIva(value);
  if (!/^\d{11}$/.test(v)) return false;
  if (v === "00000000000") return false;
  return partitaIvaCheckDigit(v.slice(0, 10)) === Number(v[10]);
}

/** Validator for forms: '' when empty or valid, else the Italian message. */
export function validatePartitaIva(value: string | null | undefined): string {
  if (!value?.trim()) return "";
  return isPartitaIvaValida(value) ? "" : PARTITA_IVA_NON_VALIDA;
}

/** A valid partita IVA from a 10-digit base (demo data, tests). */
export function withPartitaIvaCheckDigit(first10: string): string {
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}
