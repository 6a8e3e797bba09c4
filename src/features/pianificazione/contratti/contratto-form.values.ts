/**
 * The contract form's values and the save body (SPEC §3 defaults, SPEC §5 save rules): text fields
 * are strings in the form; saving sends empty strings as null and notifica_allarme as
 * true/false/null (the select holds 'true' / 'false' / '').
 */
import type { Contratto, ContrattoInput } from "../../../api/pianificazione/contratti.endpoints";
import { CONTRATTO_DEFAULTS, CONTRATTO_TEXT_FIELDS, normalizeContrattoForSave } from "../../../domain/contratto";

export type ContrattoFormValues = Record<(typeof CONTRATTO_TEXT_FIELDS)[number], string> & {
  titolo: string;
  cliente: string;
  attivo: boolean;
  data_disattivazione: string;
  allarme: boolean;
  notifica: boolean;
  notifica_allarme: "" | "true" | "false";
  sono_vigile: string;
  anomalie_minuti: string;
  anomalie_distanza_m: string;
};

export function contrattoFormValues(c?: Contratto | null): ContrattoFormValues {
  const text = Object.fromEntries(CONTRATTO_TEXT_FIELDS.map((k) => [k, c?.[k] ?? ""])) as Record<
    (typeof CONTRATTO_TEXT_FIELDS)[number],
    string
  >;
  const tri = c?.notifica_allarme ?? CONTRATTO_DEFAULTS.notifica_allarme;
  return {
    ...text,
    tipo_contratto: c?.tipo_contratto ?? CONTRATTO_DEFAULTS.tipo_contratto,
    titolo: c?.titolo ?? "",
    cliente: c?.cliente ? String(c.cliente.id) : "",
    attivo: c?.attivo ?? CONTRATTO_DEFAULTS.attivo,
    data_disattivazione: c?.data_disattivazione ?? "",
    allarme: c?.allarme ?? CONTRATTO_DEFAULTS.allarme,
    notifica: c?.notifica ?? CONTRATTO_DEFAULTS.notifica,
    notifica_allarme: tri === null ? "" : tri ? "true" : "false",
    sono_vigile: c?.sono_vigile ?? CONTRATTO_DEFAULTS.sono_vigile,
    anomalie_minuti: String(c?.anomalie_minuti ?? CONTRATTO_DEFAULTS.anomalie_minuti),
    anomalie_distanza_m: String(c?.anomalie_distanza_m ?? CONTRATTO_DEFAULTS.anomalie_distanza_m),
  };
}

export function contrattoPayload(values: ContrattoFormValues): ContrattoInput {
  // final-form drops a field emptied by the user (its value becomes undefined): every field of the
  // form is sent, an empty one as null.
  const full: Record<string, unknown> = {};
  for (const k of Object.keys(contrattoFormValues())) full[k] = values[k as keyof ContrattoFormValues] ?? "";
  const body = normalizeContrattoForSave(full);
  body.cliente = values.cliente ? Number(values.cliente) : null;
  return body as unknown as ContrattoInput;
}
