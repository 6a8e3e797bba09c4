/** The contract of /api/comunicazioni/ (SPEC §3 Support notification, §7 Notifications): problems, the unread count, a ticket read. */
import { z } from "zod";
import { IdParams } from "../common";

export { IdParams };

const Persona = z.object({ id: z.number(), full_name: z.string() });

/** One active problem: SPEC §3 Support notification, plus the operator's id. */
export const ProblemaAttivoOut = z.object({
  id: z.number(),
  operatore: Persona,
  /** Europe/Rome wall-clock time, "YYYY-MM-DD HH:mm:ss". */
  data_ora: z.string(),
});

/** The active problems list: a plain array, newest first (SPEC §3 leaves the shape open). */
export const ProblemiAttiviOut = z.array(ProblemaAttivoOut);
export type ProblemNotification = z.infer<typeof ProblemaAttivoOut>;

/** The unread-ticket count of the side menu chip. */
export const SummaryOut = z.object({ result: z.number().int() });
export type TicketSummary = z.infer<typeof SummaryOut>;

export const TicketLettoOut = z.object({
  result: z.literal("OK"),
  id: z.number(),
  letto_il: z.string(),
  letto_da: Persona.nullable(),
});
export type TicketLetto = z.infer<typeof TicketLettoOut>;
