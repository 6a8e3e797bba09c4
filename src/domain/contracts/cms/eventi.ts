/**
 * The contract of /api/cms/eventi/ (SPEC §7 CMS): the list (filters globalsearch, descrizione, citta,
 * data_inizio, data_fine), the new event's body `{data: titolo, descrizione, visualizzatori,
 * indirizzo, citta, prov, contatore, data_inizio, data_fine, abilitato}`, the record with its
 * gates (varchi), thresholds and counting devices (dispositivi), the rows of those.
 * Instants: the body takes 'YYYY-MM-DDTHH:mm' (Rome's wall clock) or ISO; answers are ISO.
 */
import { z } from "zod";
import { IdParams, ResultOk, SubParams } from "../common";
import { declareList } from "../list";
import { flag, percent, refs, text, UtenteRef } from "./fields";

export { IdParams, ResultOk, SubParams };

export const EventoData = z.object({
  titolo: text(200),
  descrizione: text(5000),
  visualizzatori: refs(),
  /** Ours: the stewards who count at the event (CMS users) — they may sign in to the counters' app. */
  addetti: refs(),
  indirizzo: text(200),
  citta: text(120),
  prov: text(4),
  contatore: flag(),
  data_inizio: text(40),
  data_fine: text(40),
  abilitato: flag(),
  soglia_attenzione: percent(),
  soglia_massima: percent(),
});
export type EventoData = z.infer<typeof EventoData>;

const DIREZIONE = z.enum(["in", "out", "both"], { error: "Scegli ingresso, uscita o entrambi" });

export const VarcoData = z.object({
  nome: text(120),
  capienza: z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
    z.number({ error: "Inserisci un numero" }).int("Inserisci un numero intero").optional(),
  ),
  direzione: DIREZIONE.optional(),
});
export type VarcoData = z.infer<typeof VarcoData>;

export const DispositivoData = z.object({
  codice: text(100),
  descrizione: text(200),
  varco_id: z.preprocess(
    (v) => (v === "" ? null : v),
    z.coerce.number({ error: "Valore non valido" }).int().positive().max(2147483647).nullable().optional(),
  ),
});
export type DispositivoData = z.infer<typeof DispositivoData>;

export const VarcoOut = z.object({
  id: z.number(),
  nome: z.string(),
  capienza: z.number(),
  direzione: DIREZIONE,
});
export type Varco = z.infer<typeof VarcoOut>;

export const DispositivoOut = z.object({
  id: z.number(),
  codice: z.string(),
  descrizione: z.string(),
  varco_id: z.number().nullable(),
});
export type Dispositivo = z.infer<typeof DispositivoOut>;

export const EventoOut = z.object({
  id: z.number(),
  titolo: z.string(),
  descrizione: z.string(),
  indirizzo: z.string(),
  citta: z.string(),
  prov: z.string(),
  data_inizio: z.string(),
  data_fine: z.string(),
  contatore: z.boolean(),
  abilitato: z.boolean(),
  soglia_attenzione: z.number(),
  soglia_massima: z.number(),
  visualizzatori: z.array(UtenteRef),
  addetti: z.array(UtenteRef),
  varchi: z.array(VarcoOut),
  dispositivi: z.array(DispositivoOut),
  created_at: z.string(),
  updated_at: z.string(),
});
/** GET /api/cms/eventi/{id}/ */
export type Evento = z.infer<typeof EventoOut>;

/** GET /api/cms/eventi/ (list engine). */
export const EventoRow = z.object({
  id: z.number(),
  titolo: z.string(),
  descrizione: z.string(),
  indirizzo: z.string(),
  citta: z.string(),
  prov: z.string(),
  data_inizio: z.string(),
  data_fine: z.string(),
  contatore: z.boolean(),
  abilitato: z.boolean(),
  varchi: z.number(),
  capienza: z.number(),
});
export type EventoRow = z.infer<typeof EventoRow>;

export const EventiList = declareList({
  name: "eventi",
  title: "Eventi",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    titolo: { label: "Titolo", type: "text", sortable: true, global: true },
    descrizione: { label: "Descrizione", type: "text", global: true, filter: "contains" },
    indirizzo: { label: "Indirizzo", type: "text" },
    citta: { label: "Città", type: "text", sortable: true, global: true, filter: "contains", groupable: true },
    prov: { label: "Provincia", type: "text", sortable: true, groupable: true },
    data_inizio: { label: "Inizio", type: "datetime", sortable: true },
    data_fine: { label: "Fine", type: "datetime", sortable: true },
    contatore: { label: "Contatore su app", type: "boolean", groupable: true },
    abilitato: { label: "Abilitato", type: "boolean", filter: "eq", groupable: true },
    /** How many gates the event has. */
    varchi: { label: "Varchi", type: "integer" },
    /** The sum of its gates' capacities. */
    capienza: { label: "Capienza", type: "integer" },
  },
  defaultOrder: [{ field: "data_inizio", asc: false }],
});
