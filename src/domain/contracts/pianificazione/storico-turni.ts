/** GET /api/pianificazione/storico-turni/?dal&al (list engine): the shift plan of a period, one row per shift. */
import { z } from "zod";

export const StoricoTurnoRow = z.object({
  giorno: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  indirizzo: z.string(),
  turno_id: z.number(),
  orario: z.string(),
  posizione: z.string(),
  operatori_richiesti: z.number(),
  assegnati: z.number(),
  confermati: z.number(),
  operatori: z.array(z.object({ id: z.number(), cognome: z.string(), nome: z.string(), confermato: z.boolean() })),
  /** Seconds. */
  ore_lavorate: z.number(),
  contratto_id: z.number(),
  servizio_id: z.number(),
  inizio_f1: z.string(),
  fine_f1: z.string(),
  inizio_f2: z.string().nullable(),
  fine_f2: z.string().nullable(),
});
export type StoricoTurno = z.infer<typeof StoricoTurnoRow>;
