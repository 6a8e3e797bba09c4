/**
 * The contract of /api/pianificazione/contratti/ (SPEC §3 Contract, §5 save rules): the body of a
 * save wrapped in {data}, the record, the list's rows.
 */
import { z } from "zod";
import { TIPI_CONTRATTO, toTriState } from "../../contratto";
import { declareList } from "../list";
import { updateSchema } from "../update-schema";
import { bool, optDay, optText, refId, reqText } from "./fields";

/** A whole-number threshold; '' or null means "not given" (the default on create, unchanged on update). */
function soglia(min: number, max: number, message: string) {
  return z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message })
      .optional(),
  );
}

const fields = {
  titolo: reqText(300),
  cliente: refId(),
  tipo_contratto: z.preprocess(
    (v) => (v === "" ? null : v),
    z.enum(TIPI_CONTRATTO, { error: "Valore non valido" }).nullable().optional(),
  ),
  numero_contratto: optText(100),
  tipo_servizio: optText(200),
  sede: optText(300),
  agente: optText(200),
  subagente: optText(200),
  responsabile: optText(200),
  responsabile_zona: optText(200),
  azienda_app: optText(200),
  azienda_ese: optText(200),
  annotazioni: optText(5000),
  attivo: bool(),
  data_disattivazione: optDay(),
  allarme: bool(),
  notifica: bool(),
  notifica_allarme: z.preprocess((v) => (v === undefined ? v : toTriState(v)), z.boolean().nullable().optional()),
  sono_vigile: z.preprocess(
    (v) => (v === true ? "1" : v === false || v === null || v === "" ? "0" : typeof v === "number" ? String(v) : v),
    z.enum(["0", "1"], { error: "Valore non valido" }).optional(),
  ),
  anomalie_minuti: soglia(1, 1440, "Minuti interi da 1 a 1440"),
  anomalie_distanza_m: soglia(10, 100000, "Metri interi da 10 a 100000"),
};

/** cliente may also come as cliente_id. */
const clienteAlias = (v: unknown) => {
  if (v && typeof v === "object" && !("cliente" in v) && "cliente_id" in v) {
    return { ...(v as object), cliente: (v as { cliente_id: unknown }).cliente_id };
  }
  return v;
};

const createObject = z.object({
  ...fields,
  tipo_contratto: fields.tipo_contratto.default("Giornaliero"),
  attivo: bool().default(true),
  allarme: bool().default(false),
  notifica: bool().default(false),
  notifica_allarme: fields.notifica_allarme.default(null),
  sono_vigile: fields.sono_vigile.default("0"),
  anomalie_minuti: fields.anomalie_minuti.default(15),
  anomalie_distanza_m: fields.anomalie_distanza_m.default(300),
});

export const contrattoCreate = z.preprocess(clienteAlias, createObject);

export const contrattoUpdate = z.preprocess(clienteAlias, updateSchema(createObject));

export type ContrattoCreate = z.infer<typeof contrattoCreate>;
export type ContrattoUpdate = z.infer<typeof contrattoUpdate>;

/** A client as a contract names it. */
export const ClienteRef = z.object({ id: z.number(), ragione_sociale: z.string() });
export type ClienteRef = z.infer<typeof ClienteRef>;

/** SPEC §3 Contract as GET/PUT /{id}/ and POST / answer it. */
export const ContrattoOut = z.object({
  id: z.number(),
  titolo: z.string(),
  tipo_contratto: z.string().nullable(),
  numero_contratto: z.string().nullable(),
  tipo_servizio: z.string().nullable(),
  sede: z.string().nullable(),
  agente: z.string().nullable(),
  subagente: z.string().nullable(),
  responsabile: z.string().nullable(),
  responsabile_zona: z.string().nullable(),
  azienda_app: z.string().nullable(),
  azienda_ese: z.string().nullable(),
  annotazioni: z.string().nullable(),
  attivo: z.boolean(),
  data_disattivazione: z.string().nullable(),
  allarme: z.boolean(),
  notifica: z.boolean(),
  notifica_allarme: z.boolean().nullable(),
  sono_vigile: z.string(),
  anomalie_minuti: z.number(),
  anomalie_distanza_m: z.number(),
  cliente: ClienteRef,
});
export type Contratto = z.infer<typeof ContrattoOut>;

/** GET /api/pianificazione/contratti/ (list engine): contracts with their client and services. */
export const ContrattoRow = z.object({
  id: z.number(),
  titolo: z.string(),
  numero_contratto: z.string().nullable(),
  tipo_contratto: z.string().nullable(),
  tipo_servizio: z.string().nullable(),
  sede: z.string().nullable(),
  responsabile: z.string().nullable(),
  attivo: z.boolean(),
  /** How many services the contract has, and the period they cover. */
  servizi: z.number(),
  dal: z.string().nullable(),
  al: z.string().nullable(),
  cliente: ClienteRef,
  cliente_id: z.number(),
});
export type ContrattoRow = z.infer<typeof ContrattoRow>;

/**
 * The list of GET /api/pianificazione/contratti/ (also: `cliente_id`). JSON rows carry `cliente`
 * as {id, ragione_sociale}; exports show the client's name.
 */
export const ContrattiList = declareList({
  name: "contratti",
  title: "Contratti",
  fields: {
    id: { label: "ID", type: "integer", sortable: true },
    titolo: { label: "Titolo", type: "text", sortable: true, global: true },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    numero_contratto: { label: "Numero contratto", type: "text", sortable: true, global: true },
    tipo_contratto: { label: "Tipo contratto", type: "text", sortable: true, groupable: true, filter: "eq" },
    tipo_servizio: { label: "Tipo servizio", type: "text", sortable: true, groupable: true, filter: "contains" },
    sede: { label: "Sede", type: "text", sortable: true },
    responsabile: { label: "Responsabile", type: "text", sortable: true },
    attivo: { label: "Attivo", type: "boolean", sortable: true, groupable: true, filter: "eq" },
    servizi: { label: "Servizi", type: "integer", sortable: true, aggregate: "sum" },
    dal: { label: "Dal", type: "date", sortable: true },
    al: { label: "Al", type: "date", sortable: true },
  },
  defaultOrder: [{ field: "titolo", asc: true }],
});
