/**
 * The operator's tab sub-resources (documenti, corsi, contratti, compensi, pratiche,
 * indisponibilita): table, permission, body shape, domain validator, change-log labels and the
 * answer shape of each. tabs.routes.ts builds the same CRUD for all of them.
 */
import { asc, desc } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FileRef } from "../../../../src/domain/contracts/anagrafiche/fields";
import { OPERATORE_TABS, type OperatoreTab } from "../../../../src/domain/contracts/anagrafiche/operatori-tabs";
import { isLicenza, statoScadenza, tipoCorsoLabel, tipoDocumentoLabel } from "../../../../src/domain/documenti";
import { parseInstant } from "../../../../src/domain/instant";
import {
  type FieldErrors,
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

type Row = Record<string, unknown>;

export interface TabDef {
  /** Path segment and key of the record's list. */
  name: OperatoreTab;
  table: PgTable & { id: PgColumn; operatore_id: PgColumn };
  capability: Capability;
  contentType: string;
  /** "Documento", used in audit notes. */
  label: string;
  /** The body (`{data: …}` content) and the row of the contract. */
  body: (typeof OPERATORE_TABS)[OperatoreTab]["data"];
  out: (typeof OPERATORE_TABS)[OperatoreTab]["out"];
  validate: (values: Row) => FieldErrors;
  labels: Record<string, string>;
  orderBy: (t: TabDef["table"]) => ReturnType<typeof asc>[];
  /** Has a file_id column (upload route attaches files). */
  hasFile: boolean;
  serialize: (row: Row, refs: Map<string, FileRef>, today: string) => Row;
}

const t = (table: unknown) => table as TabDef["table"];
const col = (table: TabDef["table"], name: string) => (table as unknown as Record<string, PgColumn>)[name];

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
    body: OPERATORE_TABS.documenti.data,
    out: OPERATORE_TABS.documenti.out,
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
    body: OPERATORE_TABS.corsi.data,
    out: OPERATORE_TABS.corsi.out,
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
    body: OPERATORE_TABS.contratti.data,
    out: OPERATORE_TABS.contratti.out,
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
    body: OPERATORE_TABS.compensi.data,
    out: OPERATORE_TABS.compensi.out,
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
    body: OPERATORE_TABS.pratiche.data,
    out: OPERATORE_TABS.pratiche.out,
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
    body: OPERATORE_TABS.indisponibilita.data,
    out: OPERATORE_TABS.indisponibilita.out,
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
