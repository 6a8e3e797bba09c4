/**
 * The contract of SPEC §3 and its save rules (SPEC §5), shared by the SPA form and the server (the
 * API's shapes are src/domain/contracts/pianificazione/contratti.ts).
 */

/** The kinds of a client contract: the form's options, the server's validation and the demo data. */
export const TIPI_CONTRATTO = ["Giornaliero", "Settimanale", "Mensile", "Annuale", "A evento"] as const;
export type TipoContrattoCliente = (typeof TIPI_CONTRATTO)[number];

/** Text fields of a contract: an empty string is saved as null. */
export const CONTRATTO_TEXT_FIELDS = [
  "tipo_contratto",
  "numero_contratto",
  "tipo_servizio",
  "sede",
  "agente",
  "subagente",
  "responsabile",
  "responsabile_zona",
  "azienda_app",
  "azienda_ese",
  "annotazioni",
] as const;

/** Defaults of a new contract (SPEC §3). */
export const CONTRATTO_DEFAULTS = {
  tipo_contratto: "Giornaliero",
  attivo: true,
  allarme: false,
  notifica: false,
  notifica_allarme: null,
  sono_vigile: "0",
  /** The anomalies' thresholds (Console): minutes without a check-in after the start / check-out after the end, metres from the site. */
  anomalie_minuti: 15,
  anomalie_distanza_m: 300,
} as const;

/** Italian labels of the fields, for the change log and the form. */
export const CONTRATTO_LABELS: Record<string, string> = {
  titolo: "Titolo",
  cliente_id: "Cliente",
  tipo_contratto: "Tipo contratto",
  numero_contratto: "Numero contratto",
  tipo_servizio: "Tipo servizio",
  sede: "Sede",
  agente: "Agente",
  subagente: "Subagente",
  responsabile: "Responsabile",
  responsabile_zona: "Responsabile di zona",
  azienda_app: "Azienda appaltatrice",
  azienda_ese: "Azienda esecutrice",
  annotazioni: "Annotazioni",
  attivo: "Attivo",
  data_disattivazione: "Data disattivazione",
  allarme: "Allarme",
  notifica: "Notifica",
  notifica_allarme: "Notifica allarme",
  sono_vigile: "Sono vigile",
  anomalie_minuti: "Anomalie: minuti senza timbratura",
  anomalie_distanza_m: "Anomalie: distanza massima (m)",
};

/** SPEC §5: the notifica_allarme select's string ('true' / 'false' / '') → true / false / null. */
export function toTriState(value: unknown): boolean | null {
  if (value === true || value === "true" || value === "1" || value === 1) return true;
  if (value === false || value === "false" || value === "0" || value === 0) return false;
  return null;
}

/** SPEC §5 contract save: empty strings become null, notifica_allarme becomes true/false/null. */
export function normalizeContrattoForSave<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = v === "" ? null : v;
  if ("notifica_allarme" in values) out.notifica_allarme = toTriState(values.notifica_allarme);
  return out as T;
}
