/**
 * The operator (security guard) record: the ONE validation used by both the react-final-form
 * screens and the server (400 with the same `errors`). The API's shapes are the contract
 * src/domain/contracts/anagrafiche/operatori.ts.
 * Every validator answers `{field: message}`; an empty object means valid.
 */
import { validateCap, validateEmail, validateMobile, validatePhone, validateProvincia } from "./contact-validators";
import { isTipoCorso, isTipoDocumento } from "./documenti";
import { CODICE_FISCALE_NON_CORRISPONDE, fiscalCodeMatches, validateFiscalCode } from "./fiscal-code";
import { validateIban } from "./iban";
import { parseInstant } from "./instant";
import { parseDay } from "./shift-rules";

export const CAMPO_OBBLIGATORIO = "Questo campo è obbligatorio";
export const DATA_NON_VALIDA = "Data non valida";
export const VALORE_NON_VALIDO = "Valore non valido";

export type FieldErrors = Record<string, string>;

/** Photo and CV fields: file ids (uuid) of uploads, answered with their URL. */
export const OPERATORE_FILE_FIELDS = [
  "curriculum",
  "foto_busto",
  "foto_intera",
  "foto_primo_piano",
  "foto_profilo",
] as const;
export type OperatoreFileField = (typeof OPERATORE_FILE_FIELDS)[number];

export const TIPI_CONTRATTO = [
  { code: "indeterminato", label: "Tempo indeterminato" },
  { code: "determinato", label: "Tempo determinato" },
  { code: "intermittente", label: "Intermittente (a chiamata)" },
  { code: "apprendistato", label: "Apprendistato" },
  { code: "somministrazione", label: "Somministrazione" },
] as const;
export type TipoContratto = (typeof TIPI_CONTRATTO)[number]["code"];

export const STATI_PRATICA = [
  { code: "aperta", label: "Aperta" },
  { code: "in_corso", label: "In corso" },
  { code: "sospesa", label: "Sospesa" },
  { code: "chiusa", label: "Chiusa" },
] as const;

export const TIPI_PRATICA = [
  { code: "assunzione", label: "Assunzione" },
  { code: "dimissioni", label: "Dimissioni" },
  { code: "disciplinare", label: "Procedimento disciplinare" },
  { code: "infortunio", label: "Infortunio" },
  { code: "malattia", label: "Malattia" },
  { code: "maternita", label: "Maternità / paternità" },
  { code: "rinnovo_decreto", label: "Rinnovo decreto GPG" },
  { code: "altro", label: "Altro" },
] as const;

export const GIORNI_SETTIMANA = ["Lunedì", "Martedì", "Mercoledì", "Giovedì", "Venerdì", "Sabato", "Domenica"] as const;

// ---------------------------------------------------------------- validation helpers

type Values = Record<string, unknown>;

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v)).trim();
const isBlank = (v: unknown) => str(v) === "";

/** 'YYYY-MM-DD' of a real calendar day. */
export function isIsoDate(value: unknown): boolean {
  return parseDay(str(value)) !== null;
}

function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

function requireFields(values: Values, fields: readonly string[], errors: FieldErrors) {
  for (const f of fields) if (isBlank(values[f])) errors[f] = CAMPO_OBBLIGATORIO;
}

function checkDates(values: Values, fields: readonly string[], errors: FieldErrors) {
  for (const f of fields) if (!errors[f] && !isBlank(values[f]) && !isIsoDate(values[f])) errors[f] = DATA_NON_VALIDA;
}

/** `to` must not be before `from` (both optional); the error goes on `to`. */
function checkOrder(values: Values, from: string, to: string, message: string, errors: FieldErrors) {
  if (errors[from] || errors[to] || isBlank(values[from]) || isBlank(values[to])) return;
  if (str(values[to]) < str(values[from])) errors[to] = message;
}

function checkIntRange(values: Values, field: string, min: number, max: number, message: string, errors: FieldErrors) {
  const v = values[field];
  if (isBlank(v)) return;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) errors[field] = message;
}

function put(errors: FieldErrors, field: string, message: string) {
  if (message && !errors[field]) errors[field] = message;
}

export const OPERATORE_REQUIRED = ["cognome", "nome", "sesso", "codice_fiscale", "data_nascita"] as const;
const OPERATORE_DATES = [
  "data_nascita",
  "data_iban",
  "data_disattivazione",
  "data_iscrizione",
  "cp_rilasciato_il",
  "cp_scadenza",
] as const;

/**
 * The operator form (create and update). `today` (YYYY-MM-DD) defaults to the local date.
 * Answers `{field: message}`; the server refuses the save with the same errors.
 */
