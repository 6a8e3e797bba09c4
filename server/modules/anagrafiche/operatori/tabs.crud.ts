/**
 * The operator's tabs as sub-resources (server/lib/crud) under /api/anagrafiche/operatori/{id}/:
 * documenti, corsi, contratti, compensi, pratiche, indisponibilita — each behind its tab's
 * permission, checked by its domain validator, audited with the operator as related object and
 * the note "<Tab> di <Cognome Nome>". The same lists are part of the operator's record
 * (tabs.service.ts) and of the GDPR export.
 */
import { eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { idParams, subIdParams } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { OPERATORE_TABS, type OperatoreTab } from "../../../../src/domain/contracts/anagrafiche/operatori-tabs";
import { updateSchema } from "../../../../src/domain/contracts/update-schema";
import { isLicenza, statoScadenza, tipoCorsoLabel, tipoDocumentoLabel } from "../../../../src/domain/documenti";
import { toApiDate } from "../../../../src/domain/format";
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
import { CAPABILITIES, type Capability } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { operatori } from "../../../db/schema/anagrafiche-operatori";
import { type ChildCrud, defineChildCrud, type ReadContext, type Row } from "../../../lib/crud";
import { notFound } from "../../../lib/errors";
import { fileRefs } from "./file-refs";

/** The parent of every tab: the operator and the name its audit notes show. */
export interface OperatoreOfTab {
  id: number;
  /** "Cognome Nome" */
  nome: string;
}

/** The audit entry's related object of a write on an operator's tab. */
export const relatedToOperatore = (id: number) => [{ content_type: "operatore", object_id: id }];

export async function operatoreOfTab(ex: Executor, id: number): Promise<OperatoreOfTab> {
  const [row] = await ex
    .select({ cognome: operatori.cognome, nome: operatori.nome })
    .from(operatori)
    .where(eq(operatori.id, id));
  if (!row) throw notFound("Operatore non trovato");
  return { id, nome: `${row.cognome} ${row.nome}` };
}

const day = (column: string) => sql`to_char(x.${sql.identifier(column)}, 'YYYY-MM-DD') AS ${sql.identifier(column)}`;
/** An instant as JavaScript's toISOString() writes it. */
const instant = (column: string) =>
  sql`to_char(x.${sql.identifier(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${sql.identifier(column)}`;

interface Tab {
  name: OperatoreTab;
  table: string;
  capability: Capability;
  contentType: string;
  /** "Documento": the audit note and the 404 ("Documento non trovato"). */
  label: string;
  validate: (values: Row) => FieldErrors;
  labels: Record<string, string>;
  select: SQL;
  orderBy: SQL;
  present?: (rows: Row[], read: ReadContext) => Promise<Row[]>;
  toColumns?: (values: Row) => Row;
  file?: { column: string };
}

function tab(t: Tab): ChildCrud<OperatoreOfTab> {
  const data: z.ZodObject = OPERATORE_TABS[t.name].data;
  const out: z.ZodType = OPERATORE_TABS[t.name].out;
  return defineChildCrud<OperatoreOfTab>({
    path: `/:id/${t.name}`,
    params: idParams,
    itemParams: subIdParams,
    item: "subId",
    tags: ["anagrafiche"],
    permissions: CAPABILITIES[t.capability],
    list: "array",
    contract: { create: data, update: updateSchema(data), row: out },
    parent: {
      find: (ex, ids) => operatoreOfTab(ex, ids.id),
      id: (o) => o.id,
      related: (o) => relatedToOperatore(o.id),
    },
    table: t.table,
    parentColumn: "operatore_id",
    columns: Object.fromEntries(Object.keys(data.shape).map((f) => [f, f])),
    select: t.select,
    orderBy: t.orderBy,
    present: t.present,
    notFound: `${t.label} non trovato`,
    audit: { contentType: t.contentType, labels: t.labels, note: (o) => `${t.label} di ${o.nome}` },
    validate: t.validate,
    toColumns: t.toColumns,
    file: t.file,
  });
}

/** Documents and courses: the type's label, the expiry's state today and the scanned file. */
function withFile(extra: (row: Row, today: string) => Row) {
  return async (rows: Row[], read: ReadContext): Promise<Row[]> => {
    const refs = await fileRefs(
      read.db,
      rows.map((r) => r.file_id as string | null),
    );
    const today = toApiDate(read.clock());
    return rows.map(({ file_id, ...row }) => ({
      ...row,
      ...extra(row, today),
      file: file_id ? (refs.get(file_id as string) ?? null) : null,
      stato: statoScadenza(row.data_scadenza as string | null, today),
    }));
  };
}

const fileColumn = { column: "file_id" };

export const TABS: Record<OperatoreTab, ChildCrud<OperatoreOfTab>> = {
  documenti: tab({
    name: "documenti",
    table: "operatori_documenti",
    capability: "operatoriDocumentiCorsi",
    contentType: "operatore_documento",
    label: "Documento",
    validate: validateDocumento,
    labels: {
      tipo: "Tipo",
      numero: "Numero",
      rilasciato_da: "Rilasciato da",
      data_rilascio: "Data di rilascio",
      data_scadenza: "Data di scadenza",
      note: "Note",
    },
    select: sql`x.id, x.tipo, x.numero, x.rilasciato_da, ${day("data_rilascio")}, ${day("data_scadenza")}, x.note, x.file_id`,
    orderBy: sql`x.tipo, x.data_scadenza DESC, x.id`,
    present: withFile((row) => ({
      tipo_label: tipoDocumentoLabel(String(row.tipo)),
      licenza: isLicenza(String(row.tipo)),
    })),
    file: fileColumn,
  }),
  corsi: tab({
    name: "corsi",
    table: "operatori_corsi",
    capability: "operatoriDocumentiCorsi",
    contentType: "operatore_corso",
    label: "Corso",
    validate: validateCorso,
    labels: {
      tipo: "Tipo",
      ente: "Ente",
      data_conseguimento: "Data di conseguimento",
      data_scadenza: "Data di scadenza",
      note: "Note",
    },
    select: sql`x.id, x.tipo, x.ente, ${day("data_conseguimento")}, ${day("data_scadenza")}, x.note, x.file_id`,
    orderBy: sql`x.data_conseguimento DESC, x.id`,
    present: withFile((row) => ({ tipo_label: tipoCorsoLabel(String(row.tipo)) })),
    file: fileColumn,
  }),
  contratti: tab({
    name: "contratti",
    table: "operatori_contratti",
    capability: "operatoriContrattiPratiche",
    contentType: "operatore_contratto",
    label: "Contratto",
    validate: validateContratto,
    labels: {
      tipo: "Tipo di contratto",
      data_inizio: "Data di inizio",
      data_fine: "Data di fine",
      ore_settimanali: "Ore settimanali",
      note: "Note",
    },
    select: sql`x.id, x.tipo, ${day("data_inizio")}, ${day("data_fine")}, x.ore_settimanali::float8 AS ore_settimanali, x.note`,
    orderBy: sql`x.data_inizio DESC, x.id DESC`,
  }),
  compensi: tab({
    name: "compensi",
    table: "operatori_compensi",
    capability: "operatoriContrattiPratiche",
    contentType: "operatore_compenso",
    label: "Compenso",
    validate: validateCompenso,
    labels: { descrizione: "Descrizione", importo: "Importo", dal: "Dal", al: "Al", note: "Note" },
    select: sql`x.id, x.descrizione, x.importo::float8 AS importo, ${day("dal")}, ${day("al")}, x.note`,
    orderBy: sql`x.dal DESC, x.id`,
  }),
  pratiche: tab({
    name: "pratiche",
    table: "operatori_pratiche",
    capability: "operatoriContrattiPratiche",
    contentType: "operatore_pratica",
    label: "Pratica",
    validate: validatePratica,
    labels: {
      tipo: "Tipo",
      stato: "Stato",
      data_apertura: "Data di apertura",
      data_chiusura: "Data di chiusura",
      note: "Note",
    },
    select: sql`x.id, x.tipo, x.stato, ${day("data_apertura")}, ${day("data_chiusura")}, x.note`,
    orderBy: sql`x.data_apertura DESC, x.id DESC`,
  }),
  indisponibilita: tab({
    name: "indisponibilita",
    table: "operatori_indisponibilita",
    capability: "operatoriIndisponibilita",
    contentType: "operatore_indisponibilita",
    label: "Indisponibilità",
    validate: validateIndisponibilita,
    labels: { dal: "Dal", al: "Al", motivo: "Motivo", note: "Note" },
    select: sql`x.id, x.motivo, x.note, ${instant("dal")}, ${instant("al")}`,
    orderBy: sql`x.dal DESC, x.id DESC`,
    // dal/al read by the rule their validator checked (src/domain/instant.ts: a day alone is Rome
    // midnight, 'dal' at its start, 'al' at its end).
    toColumns: (values) => {
      const out = { ...values };
      for (const [f, edge] of [
        ["dal", "start"],
        ["al", "end"],
      ] as const)
        if (typeof out[f] === "string") out[f] = new Date(parseInstant(out[f] as string, edge) as number).toISOString();
      return out;
    },
  }),
};
