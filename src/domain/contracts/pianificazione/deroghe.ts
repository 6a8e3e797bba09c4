/** GET /api/pianificazione/deroghe/ (list engine): the report of derogations, one row per override. */
import { z } from "zod";
import { declareList } from "../list";

export const DerogaRow = z.object({
  creata_il: z.string(),
  operatore: z.string(),
  giorno: z.string().nullable(),
  orario: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  limiti: z.string(),
  motivo: z.string(),
  utente: z.string(),
  id: z.number(),
  turno_id: z.number(),
  operatore_id: z.number(),
  codici: z.array(z.string()),
  /** The shift's contract and service; null once the shift is deleted. */
  contratto_id: z.number().nullable(),
  servizio_id: z.number().nullable(),
});
export type Deroga = z.infer<typeof DerogaRow>;

/** The list of GET /api/pianificazione/deroghe/: newest first. */
export const DerogheList = declareList({
  name: "deroghe",
  title: "Deroghe",
  fields: {
    creata_il: { label: "Data deroga", type: "datetime", sortable: true, filter: "range" },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
    giorno: { label: "Giorno", type: "date", sortable: true, filter: "range" },
    orario: { label: "Orario", type: "text" },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    contratto: { label: "Contratto", type: "text", global: true },
    limiti: { label: "Limiti superati", type: "text", global: true },
    motivo: { label: "Motivazione", type: "text", global: true },
    utente: { label: "Autorizzata da", type: "text", sortable: true, groupable: true },
  },
  defaultOrder: [{ field: "creata_il", asc: false }],
});
