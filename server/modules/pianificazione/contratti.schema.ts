/** Request bodies of contracts (SPEC §3 Contract; SPEC §5 save rules). */
import { z } from "zod";
import { toTriState } from "../../../src/domain/contratto";
import { updateSchema } from "../../lib/update-schema";
import { bool, optDay, optText, refId, reqText } from "./common.schema";

const fields = {
  titolo: reqText(300),
  cliente: refId(),
  tipo_contratto: optText(100),
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
});

export const contrattoCreate = z.preprocess(clienteAlias, createObject);

export const contrattoUpdate = z.preprocess(clienteAlias, updateSchema(createObject));

export type ContrattoCreate = z.infer<typeof contrattoCreate>;
export type ContrattoUpdate = z.infer<typeof contrattoUpdate>;
