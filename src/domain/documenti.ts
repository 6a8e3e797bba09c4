/**
 * Operator documents, licences and courses: the type codes stored in operatori_documenti.tipo and
 * operatori_corsi.tipo, their Italian labels, and the expiry status shown on the tab and reports.
 */

export interface TipoDocumento {
  code: string;
  label: string;
  /** A licence (titolo abilitativo) rather than an identity document. */
  licenza: boolean;
}

export const TIPI_DOCUMENTO: readonly TipoDocumento[] = [
  { code: "carta_identita", label: "Carta d'identità", licenza: false },
  { code: "passaporto", label: "Passaporto", licenza: false },
  { code: "patente", label: "Patente di guida", licenza: false },
  { code: "permesso_soggiorno", label: "Permesso di soggiorno", licenza: false },
  { code: "decreto_gpg", label: "Decreto di nomina a guardia particolare giurata", licenza: true },
  { code: "porto_armi", label: "Porto d'armi", licenza: true },
  { code: "tesserino_gpg", label: "Tesserino di riconoscimento GPG", licenza: true },
  { code: "attestato_steward", label: "Attestato di steward", licenza: true },
  { code: "iscrizione_elenco_fiduciari", label: "Iscrizione all'elenco dei servizi fiduciari", licenza: true },
];

export interface TipoCorso {
  code: string;
  label: string;
}

export const TIPI_CORSO: readonly TipoCorso[] = [
  { code: "formazione_generale", label: "Formazione generale sicurezza sul lavoro" },
  { code: "formazione_specifica", label: "Formazione specifica sicurezza sul lavoro" },
  { code: "antincendio", label: "Addetto antincendio" },
  { code: "primo_soccorso", label: "Addetto al primo soccorso" },
  { code: "blsd", label: "BLSD (uso del defibrillatore)" },
  { code: "tiro_poligono", label: "Esercitazione di tiro a segno" },
  { code: "aggiornamento_gpg", label: "Aggiornamento guardia particolare giurata" },
  { code: "steward", label: "Corso steward" },
  { code: "servizi_fiduciari", label: "Corso addetto ai servizi fiduciari" },
  { code: "privacy", label: "Formazione privacy (GDPR)" },
];

const DOC_BY_CODE = new Map(TIPI_DOCUMENTO.map((t) => [t.code, t]));
const CORSO_BY_CODE = new Map(TIPI_CORSO.map((t) => [t.code, t]));

export const isTipoDocumento = (code: string): boolean => DOC_BY_CODE.has(code);
export const isTipoCorso = (code: string): boolean => CORSO_BY_CODE.has(code);
export const isLicenza = (code: string): boolean => DOC_BY_CODE.get(code)?.licenza ?? false;
export const tipoDocumentoLabel = (code: string): string => DOC_BY_CODE.get(code)?.label ?? code;
export const tipoCorsoLabel = (code: string): string => CORSO_BY_CODE.get(code)?.label ?? code;

/** Days before the expiry at which a document or course counts as expiring. */
export const GIORNI_IN_SCADENZA = 30;

export type StatoScadenza = "scaduto" | "in_scadenza" | "valido";

export const STATO_SCADENZA_LABELS: Readonly<Record<StatoScadenza, string>> = {
  scaduto: "Scaduto",
  in_scadenza: "In scadenza",
  valido: "Valido",
};

/**
 * 'scaduto' when the expiry (YYYY-MM-DD) is before today, 'in_scadenza' within 30 days
 * (today included), otherwise — or without an expiry — 'valido'. `today` is YYYY-MM-DD.
 */
export function statoScadenza(dataScadenza: string | null | undefined, today: string): StatoScadenza {
  if (!dataScadenza) return "valido";
  const d = dataScadenza.slice(0, 10);
  if (d < today) return "scaduto";
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + GIORNI_IN_SCADENZA);
  return d <= limit.toISOString().slice(0, 10) ? "in_scadenza" : "valido";
}
