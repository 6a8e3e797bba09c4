/** What the CMS's resources share: the audit's content types, messages, labels. */

export const CONTENT_TYPES = {
  evento: "cms_evento",
  varco: "cms_varco",
  dispositivo: "cms_dispositivo",
  utente: "cms_utente",
} as const;

export const EVENTO_NON_TROVATO = "Evento non trovato";
export const UTENTE_NON_TROVATO = "Utente non trovato";

export const EVENTO_LABELS: Record<string, string> = {
  titolo: "Titolo",
  descrizione: "Descrizione",
  indirizzo: "Indirizzo",
  citta: "Città",
  prov: "Provincia",
  data_inizio: "Inizio",
  data_fine: "Fine",
  contatore: "Contatore su app",
  abilitato: "Abilitato",
  soglia_attenzione: "Soglia di attenzione (%)",
  soglia_massima: "Soglia massima (%)",
  visualizzatori: "Visualizzatori",
  addetti: "Addetti al conteggio",
};

export const VARCO_LABELS: Record<string, string> = { nome: "Nome", capienza: "Capienza", direzione: "Direzione" };
export const DISPOSITIVO_LABELS: Record<string, string> = {
  codice: "Codice dispositivo",
  descrizione: "Descrizione",
  varco_id: "Varco",
};

export const UTENTE_LABELS: Record<string, string> = {
  first_name: "Nome",
  last_name: "Cognome",
  tipologia_id: "Tipologia",
  email: "Email",
  cellulare: "Cellulare",
  attivo: "Attivo",
  operatore_id: "Operatore ERP",
  password: "Password",
};

/** A body merged onto the stored values: a field absent keeps its value, null clears text. */
export function merge<T extends object>(before: T, data: Record<string, unknown>): T {
  const out = { ...before } as Record<string, unknown>;
  for (const [k, v] of Object.entries(data)) {
    if (!(k in out) || v === undefined) continue;
    out[k] = v === null && typeof out[k] === "string" ? "" : v;
  }
  return out as T;
}

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
}
