/**
 * The operator's tab sub-resources (documenti, corsi, contratti, compensi, pratiche,
 * indisponibilita): table, permission, body shape, domain validator, change-log labels and the
 * answer shape of each. tabs.routes.ts builds the same CRUD for all of them.
 */
import { asc, desc } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { isLicenza, statoScadenza, tipoCorsoLabel, tipoDocumentoLabel } from "../../../../src/domain/documenti";
import { parseInstant } from "../../../../src/domain/instant";
import {
  type FieldErrors,
  type FileRef,
  validateCompenso,
  validateContratto,
  validateCorso,
  validateDocumento,
  validateIndisponibilita,
  validatePratica,
} from "../../../../src/domain/operatore";
import type { Capability } from "../../../../src/domain/permissions";
import {
  operatoriCompensi,
  operatoriContratti,
  operatoriCorsi,
  operatoriDocumenti,
  operatoriIndisponibilita,
  operatoriPratiche,
} from "../../../db/schema/anagrafiche-operatori";
import { day, decimal, text } from "./operatori.schema";

type Row = Record<string, unknown>;

export interface TabDef {
  /** Path segment and key of the record's list. */
  name: "documenti" | "corsi" | "contratti" | "compensi" | "pratiche" | "indisponibilita";
  table: PgTable & { id: PgColumn; operatore_id: PgColumn };
  capability: Capability;
  contentType: string;
  /** "Documento", used in audit notes. */
  label: string;
  body: z.ZodObject;
  validate: (values: Row) => FieldErrors;
  labels: Record<string, string>;
  orderBy: (t: TabDef["table"]) => ReturnType<typeof asc>[];
  /** Has a file_id column (upload route attaches files). */
  hasFile: boolean;
  serialize: (row: Row, refs: Map<string, FileRef>, today: string) => Row;
}

const t = (table: unknown) => table as TabDef["table"];
const col = (table: TabDef["table"], name: string) => (table as unknown as Record<string, PgColumn>)[name];

const timestamp = () =>
  z.preprocess((v) => (v === undefined ? null : v), z.string({ error: "Data non valida" }).max(40).nullable());

function fileOf(row: Row, refs: Map<string, FileRef>): FileRef | null {
  return row.file_id ? (refs.get(row.file_id as string) ?? null) : null;
}

function plain(row: Row, fields: string[]): Row {
  const out: Row = { id: row.id };
  for (const f of fields) out[f] = row[f] ?? null;
  return out;
}

