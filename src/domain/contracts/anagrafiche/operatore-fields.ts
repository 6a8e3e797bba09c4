/**
 * The operator's flat fields grouped by who may see and change them, with their Italian labels
 * for the change log. One place: the record, the save, the audit and the GDPR export use it.
 *
 * - BASE: what every user with erp_operatori (and planners in the quick view) sees.
 * - ANAGRAFICA: personal data (fiscal code, birth, addresses, IBAN, photos, CV…), read and written
 *   with erp_operatori_anagrafica (or an admin permission).
 * - ALTRO: the notes of the 'altro' tab (erp_operatori_altro).
 */

export const FIELD_LABELS = {
  codice: "Codice",
  cognome: "Cognome",
  nome: "Nome",
  sesso: "Sesso",
  codice_fiscale: "Codice fiscale",
  data_nascita: "Data di nascita",
  luogo_nascita: "Luogo di nascita",
  prov_nascita: "Provincia di nascita",
  cittadinanza: "Cittadinanza",
  indirizzo: "Indirizzo di residenza",
  numero: "Numero civico di residenza",
  cap: "CAP di residenza",
  citta: "Città di residenza",
  prov: "Provincia di residenza",
  d_indirizzo: "Indirizzo di domicilio",
  d_numero: "Numero civico di domicilio",
  d_cap: "CAP di domicilio",
  d_citta: "Città di domicilio",
  d_prov: "Provincia di domicilio",
  cellulare: "Cellulare",
  telefono: "Telefono",
  email: "E-mail",
  pec: "PEC",
  iban: "IBAN",
  data_iban: "Data IBAN",
  altezza: "Altezza",
  peso: "Peso",
  titolo_studio: "Titolo di studio",
  referente: "Referente",
  area_agenzia: "Area agenzia",
  area_sede: "Area sede",
  attivo: "Attivo",
  cessato: "Cessato",
  black_list: "Black list",
  data_disattivazione: "Data disattivazione",
  data_iscrizione: "Data iscrizione",
  ammortizzatori: "Ammortizzatori sociali",
  amm_note: "Note ammortizzatori",
  applicazione: "Applicazione",
  sms: "SMS",
  cod_pref: "Codice preferenza",
  cp_rilasciato_da: "Carta/permesso rilasciato da",
  cp_rilasciato_il: "Carta/permesso rilasciato il",
  cp_scadenza: "Scadenza carta/permesso",
  rating: "Valutazione",
  lat: "Latitudine",
  lng: "Longitudine",
  annotazioni: "Annotazioni",
  note: "Note",
  curriculum: "Curriculum",
  foto_busto: "Foto busto",
  foto_intera: "Foto intera",
  foto_primo_piano: "Foto primo piano",
  foto_profilo: "Foto profilo",
  posizioni: "Qualifiche",
} as const;

export type OperatoreField = Exclude<keyof typeof FIELD_LABELS, "posizioni">;

export const BASE_FIELDS = [
  "codice",
  "cognome",
  "nome",
  "sesso",
  "cellulare",
  "telefono",
  "email",
  "citta",
  "prov",
  "altezza",
  "peso",
  "referente",
  "area_agenzia",
  "area_sede",
  "attivo",
  "cessato",
  "black_list",
  "data_disattivazione",
  "applicazione",
  "sms",
  "rating",
  "foto_primo_piano",
] as const satisfies readonly OperatoreField[];

export const ALTRO_FIELDS = ["annotazioni", "note"] as const satisfies readonly OperatoreField[];

export const FILE_FIELDS = ["curriculum", "foto_busto", "foto_intera", "foto_primo_piano", "foto_profilo"] as const;

/** Every flat field the anagrafica tab writes (files are set by the upload route). */
export const ANAGRAFICA_WRITABLE = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).filter(
  (f): f is OperatoreField =>
    f !== "posizioni" &&
    !(ALTRO_FIELDS as readonly string[]).includes(f) &&
    !(FILE_FIELDS as readonly string[]).includes(f),
);

/** Labels of the fields written to the change log (files and notes included). */
export const CHANGE_LOG_LABELS: Record<string, string> = { ...FIELD_LABELS };
