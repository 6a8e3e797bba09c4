/**
 * The public application form's values → validation (src/domain/candidato.ts, the server's rule)
 * and the multipart body of POST /api/anagrafiche/candidature/.
 */
import {
  type CandidaturaFields,
  CV_MAX_BYTES,
  CV_NON_PDF,
  CV_TROPPO_GRANDE,
  validateCandidatura,
} from "../../../domain/candidato";
import { toApiDate } from "../../../domain/format";

export interface CandidaturaValues {
  nome?: string;
  cognome?: string;
  sesso?: "M" | "F";
  data_nascita?: string;
  codice_fiscale?: string;
  email?: string;
  cellulare?: string;
  citta?: string;
  prov?: string;
  posizioni?: string[];
  giorni_disponibili?: string[];
  turni_notturni?: boolean;
  trasferte?: boolean;
  messaggio?: string;
  privacy?: boolean;
  sito_web?: string;
  cv?: File | null;
}

/** Client-side check of the CV (the server checks the content): PDF by type or name, ≤ 5 MB. */
export function validateCv(file: File | null | undefined): string | undefined {
  if (!file) return undefined;
  const isPdf = file.type === "application/pdf" || /\.pdf$/i.test(file.name);
  if (!isPdf) return CV_NON_PDF;
  if (file.size > CV_MAX_BYTES) return CV_TROPPO_GRANDE;
  return undefined;
}

export function toFields(v: CandidaturaValues): Partial<CandidaturaFields> {
  return {
    nome: v.nome?.trim() ?? "",
    cognome: v.cognome?.trim() ?? "",
    sesso: v.sesso ?? "M",
    data_nascita: v.data_nascita ?? "",
    codice_fiscale: v.codice_fiscale?.trim() ?? "",
    email: v.email?.trim() ?? "",
    cellulare: v.cellulare?.trim() ?? "",
    citta: v.citta?.trim() ?? "",
    prov: v.prov ?? "",
    posizioni: (v.posizioni ?? []).map(Number),
    giorni_disponibili: (v.giorni_disponibili ?? []).map(Number),
    turni_notturni: Boolean(v.turni_notturni),
    trasferte: Boolean(v.trasferte),
    messaggio: v.messaggio?.trim() ?? "",
    privacy: v.privacy === true,
    sito_web: v.sito_web ?? "",
  };
}

export function validateCandidaturaForm(v: CandidaturaValues, today = toApiDate(new Date())): Record<string, string> {
  const errors = validateCandidatura(toFields(v), today);
  const cv = validateCv(v.cv);
  if (cv) errors.cv = cv;
  return errors;
}

export function toFormData(v: CandidaturaValues): FormData {
  const f = toFields(v);
  const body = new FormData();
  for (const [key, value] of Object.entries(f)) {
    if (Array.isArray(value)) for (const item of value) body.append(key, String(item));
    else if (typeof value === "boolean") body.append(key, value ? "true" : "false");
    else if (value !== undefined && value !== null) body.append(key, String(value));
  }
  if (v.cv) body.append("cv", v.cv, v.cv.name);
  return body;
}
