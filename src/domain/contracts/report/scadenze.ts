/**
 * GET /api/report/scadenze-corsi/ and /api/report/scadenze-documenti/ (list engine,
 * erp_scadenze-corsi / erp_scadenze-documenti): the operators' courses and documents with an
 * expiry — only the latest of each type per operator (a renewed one hides the old) — their state
 * (src/domain/documenti.ts statoScadenza: 'scaduto', 'in_scadenza' within 30 days, 'valido'), and
 * the shifts the operator is on after the expiry (the planner's problem). `entro=YYYY-MM-DD`:
 * expiring by that day, already expired included; `scadenza_dal`/`scadenza_al`: a window.
 */
import { z } from "zod";
import { declareList, type ListField } from "../list";

export const ScadenzaRow = z.object({
  id: z.number(),
  operatore: z.string(),
  tipo: z.string(),
  tipo_descrizione: z.string(),
  data_scadenza: z.string(),
  stato: z.enum(["scaduto", "in_scadenza", "valido"]),
  /** Negative when expired. */
  giorni_alla_scadenza: z.number(),
  /** Assignments of the operator on days after the expiry. */
  turni_dopo_scadenza: z.number(),
  primo_turno_dopo: z.string().nullable(),
  operatore_id: z.number(),
});
export type Scadenza = z.infer<typeof ScadenzaRow>;

const FIELDS = {
  id: { label: "ID", type: "integer", exportable: false },
  operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
  tipo: { label: "Codice tipo", type: "text", filter: "in", exportable: false },
  tipo_descrizione: { label: "Tipo", type: "text", sortable: true, global: true, groupable: true },
  data_scadenza: { label: "Scadenza", type: "date", sortable: true, filter: "range", param: "scadenza" },
  stato: { label: "Stato", type: "text", filter: "eq", groupable: true },
  giorni_alla_scadenza: { label: "Giorni alla scadenza", type: "integer", sortable: true },
  turni_dopo_scadenza: { label: "Turni dopo la scadenza", type: "integer", sortable: true, aggregate: "sum" },
  primo_turno_dopo: { label: "Primo turno dopo la scadenza", type: "date", sortable: true },
  operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
} as const satisfies Record<string, ListField>;

const ORDER = [{ field: "data_scadenza", asc: true }];

export const ScadenzeCorsiList = declareList({
  name: "scadenze-corsi",
  title: "Scadenze corsi",
  fields: FIELDS,
  defaultOrder: ORDER,
});

export const ScadenzeDocumentiList = declareList({
  name: "scadenze-documenti",
  title: "Scadenze documenti",
  fields: FIELDS,
  defaultOrder: ORDER,
});
