/** GET /api/pianificazione/deroghe/ (list engine): the report of derogations, one row per override. */
import { z } from "zod";

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
});
export type Deroga = z.infer<typeof DerogaRow>;
