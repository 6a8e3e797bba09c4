/**
 * GET /api/report/pratiche/ (list engine, administrators only): the operators' pratiche with type,
 * state, opening and closing day and how long they have been open. The table has no due date:
 * `data_chiusura` is the closing day of a closed one.
 */
import { z } from "zod";
import { declareList } from "../list";

export const PraticaRow = z.object({
  id: z.number(),
  operatore: z.string(),
  tipo: z.string(),
  tipo_descrizione: z.string(),
  stato: z.string(),
  stato_descrizione: z.string(),
  data_apertura: z.string(),
  data_chiusura: z.string().nullable(),
  /** Days from opening to closing, or to today while open. */
  giorni: z.number(),
  note: z.string(),
  operatore_id: z.number(),
});
export type Pratica = z.infer<typeof PraticaRow>;

export const PraticheList = declareList({
  name: "pratiche",
  title: "Pratiche",
  fields: {
    id: { label: "ID", type: "integer", exportable: false },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
    tipo: { label: "Codice tipo", type: "text", filter: "in", exportable: false },
    tipo_descrizione: { label: "Tipo", type: "text", sortable: true, groupable: true },
    stato: { label: "Codice stato", type: "text", filter: "in", exportable: false },
    stato_descrizione: { label: "Stato", type: "text", sortable: true, groupable: true },
    data_apertura: { label: "Aperta il", type: "date", sortable: true, filter: "range", param: "apertura" },
    data_chiusura: { label: "Chiusa il", type: "date", sortable: true },
    giorni: { label: "Giorni", type: "integer", sortable: true },
    note: { label: "Note", type: "text", global: true },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
  },
  defaultOrder: [{ field: "data_apertura", asc: false }],
});
