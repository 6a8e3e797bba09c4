/**
 * The contract of /api/anagrafiche/clienti/: bodies wrapped in {data} (every field optional:
 * null and undefined mean "not sent" on PUT, '' on POST), the record with its sites (sedi),
 * contacts (contatti) and contracts, the list's rows.
 */
import { z } from "zod";
import { IdParams, ResultOk, SubParams, Warnings } from "../common";
import { declareList } from "../list";

export { IdParams, ResultOk, SubParams };

/** Optional text: null and undefined mean "not sent" on PUT, '' on POST. */
const text = (max: number) => z.string().max(max).nullish();
const coord = z.number().finite().nullish();

export const ClienteData = z.object({
  ragione_sociale: text(200),
  partita_iva: text(20),
  codice_fiscale: text(20),
  codice_sdi: text(10),
  pec: text(254),
  email: text(254),
  telefono: text(30),
  indirizzo: text(200),
  cap: text(10),
  citta: text(120),
  prov: text(4),
  lat: coord,
  lng: coord,
  note: text(5000),
  attivo: z.boolean().nullish(),
});
export type ClienteData = z.infer<typeof ClienteData>;

export const SedeData = z.object({
  descrizione: text(200),
  indirizzo: text(200),
  cap: text(10),
  citta: text(120),
  prov: text(4),
  lat: coord,
  lng: coord,
  note: text(5000),
});
export type SedeData = z.infer<typeof SedeData>;

export const ContattoData = z.object({
  nome: text(200),
  ruolo: text(120),
  telefono: text(30),
  email: text(254),
  note: text(5000),
});
export type ContattoData = z.infer<typeof ContattoData>;

export const SedeOut = z.object({
  id: z.number(),
  descrizione: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  citta: z.string(),
  prov: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  note: z.string(),
});

export const ContattoOut = z.object({
  id: z.number(),
  nome: z.string(),
  ruolo: z.string(),
  telefono: z.string(),
  email: z.string(),
  note: z.string(),
});

export const ClienteOut = z.object({
  id: z.number(),
  ragione_sociale: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string(),
  codice_sdi: z.string(),
  pec: z.string(),
  email: z.string(),
  telefono: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  citta: z.string(),
  prov: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  note: z.string(),
  attivo: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  sedi: z.array(SedeOut),
  contatti: z.array(ContattoOut),
  contratti: z.array(z.object({ id: z.number(), titolo: z.string(), attivo: z.boolean() })),
});

/** Answer of POST / PUT (and of the nested writes): the record plus non-blocking warnings (geocoding). */
export const ClienteSavedOut = ClienteOut.extend(Warnings.shape);
export const SedeSavedOut = SedeOut.extend(Warnings.shape);

export type Sede = z.infer<typeof SedeOut>;
export type Contatto = z.infer<typeof ContattoOut>;
/** GET /api/anagrafiche/clienti/{id}/ */
export type Cliente = z.infer<typeof ClienteOut>;
export type ClienteSaved = z.infer<typeof ClienteSavedOut>;
export type SedeSaved = z.infer<typeof SedeSavedOut>;
export type ContrattoCliente = Cliente["contratti"][number];
/** The editable fields of the client form (the record without id, timestamps and lists). */
export type ClienteFields = Omit<Cliente, "id" | "created_at" | "updated_at" | "sedi" | "contatti" | "contratti">;
export type SedeFields = Omit<Sede, "id">;
export type ContattoFields = Omit<Contatto, "id">;

/** GET /api/anagrafiche/clienti/ (list engine; `?page_size=99999` serves the pickers). */
export const ClienteRow = z.object({
  id: z.number(),
  ragione_sociale: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string(),
  codice_sdi: z.string(),
  pec: z.string(),
  email: z.string(),
  telefono: z.string(),
  indirizzo: z.string(),
  cap: z.string(),
  citta: z.string(),
  prov: z.string(),
  attivo: z.boolean(),
  sedi: z.number(),
  created_at: z.string(),
});
export type ClienteRow = z.infer<typeof ClienteRow>;

/** The list of GET /api/anagrafiche/clienti/ (`?page_size=99999` serves the pickers). */
export const ClientiList = declareList({
  name: "clienti",
  title: "Clienti",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    ragione_sociale: { label: "Ragione sociale", type: "text", sortable: true, global: true },
    partita_iva: { label: "Partita IVA", type: "text", sortable: true, global: true },
    codice_fiscale: { label: "Codice fiscale", type: "text", global: true },
    codice_sdi: { label: "Codice SDI", type: "text" },
    pec: { label: "PEC", type: "text" },
    email: { label: "E-mail", type: "text" },
    telefono: { label: "Telefono", type: "text" },
    indirizzo: { label: "Indirizzo", type: "text" },
    cap: { label: "CAP", type: "text" },
    citta: { label: "Città", type: "text", sortable: true, global: true, groupable: true },
    prov: { label: "Provincia", type: "text", sortable: true, filter: "in", groupable: true },
    attivo: { label: "Attivo", type: "boolean", sortable: true, filter: "eq", groupable: true },
    /** How many sites the client has. */
    sedi: { label: "Sedi", type: "integer", sortable: true },
    created_at: { label: "Creato il", type: "datetime", sortable: true },
  },
  defaultOrder: [{ field: "ragione_sociale", asc: true }],
});