export function validateOperatore(values: Values, today: string = todayIso()): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, OPERATORE_REQUIRED, errors);
  if (!errors.sesso && !["M", "F"].includes(str(values.sesso))) errors.sesso = VALORE_NON_VALIDO;
  checkDates(values, OPERATORE_DATES, errors);
  if (!errors.data_nascita && !isBlank(values.data_nascita)) {
    const d = str(values.data_nascita);
    if (d > today) errors.data_nascita = "La data di nascita non può essere nel futuro";
    else if (d < "1900-01-01") errors.data_nascita = DATA_NON_VALIDA;
  }
  checkOrder(values, "cp_rilasciato_il", "cp_scadenza", "La scadenza non può precedere il rilascio", errors);

  put(errors, "codice_fiscale", validateFiscalCode(str(values.codice_fiscale)));
  if (!errors.codice_fiscale && !errors.cognome && !errors.nome && !errors.sesso && !errors.data_nascita) {
    const matches = fiscalCodeMatches(str(values.codice_fiscale), {
      cognome: str(values.cognome),
      nome: str(values.nome),
      sesso: str(values.sesso),
      data_nascita: str(values.data_nascita),
    });
    if (!matches) errors.codice_fiscale = CODICE_FISCALE_NON_CORRISPONDE;
  }

  put(errors, "email", validateEmail(str(values.email)));
  put(errors, "pec", validateEmail(str(values.pec)));
  put(errors, "cellulare", validateMobile(str(values.cellulare)));
  put(errors, "telefono", validatePhone(str(values.telefono)));
  put(errors, "cap", validateCap(str(values.cap)));
  put(errors, "d_cap", validateCap(str(values.d_cap)));
  for (const f of ["prov", "d_prov", "prov_nascita"]) put(errors, f, validateProvincia(str(values[f])));
  put(errors, "iban", validateIban(str(values.iban)));
  checkIntRange(values, "altezza", 100, 250, "Altezza non valida (da 100 a 250 cm)", errors);
  checkIntRange(values, "peso", 30, 250, "Peso non valido (da 30 a 250 kg)", errors);
  checkIntRange(values, "rating", 1, 5, VALORE_NON_VALIDO, errors);
  for (const f of ["cognome", "nome", "codice"]) {
    if (!errors[f] && str(values[f]).length > 100) errors[f] = "Testo troppo lungo (massimo 100 caratteri)";
  }
  return errors;
}

// ---------------------------------------------------------------- tab validators

export function validateDocumento(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, ["tipo"], errors);
  if (!errors.tipo && !isTipoDocumento(str(values.tipo))) errors.tipo = VALORE_NON_VALIDO;
  checkDates(values, ["data_rilascio", "data_scadenza"], errors);
  checkOrder(values, "data_rilascio", "data_scadenza", "La scadenza non può precedere il rilascio", errors);
  return errors;
}

export function validateCorso(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, ["tipo", "data_conseguimento"], errors);
  if (!errors.tipo && !isTipoCorso(str(values.tipo))) errors.tipo = VALORE_NON_VALIDO;
  checkDates(values, ["data_conseguimento", "data_scadenza"], errors);
  checkOrder(values, "data_conseguimento", "data_scadenza", "La scadenza non può precedere il conseguimento", errors);
  return errors;
}

export function validateContratto(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, ["tipo", "data_inizio"], errors);
  if (!errors.tipo && !TIPI_CONTRATTO.some((t) => t.code === str(values.tipo))) errors.tipo = VALORE_NON_VALIDO;
  checkDates(values, ["data_inizio", "data_fine"], errors);
  checkOrder(values, "data_inizio", "data_fine", "La fine non può precedere l'inizio", errors);
  if (!errors.data_fine && str(values.tipo) === "determinato" && isBlank(values.data_fine)) {
    errors.data_fine = "Un contratto a tempo determinato ha una data di fine";
  }
  const ore = values.ore_settimanali;
  if (!isBlank(ore)) {
    const n = Number(ore);
    if (!Number.isFinite(n) || n < 0 || n > 60) errors.ore_settimanali = "Ore settimanali non valide (da 0 a 60)";
  }
  return errors;
}

export function validatePratica(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, ["tipo", "stato", "data_apertura"], errors);
  if (!errors.tipo && !TIPI_PRATICA.some((t) => t.code === str(values.tipo))) errors.tipo = VALORE_NON_VALIDO;
  if (!errors.stato && !STATI_PRATICA.some((t) => t.code === str(values.stato))) errors.stato = VALORE_NON_VALIDO;
  checkDates(values, ["data_apertura", "data_chiusura"], errors);
  checkOrder(values, "data_apertura", "data_chiusura", "La chiusura non può precedere l'apertura", errors);
  return errors;
}

export function validateCompenso(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, ["descrizione", "importo"], errors);
  if (!errors.importo) {
    const n = Number(values.importo);
    if (!Number.isFinite(n) || n < 0) errors.importo = "Importo non valido";
  }
  checkDates(values, ["dal", "al"], errors);
  checkOrder(values, "dal", "al", "La fine non può precedere l'inizio", errors);
  return errors;
}

/**
 * An unavailability period: 'dal' and 'al' are instants, Rome wall-clock times or whole days (see
 * instant.ts: a day alone is 'dal' from its start, 'al' to its end); 'al' comes after 'dal'.
 */
export function validateIndisponibilita(values: Values): FieldErrors {
  const errors: FieldErrors = {};
  requireFields(values, ["dal", "al"], errors);
  const dal = errors.dal ? null : parseInstant(str(values.dal), "start");
  const al = errors.al ? null : parseInstant(str(values.al), "end");
  if (!errors.dal && dal === null) errors.dal = DATA_NON_VALIDA;
  if (!errors.al && al === null) errors.al = DATA_NON_VALIDA;
  if (dal !== null && al !== null && al <= dal) errors.al = "La fine deve essere successiva all'inizio";
  return errors;
}
