/**
 * Italian codice fiscale of a person (SPEC §5), shared by the SPA form and the server.
 *
 *   RSS MRA 85 M 01 H501 Q
 *   cognome nome anno mese giorno(+40 donne) comune controllo
 *
 * Omocodia: when two people would get the same code, the digits at positions 7, 8, 10, 11, 13,
 * 14, 15 (1-based) are replaced, right to left, by the letters L M N P Q R S T U V (0…9); such
 * codes are valid and match the same person.
 */

export const CODICE_FISCALE_NON_VALIDO = "Codice fiscale non valido";
export const CODICE_FISCALE_NON_CORRISPONDE =
  "Il codice fiscale non corrisponde a cognome, nome, sesso e data di nascita";

const MONTHS = "ABCDEHLMPRST";
const OMOCODIA = "LMNPQRSTUV";
/** 0-based indexes of the digits that omocodia may replace. */
const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;
/** Values of the characters in odd positions (1st, 3rd, …): 0/A … 9/J, then K … Z. */
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** Upper-cased, spaces removed. */
export function normalizeFiscalCode(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, "").toUpperCase();
}

function charIndex(c: string): number {
  const code = c.charCodeAt(0);
  return code >= 48 && code <= 57 ? code - 48 : code - 65;
}

/** The check letter of the first 15 characters (upper-case letters and digits). */
export function fiscalCodeCheckLetter(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const v = charIndex(first15[i]);
    sum += i % 2 === 0 ? ODD_VALUES[v] : v;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/**
 * SPEC §5: empty gives an empty result; the code is upper-cased; exactly 16 letters or digits;
 * the check letter equals the weighted odd/even sum modulo 26. Answers '' or the error message.
 */
export function validateFiscalCode(value: string | null | undefined): string {
  const cf = (value ?? "").toUpperCase();
  if (cf === "") return "";
  if (!/^[A-Z0-9]{16}$/.test(cf)) return CODICE_FISCALE_NON_VALIDO;
  return fiscalCodeCheckLetter(cf) === cf[15] ? "" : CODICE_FISCALE_NON_VALIDO;
}

export function isValidFiscalCode(value: string | null | undefined): boolean {
  const cf = normalizeFiscalCode(value);
  return cf !== "" && validateFiscalCode(cf) === "";
}

/** Turns the omocodia letters back into digits (positions 7, 8, 10, 11, 13, 14, 15). */
export function decodeOmocodia(cf: string): string {
  const chars = normalizeFiscalCode(cf).split("");
  for (const i of OMOCODIA_POSITIONS) {
    const k = chars[i] ? OMOCODIA.indexOf(chars[i]) : -1;
    if (k >= 0) chars[i] = String(k);
  }
  return chars.join("");
}

/** Letters only, accents folded: "D'Alò" → "DALO". */
function lettersOf(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z]/g, "");
}

const isVowel = (c: string) => "AEIOU".includes(c);

function threeLetters(consonants: string[], vowels: string[]): string {
  return `${consonants.join("")}${vowels.join("")}XXX`.slice(0, 3);
}

/** The three letters of the surname: consonants, then vowels, then X. */
export function surnameCode(cognome: string): string {
  const l = lettersOf(cognome).split("");
  return threeLetters(
    l.filter((c) => !isVowel(c)),
    l.filter(isVowel),
  );
}

/** The three letters of the name: with 4 or more consonants the 1st, 3rd and 4th. */
export function nameCode(nome: string): string {
  const l = lettersOf(nome).split("");
  const consonants = l.filter((c) => !isVowel(c));
  if (consonants.length >= 4) return consonants[0] + consonants[2] + consonants[3];
  return threeLetters(consonants, l.filter(isVowel));
}

export interface FiscalCodePerson {
  cognome: string;
  nome: string;
  sesso: "M" | "F" | string;
  /** YYYY-MM-DD */
  data_nascita: string;
}

function parseIsoDate(value: string): { y: number; m: number; d: number } | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? "");
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  return { y, m: mo, d };
}

/** The first 11 characters (surname, name, year, month, day) of a person's code, or null. */
export function personCode(p: FiscalCodePerson): string | null {
  const date = parseIsoDate(p.data_nascita);
  if (!date || !p.cognome || !p.nome) return null;
  const day = date.d + (p.sesso === "F" ? 40 : 0);
  return (
    surnameCode(p.cognome) +
    nameCode(p.nome) +
    String(date.y % 100).padStart(2, "0") +
    MONTHS[date.m - 1] +
    String(day).padStart(2, "0")
  );
}

/**
 * The complete code for a person born in the place with the given cadastral code ('H501' Roma,
 * 'Z404' for a birth in the USA…). Used by the demo data and the tests.
 */
export function computeFiscalCode(p: FiscalCodePerson & { codice_catastale: string }): string {
  const head = personCode(p);
  if (!head || !/^[A-Z]\d{3}$/.test(p.codice_catastale)) throw new Error("Dati insufficienti per il codice fiscale");
  const first15 = head + p.codice_catastale;
  return first15 + fiscalCodeCheckLetter(first15);
}

/**
 * True when a (valid) code agrees with surname, name, sex and birth date; homocodes match too.
 * The birthplace is not checked (the list of cadastral codes is not held here).
 */
export function fiscalCodeMatches(cf: string, p: FiscalCodePerson): boolean {
  const code = normalizeFiscalCode(cf);
  if (!isValidFiscalCode(code)) return false;
  const expected = personCode(p);
  if (!expected) return false;
  return decodeOmocodia(code).slice(0, 11) === expected;
}

/** Replaces the last `n` (1–7) omocodia digits with letters, recomputing the check letter. */
export function toOmocode(cf: string, n = 1): string {
  const chars = normalizeFiscalCode(cf).slice(0, 15).split("");
  const positions = [...OMOCODIA_POSITIONS].reverse().slice(0, n);
  for (const i of positions) {
    if (/\d/.test(chars[i])) chars[i] = OMOCODIA[Number(chars[i])];
  }
  const first15 = chars.join("");
  return first15 + fiscalCodeCheckLetter(first15);
}
