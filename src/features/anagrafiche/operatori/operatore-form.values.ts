/**
 * The anagrafica form's values ↔ the API record (SPEC §3 Operator full record). The form edits
 * strings and booleans; the payload sends empty strings as null for dates and numbers, the
 * qualifications as ids, and — on update — only the fields the record showed (the server refuses
 * changes to fields the user may not see).
 */
import type { OperatoreFields, OperatoreRecord } from "../../../domain/contracts/anagrafiche/operatori";

export type FormValues = Record<string, unknown>;

const TEXT_FIELDS = [
  "codice",
  "cognome",
  "nome",
  "sesso",
  "codice_fiscale",
  "luogo_nascita",
  "prov_nascita",
  "cittadinanza",
  "indirizzo",
  "numero",
  "cap",
  "citta",
  "prov",
  "d_indirizzo",
  "d_numero",
  "d_cap",
  "d_citta",
  "d_prov",
  "cellulare",
  "telefono",
  "email",
  "pec",
  "iban",
  "titolo_studio",
  "referente",
  "area_agenzia",
  "area_sede",
  "amm_note",
  "cod_pref",
  "cp_rilasciato_da",
] as const satisfies readonly (keyof OperatoreFields)[];

const DATE_FIELDS = [
  "data_nascita",
  "data_iban",
  "data_disattivazione",
  "data_iscrizione",
  "cp_rilasciato_il",
  "cp_scadenza",
] as const satisfies readonly (keyof OperatoreFields)[];

const NUMBER_FIELDS = ["altezza", "peso", "rating", "lat", "lng"] as const satisfies readonly (keyof OperatoreFields)[];

const FLAG_FIELDS = [
  "attivo",
  "cessato",
  "black_list",
  "ammortizzatori",
  "applicazione",
  "sms",
] as const satisfies readonly (keyof OperatoreFields)[];

const DEFAULT_FLAGS: Record<string, boolean> = { attivo: true };

/** The empty form of a new operator (sesso M by default, SPEC §3). */
export function emptyOperatore(): FormValues {
  const v: FormValues = {};
  for (const f of [...TEXT_FIELDS, ...DATE_FIELDS]) v[f] = "";
  for (const f of NUMBER_FIELDS) v[f] = "";
  for (const f of FLAG_FIELDS) v[f] = DEFAULT_FLAGS[f] ?? false;
  v.sesso = "M";
  v.posizioni = [];
  return v;
}

export function toFormValues(record: OperatoreRecord): FormValues {
  const r = record as unknown as Record<string, unknown>;
  const v: FormValues = {};
  for (const f of [...TEXT_FIELDS, ...DATE_FIELDS]) if (f in r) v[f] = r[f] ?? "";
  for (const f of NUMBER_FIELDS) if (f in r) v[f] = r[f] === null || r[f] === undefined ? "" : String(r[f]);
  for (const f of FLAG_FIELDS) if (f in r) v[f] = Boolean(r[f]);
  v.posizioni = (record.posizioni_operatore ?? []).map((p) => String(p.posizione.id));
  return v;
}

/** The `{data}` of POST / PUT. `shown` limits the fields to those of the loaded record. */
export function toPayload(values: FormValues, shown?: OperatoreRecord): Record<string, unknown> {
  const has = (f: string) => !shown || f in shown;
  const out: Record<string, unknown> = {};
  for (const f of TEXT_FIELDS) if (has(f)) out[f] = String(values[f] ?? "").trim();
  for (const f of DATE_FIELDS) if (has(f)) out[f] = values[f] ? String(values[f]) : null;
  for (const f of NUMBER_FIELDS) {
    if (!has(f)) continue;
    const raw = values[f];
    out[f] = raw === "" || raw === null || raw === undefined ? null : Number(String(raw).replace(",", "."));
  }
  for (const f of FLAG_FIELDS) if (has(f)) out[f] = Boolean(values[f]);
  out.posizioni_operatore = ((values.posizioni as string[] | undefined) ?? []).map((id) => ({
    posizione: { id: Number(id) },
  }));
  return out;
}
