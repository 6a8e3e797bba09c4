/**
 * The contract of /api/anagrafiche/candidati/ (the staff's pipeline: bodies wrapped in {data},
 * the record, the list's rows) and of the public /api/anagrafiche/candidature/ form.
 */
import { z } from "zod";
import { STATI_CANDIDATO } from "../../candidato";
import { IdParams, ResultOk } from "../common";
import { declareList } from "../list";

export { IdParams, ResultOk };

const text = (max: number) => z.string().max(max).nullish();
const ids = z.array(z.number().int().positive().max(2147483647)).max(50);

export const CandidatoData = z.object({
  nome: text(100),
  cognome: text(100),
  sesso: z.enum(["M", "F"]).nullish(),
  data_nascita: text(10),
  codice_fiscale: text(16),
  email: text(254),
  cellulare: text(30),
  citta: text(120),
  prov: text(4),
  posizioni: ids.nullish(),
  giorni_disponibili: z.array(z.number().int()).max(7).nullish(),
  turni_notturni: z.boolean().nullish(),
  trasferte: z.boolean().nullish(),
  stato: z.enum(STATI_CANDIDATO).nullish(),
  valutazione: z.number().int().nullish(),
  note: text(5000),
});
export type CandidatoData = z.infer<typeof CandidatoData>;

/** GET/PUT /api/anagrafiche/candidati/{id}/, POST / (201) and POST /{id}/assumi/ */
export const CandidatoOut = z.object({
  id: z.number(),
  nome: z.string(),
  cognome: z.string(),
  sesso: z.enum(["M", "F"]),
  data_nascita: z.string().nullable(),
  codice_fiscale: z.string(),
  email: z.string(),
  cellulare: z.string(),
  citta: z.string(),
  prov: z.string(),
  posizioni: z.array(z.number()),
  posizioni_desiderate: z.array(z.object({ id: z.number(), descrizione: z.string() })),
  giorni_disponibili: z.array(z.number()),
  turni_notturni: z.boolean(),
  trasferte: z.boolean(),
  stato: z.enum(STATI_CANDIDATO),
  valutazione: z.number().nullable(),
  note: z.string(),
  messaggio: z.string(),
  cv: z.object({ id: z.string(), nome: z.string(), dimensione: z.number() }).nullable(),
  origine: z.enum(["manuale", "form"]),
  privacy_accettata_il: z.string().nullable(),
  operatore_id: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

export type Candidato = z.infer<typeof CandidatoOut>;
/** The fields the candidate's form edits. */
export type CandidatoFields = Pick<
  Candidato,
  | "nome"
  | "cognome"
  | "sesso"
  | "data_nascita"
  | "codice_fiscale"
  | "email"
  | "cellulare"
  | "citta"
  | "prov"
  | "posizioni"
  | "giorni_disponibili"
  | "turni_notturni"
  | "trasferte"
  | "stato"
  | "valutazione"
  | "note"
>;

/** GET /api/anagrafiche/candidature/opzioni/ (public): the choices of the application form. */
export const CandidaturaOpzioniOut = z.object({
  posizioni: z.array(z.object({ id: z.number(), descrizione: z.string() })),
  giorni: z.array(z.object({ id: z.number(), nome: z.string() })),
  province: z.array(z.object({ name: z.string(), abbr: z.string() })),
});
export type CandidaturaOpzioni = z.infer<typeof CandidaturaOpzioniOut>;

/** POST /api/anagrafiche/candidature/ (public) → 201, the same answer whoever sends it. */
export const CandidaturaInviataOut = z.object({ result: z.literal("OK"), detail: z.string() });
export type CandidaturaInviata = z.infer<typeof CandidaturaInviataOut>;

/** GET /api/anagrafiche/candidati/ (list engine). */
export const CandidatoRow = z.object({
  id: z.number(),
  cognome: z.string(),
  nome: z.string(),
  sesso: z.string(),
  data_nascita: z.string().nullable(),
  email: z.string(),
  cellulare: z.string(),
  citta: z.string(),
  prov: z.string(),
  /** The desired positions' names. */
  posizioni: z.array(z.string()),
  stato: z.string(),
  valutazione: z.number().nullable(),
  turni_notturni: z.boolean(),
  trasferte: z.boolean(),
  origine: z.string(),
  /** Whether a CV was uploaded. */
  cv: z.boolean(),
  operatore_id: z.number().nullable(),
  created_at: z.string(),
  stato_label: z.string(),
});
export type CandidatoRow = z.infer<typeof CandidatoRow>;

/**
 * The list of GET /api/anagrafiche/candidati/ (also: `posizione`, one or more desired position
 * ids; rows carry `stato_label`).
 */
export const CandidatiList = declareList({
  name: "candidati",
  title: "Candidati",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    cognome: { label: "Cognome", type: "text", sortable: true, global: true },
    nome: { label: "Nome", type: "text", sortable: true, global: true },
    sesso: { label: "Sesso", type: "text", filter: "eq", groupable: true },
    data_nascita: { label: "Data di nascita", type: "date", sortable: true },
    email: { label: "E-mail", type: "text", global: true },
    cellulare: { label: "Cellulare", type: "text", global: true },
    citta: { label: "Città", type: "text", sortable: true, global: true },
    prov: { label: "Provincia", type: "text", sortable: true, filter: "in", groupable: true },
    posizioni: { label: "Posizioni desiderate", type: "lines" },
    stato: { label: "Stato", type: "text", sortable: true, filter: "in", groupable: true },
    valutazione: { label: "Valutazione", type: "integer", sortable: true, filter: "in", groupable: true },
    turni_notturni: { label: "Turni notturni", type: "boolean", filter: "eq" },
    trasferte: { label: "Trasferte", type: "boolean", filter: "eq" },
    origine: { label: "Origine", type: "text", filter: "eq", groupable: true },
    cv: { label: "Curriculum", type: "boolean" },
    operatore_id: { label: "Operatore", type: "integer", exportable: false },
    created_at: { label: "Ricevuto il", type: "datetime", sortable: true, filter: "range" },
  },
  defaultOrder: [{ field: "created_at", asc: false }],
});
