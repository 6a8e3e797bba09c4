/**
 * The contract of /api/anagrafiche/operatori/: the record's body (zod checks the TYPES and answers
 * 400 with per-field errors; the business rules are src/domain/operatore.ts's validators, the
 * same the SPA's forms run), the full record and the quick view, the list's rows, an upload.
 * Which fields a caller gets follows its permissions (./operatore-fields.ts): every field but
 * the id and the qualifications is optional in the record.
 */
import { z } from "zod";
import { CAPABILITIES } from "../../permissions";
import { dbId } from "../common";
import { declareList } from "../list";
import { day, decimal, FileRefOut, flag, integer, text } from "./fields";
import { ALTRO_FIELDS, ANAGRAFICA_WRITABLE, FILE_FIELDS, type OperatoreField } from "./operatore-fields";
import { OperatoreTabsOut } from "./operatori-tabs";

export { type FileRef, FileRefOut } from "./fields";

export const OperatoreData = z.object({
  codice: text(30),
  cognome: text(100),
  nome: text(100),
  sesso: text(1),
  codice_fiscale: text(16 + 10),
  data_nascita: day(),
  luogo_nascita: text(100),
  prov_nascita: text(2 + 10),
  cittadinanza: text(100),
  indirizzo: text(200),
  numero: text(20),
  cap: text(10),
  citta: text(100),
  prov: text(12),
  d_indirizzo: text(200),
  d_numero: text(20),
  d_cap: text(10),
  d_citta: text(100),
  d_prov: text(12),
  cellulare: text(30),
  telefono: text(30),
  email: text(254),
  pec: text(254),
  iban: text(50),
  data_iban: day(),
  altezza: integer(),
  peso: integer(),
  titolo_studio: text(100),
  referente: text(100),
  area_agenzia: text(100),
  area_sede: text(100),
  attivo: flag(),
  cessato: flag(),
  black_list: flag(),
  data_disattivazione: day(),
  data_iscrizione: day(),
  ammortizzatori: flag(),
  amm_note: text(2000),
  applicazione: flag(),
  sms: flag(),
  cod_pref: text(30),
  cp_rilasciato_da: text(100),
  cp_rilasciato_il: day(),
  cp_scadenza: day(),
  rating: integer(),
  lat: decimal(),
  lng: decimal(),
  annotazioni: text(10000),
  note: text(10000),
  /** Qualifications: the record's own shape [{posizione: {id}}] or plain ids. */
  posizioni_operatore: z
    .array(
      z.union([
        z.number().int(),
        z.object({ posizione: z.object({ id: z.coerce.number().int() }) }),
        z.object({ id: z.coerce.number().int() }),
      ]),
      { error: "Valore non valido" },
    )
    .max(50)
    .optional(),
});

export const OperatoreBody = z.object({ data: OperatoreData.partial() });
export type OperatoreInput = z.infer<typeof OperatoreBody>["data"];

export const idParams = z.object({
  id: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});
export const subIdParams = idParams.extend({
  subId: z.coerce.number({ error: "Identificativo non valido" }).int().positive("Identificativo non valido"),
});

export const recordQuery = z.object({
  quick_view: z.enum(["true", "false", "1", "0"]).optional(),
  cliente: dbId().optional(),
});

/** The qualification ids of a posizioni_operatore payload. */
export function posizioneIds(list: NonNullable<OperatoreInput["posizioni_operatore"]>): number[] {
  const ids = list.map((p) => (typeof p === "number" ? p : "posizione" in p ? p.posizione.id : p.id));
  return [...new Set(ids)];
}

// ---------------------------------------------------------------- answers

