/**
 * GET /api/pianificazione/registro-turni/?dal&al[&al_momento] (list engine): the shift register
 * (DM 269/2010) of a period as it stood at an instant (now by default): one row per operator on a
 * shift, with its times and confirmation as they were, and who made the last change and when.
 */
import { z } from "zod";
import { declareList } from "../list";

export const RegistroTurnoRow = z.object({
  giorno: z.string(),
  orario: z.string(),
  operatore: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  confermato: z.boolean(),
  ultima_modifica: z.string(),
  evento: z.string(),
  utente: z.string(),
  motivo: z.string(),
  id: z.number(),
  turno_id: z.number(),
  operatore_id: z.number(),
  /** The shift's contract and service; null once the service is gone. */
  contratto_id: z.number().nullable(),
  servizio_id: z.number().nullable(),
});
export type RegistroTurno = z.infer<typeof RegistroTurnoRow>;

/** The list of GET /api/pianificazione/registro-turni/ (`dal` and `al` required; `al_momento` an instant). */
export const RegistroTurniList = declareList({
  name: "registro-turni",
  title: "Registro turni",
  fields: {
    giorno: { label: "Giorno", type: "date", sortable: true, groupable: true },
    orario: { label: "Orario", type: "text", sortable: true },
    operatore: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    contratto: { label: "Contratto", type: "text", global: true },
    confermato: { label: "Confermato", type: "boolean" },
    ultima_modifica: { label: "Ultima modifica", type: "datetime", sortable: true },
    evento: { label: "Evento", type: "text" },
    utente: { label: "Utente", type: "text" },
    motivo: { label: "Motivazione", type: "text" },
  },
  defaultOrder: [
    { field: "giorno", asc: true },
    { field: "orario", asc: true },
    { field: "operatore", asc: true },
  ],
});