export const TABS: readonly TabDef[] = [
  {
    name: "documenti",
    table: t(operatoriDocumenti),
    capability: "operatoriDocumentiCorsi",
    contentType: "operatore_documento",
    label: "Documento",
    body: z.object({
      tipo: text(50),
      numero: text(50),
      rilasciato_da: text(200),
      data_rilascio: day(),
      data_scadenza: day(),
      note: text(2000),
    }),
    validate: validateDocumento,
    labels: {
      tipo: "Tipo",
      numero: "Numero",
      rilasciato_da: "Rilasciato da",
      data_rilascio: "Data di rilascio",
      data_scadenza: "Data di scadenza",
      note: "Note",
    },
    orderBy: (tb) => [asc(col(tb, "tipo")), desc(col(tb, "data_scadenza")), asc(tb.id)],
    hasFile: true,
    serialize: (row, refs, today) => ({
      ...plain(row, ["tipo", "numero", "rilasciato_da", "data_rilascio", "data_scadenza", "note"]),
      tipo_label: tipoDocumentoLabel(String(row.tipo)),
      licenza: isLicenza(String(row.tipo)),
      file: fileOf(row, refs),
      stato: statoScadenza(row.data_scadenza as string | null, today),
    }),
  },
  {
    name: "corsi",
    table: t(operatoriCorsi),
    capability: "operatoriDocumentiCorsi",
    contentType: "operatore_corso",
    label: "Corso",
    body: z.object({
      tipo: text(50),
      ente: text(200),
      data_conseguimento: day(),
      data_scadenza: day(),
      note: text(2000),
    }),
    validate: validateCorso,
    labels: {
      tipo: "Tipo",
      ente: "Ente",
      data_conseguimento: "Data di conseguimento",
      data_scadenza: "Data di scadenza",
      note: "Note",
    },
    orderBy: (tb) => [desc(col(tb, "data_conseguimento")), asc(tb.id)],
    hasFile: true,
    serialize: (row, refs, today) => ({
      ...plain(row, ["tipo", "ente", "data_conseguimento", "data_scadenza", "note"]),
      tipo_label: tipoCorsoLabel(String(row.tipo)),
      file: fileOf(row, refs),
      stato: statoScadenza(row.data_scadenza as string | null, today),
    }),
  },
  {
    name: "contratti",
    table: t(operatoriContratti),
    capability: "operatoriContrattiPratiche",
    contentType: "operatore_contratto",
    label: "Contratto",
    body: z.object({
      tipo: text(30),
      data_inizio: day(),
      data_fine: day(),
      ore_settimanali: decimal(),
      note: text(2000),
    }),
    validate: validateContratto,
    labels: {
      tipo: "Tipo di contratto",
      data_inizio: "Data di inizio",
      data_fine: "Data di fine",
      ore_settimanali: "Ore settimanali",
      note: "Note",
    },
    orderBy: (tb) => [desc(col(tb, "data_inizio")), desc(tb.id)],
    hasFile: false,
    serialize: (row) => plain(row, ["tipo", "data_inizio", "data_fine", "ore_settimanali", "note"]),
  },
  {
    name: "compensi",
    table: t(operatoriCompensi),
    capability: "operatoriContrattiPratiche",
    contentType: "operatore_compenso",
    label: "Compenso",
    body: z.object({
      descrizione: text(200),
      importo: decimal(),
      dal: day(),
      al: day(),
      note: text(2000),
    }),
    validate: validateCompenso,
    labels: { descrizione: "Descrizione", importo: "Importo", dal: "Dal", al: "Al", note: "Note" },
    orderBy: (tb) => [desc(col(tb, "dal")), asc(tb.id)],
    hasFile: false,
    serialize: (row) => plain(row, ["descrizione", "importo", "dal", "al", "note"]),
  },
  {
    name: "pratiche",
    table: t(operatoriPratiche),
    capability: "operatoriContrattiPratiche",
    contentType: "operatore_pratica",
    label: "Pratica",
    body: z.object({
      tipo: text(50),
      stato: text(30),
      data_apertura: day(),
      data_chiusura: day(),
      note: text(5000),
    }),
    validate: validatePratica,
    labels: {
      tipo: "Tipo",
      stato: "Stato",
      data_apertura: "Data di apertura",
      data_chiusura: "Data di chiusura",
      note: "Note",
    },
    orderBy: (tb) => [desc(col(tb, "data_apertura")), desc(tb.id)],
    hasFile: false,
    serialize: (row) => plain(row, ["tipo", "stato", "data_apertura", "data_chiusura", "note"]),
  },
  {
    name: "indisponibilita",
    table: t(operatoriIndisponibilita),
    capability: "operatoriIndisponibilita",
    contentType: "operatore_indisponibilita",
    label: "Indisponibilità",
    body: z.object({ dal: timestamp(), al: timestamp(), motivo: text(200), note: text(2000) }),
    validate: validateIndisponibilita,
    labels: { dal: "Dal", al: "Al", motivo: "Motivo", note: "Note" },
    orderBy: (tb) => [desc(col(tb, "dal")), desc(tb.id)],
    hasFile: false,
    serialize: (row) => ({
      ...plain(row, ["motivo", "note"]),
      dal: row.dal instanceof Date ? row.dal.toISOString() : row.dal,
      al: row.al instanceof Date ? row.al.toISOString() : row.al,
    }),
  },
];

export const TAB_BY_NAME = new Map(TABS.map((d) => [d.name, d]));

/**
 * Values ready for the table: the unavailability's dal/al as Date, read by the rule its validator
 * checked (src/domain/instant.ts: a day alone is Rome midnight, 'dal' at its start, 'al' at its end).
 */
export function toColumns(def: TabDef, values: Row): Row {
  if (def.name !== "indisponibilita") return values;
  const out = { ...values };
  for (const [f, edge] of [
    ["dal", "start"],
    ["al", "end"],
  ] as const)
    if (typeof out[f] === "string") out[f] = new Date(parseInstant(out[f] as string, edge) as number);
  return out;
}