const nullableText = z.string().nullable();
/** The answer type of each flat field (text fields are '' when empty, days and numbers null). */
const FIELD_OUT = {
  codice: z.string(),
  cognome: z.string(),
  nome: z.string(),
  sesso: z.string(),
  codice_fiscale: z.string(),
  data_nascita: nullableText,
  luogo_nascita: z.string(),
  prov_nascita: z.string(),
  cittadinanza: z.string(),
  indirizzo: z.string(),
  numero: z.string(),
  cap: z.string(),
  citta: z.string(),
  prov: z.string(),
  d_indirizzo: z.string(),
  d_numero: z.string(),
  d_cap: z.string(),
  d_citta: z.string(),
  d_prov: z.string(),
  cellulare: z.string(),
  telefono: z.string(),
  email: z.string(),
  pec: z.string(),
  iban: z.string(),
  data_iban: nullableText,
  altezza: z.number().nullable(),
  peso: z.number().nullable(),
  titolo_studio: z.string(),
  referente: z.string(),
  area_agenzia: z.string(),
  area_sede: z.string(),
  attivo: z.boolean(),
  cessato: z.boolean(),
  black_list: z.boolean(),
  data_disattivazione: nullableText,
  data_iscrizione: nullableText,
  ammortizzatori: z.boolean(),
  amm_note: z.string(),
  applicazione: z.boolean(),
  sms: z.boolean(),
  cod_pref: z.string(),
  cp_rilasciato_da: z.string(),
  cp_rilasciato_il: nullableText,
  cp_scadenza: nullableText,
  rating: z.number().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  annotazioni: z.string(),
  note: z.string(),
} satisfies Record<Exclude<OperatoreField, (typeof FILE_FIELDS)[number]>, z.ZodType>;
type FlatField = keyof typeof FIELD_OUT;

/** The flat fields of SPEC §3 Operator full record (what the anagrafica form edits). */
export type OperatoreFields = { [K in FlatField]: z.infer<(typeof FIELD_OUT)[K]> };

const optional = <K extends FlatField>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, FIELD_OUT[k].optional()])) as {
    [P in K]: z.ZodOptional<(typeof FIELD_OUT)[P]>;
  };

/**
 * SPEC §3 Operator full record, GET/PUT /api/anagrafiche/operatori/{id}/ and POST /: the flat
 * fields and tab lists the caller may see — in the order of the anagrafica tab (as a user with
 * every permission gets them), files as references, then the notes of 'altro'.
 */
export const OperatoreRecordOut = z.object({
  id: z.number(),
  ...optional(ANAGRAFICA_WRITABLE as readonly FlatField[]),
  ...(Object.fromEntries(FILE_FIELDS.map((f) => [f, FileRefOut.nullable().optional()])) as {
    [P in (typeof FILE_FIELDS)[number]]: z.ZodOptional<z.ZodNullable<typeof FileRefOut>>;
  }),
  ...optional(ALTRO_FIELDS),
  posizioni_operatore: z.array(z.object({ posizione: z.object({ id: z.number(), descrizione: z.string() }) })),
  anonimizzato: z.boolean().optional(),
  created_at: z.string().optional(),
  updated_at: z.string().optional(),
  ...OperatoreTabsOut.shape,
});
export type OperatoreRecord = z.infer<typeof OperatoreRecordOut>;

/** One day of the quick view's shifts of the week. */
export const TurnoGiornoQuickViewOut = z.object({
  /** YYYY-MM-DD */
  giorno: z.string(),
  /** 'Lunedì' */
  label: z.string(),
  turni: z.array(
    z.object({
      inizio: z.string(),
      fine: z.string(),
      cliente_id: z.number().nullable(),
      contratto_id: z.number().nullable(),
    }),
  ),
});
export type TurnoGiornoQuickView = z.infer<typeof TurnoGiornoQuickViewOut>;

/** SPEC §3 Operator quick view: GET /api/anagrafiche/operatori/{id}/?quick_view=true. Hours as 'HH:MM:SS'. */
export const OperatoreQuickViewOut = z.object({
  id: z.number(),
  cognome: z.string(),
  nome: z.string(),
  foto_primo_piano: z.string().nullable(),
  rating: z.number().nullable(),
  applicazione: z.boolean(),
  altezza: z.number().nullable(),
  peso: z.number().nullable(),
  data_nascita: z.string().nullable(),
  cellulare: z.string(),
  ultimo_contratto: z.string(),
  ore_cli_week: z.string(),
  ore_week: z.string(),
  ore_month: z.string(),
  posizioni_operatore: z.array(z.object({ posizione: z.object({ descrizione: z.string() }) })),
  turni_giorno: z.array(TurnoGiornoQuickViewOut),
  disponibilita: z.record(z.string(), z.boolean()),
});
export type OperatoreQuickView = z.infer<typeof OperatoreQuickViewOut>;

/** GET /{id}/ answers the quick view with ?quick_view=true, the record otherwise (tried in this order). */
export const OperatoreGetOut = z.union([OperatoreQuickViewOut, OperatoreRecordOut]);

/** Upload slots of POST /operatori/{id}/files/ (documento/corso need ref_id). */
export const FILE_SLOTS = [
  "foto_primo_piano",
  "foto_busto",
  "foto_intera",
  "foto_profilo",
  "curriculum",
  "documento",
  "corso",
] as const;
export type FileSlot = (typeof FILE_SLOTS)[number];

/** POST /{id}/files/ → 201: the stored file, its slot and the document or course it belongs to. */
export const UploadedFileOut = FileRefOut.extend({ categoria: z.enum(FILE_SLOTS), ref_id: z.number().nullable() });
export type UploadedFile = z.infer<typeof UploadedFileOut>;

// ---------------------------------------------------------------- list

/** codice_fiscale and data_nascita only for erp_operatori_anagrafica (or an admin permission). */
export const OperatoreRow = z.object({
  id: z.number(),
  codice: z.string(),
  cognome: z.string(),
  nome: z.string(),
  sesso: z.string(),
  codice_fiscale: z.string().optional(),
  data_nascita: z.string().nullable().optional(),
  cellulare: z.string(),
  email: z.string(),
  citta: z.string(),
  prov: z.string(),
  rating: z.number().nullable(),
  valutazione: z.string().nullable(),
  posizioni: z.array(z.string()),
  applicazione: z.boolean(),
  attivo: z.boolean(),
  cessato: z.boolean(),
  black_list: z.boolean(),
  prossima_scadenza: z.string().nullable(),
  created_at: z.string(),
});
export type OperatoreRow = z.infer<typeof OperatoreRow>;

/**
 * The list of GET /api/anagrafiche/operatori/ (also: `posizione_id`, `documenti_in_scadenza=N` —
 * a document or course expiring within N days, expired ones included). Personal fields only for
 * erp_operatori_anagrafica.
 */
export const OperatoriList = declareList({
  name: "operatori",
  title: "Operatori",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    codice: { label: "Codice", type: "text", sortable: true, global: true, filter: "eq" },
    cognome: { label: "Cognome", type: "text", sortable: true, global: true, filter: "contains" },
    nome: { label: "Nome", type: "text", sortable: true, global: true },
    sesso: { label: "Sesso", type: "text", filter: "eq", groupable: true },
    codice_fiscale: {
      label: "Codice fiscale",
      type: "text",
      global: true,
      permission: CAPABILITIES.operatoriAnagrafica,
    },
    data_nascita: {
      label: "Data di nascita",
      type: "date",
      sortable: true,
      filter: "range",
      permission: CAPABILITIES.operatoriAnagrafica,
    },
    cellulare: { label: "Cellulare", type: "text" },
    email: { label: "E-mail", type: "text" },
    citta: { label: "Città", type: "text", sortable: true, global: true, groupable: true },
    prov: { label: "Provincia", type: "text", sortable: true, filter: "in", groupable: true },
    rating: { label: "Valutazione", type: "integer", sortable: true, filter: "in", groupable: true },
    valutazione: { label: "Descrizione valutazione", type: "text" },
    posizioni: { label: "Qualifiche", type: "lines" },
    applicazione: { label: "Applicazione", type: "boolean", filter: "eq" },
    attivo: { label: "Attivo", type: "boolean", sortable: true, filter: "eq", groupable: true },
    cessato: { label: "Cessato", type: "boolean", sortable: true, filter: "eq", groupable: true },
    black_list: { label: "Black list", type: "boolean", sortable: true, filter: "eq", groupable: true },
    prossima_scadenza: { label: "Prossima scadenza documenti", type: "date", sortable: true },
    created_at: { label: "Creato il", type: "datetime", sortable: true },
  },
  defaultOrder: [{ field: "cognome", asc: true }],
});
