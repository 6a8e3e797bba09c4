/**
 * The contract of GET /api/comunicazioni/attivita/ (issue 12 item 3): attendance against the plan.
 * One row per assignment of an operator to a shift: planned times, the check-in and check-out sent
 * from the app, the difference in minutes, the check-in's distance from the service's address,
 * planned and worked hours (summed in a `group_by=giorno` answer: the day's totals).
 */
import { z } from "zod";
import { declareList } from "../../list";

export const AttivitaRow = z.object({
  id: z.number(),
  giorno: z.string(),
  cliente: z.string(),
  cliente_id: z.number(),
  servizio: z.string(),
  servizio_id: z.number(),
  operatore: z.string(),
  operatore_id: z.number(),
  inizio_previsto: z.string().nullable(),
  fine_prevista: z.string().nullable(),
  ingresso: z.string().nullable(),
  uscita: z.string().nullable(),
  /** Minutes of the check-in after the planned start (negative: early). */
  ritardo_minuti: z.number().nullable(),
  /** Minutes of the check-out before the planned end (negative: stayed longer). */
  anticipo_uscita_minuti: z.number().nullable(),
  /** Metres between the check-in's position and the service's address. */
  distanza_m: z.number().nullable(),
  ore_previste: z.number(),
  ore_lavorate: z.number().nullable(),
});
export type AttivitaRow = z.infer<typeof AttivitaRow>;

export const AttivitaList = declareList({
  name: "attivita",
  title: "Attività",
  fields: {
    id: { label: "ID", type: "integer", exportable: false },
    giorno: { label: "Giorno", type: "date", sortable: true, filter: "eq", groupable: true },
    cliente: { label: "Cliente", type: "text", sortable: true, filter: "contains", global: true, groupable: true },
    cliente_id: { label: "ID cliente", type: "integer", filter: "eq", exportable: false },
    servizio: { label: "Servizio", type: "text", sortable: true, filter: "contains", global: true },
    servizio_id: { label: "ID servizio", type: "integer", filter: "eq", exportable: false },
    operatore: { label: "Operatore", type: "text", sortable: true, filter: "contains", global: true, groupable: true },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
    inizio_previsto: { label: "Inizio previsto", type: "datetime", sortable: true },
    fine_prevista: { label: "Fine prevista", type: "datetime" },
    ingresso: { label: "Ingresso", type: "datetime", sortable: true },
    uscita: { label: "Uscita", type: "datetime" },
    ritardo_minuti: { label: "Ritardo (min)", type: "integer", sortable: true },
    anticipo_uscita_minuti: { label: "Uscita anticipata (min)", type: "integer", sortable: true },
    distanza_m: { label: "Distanza (m)", type: "integer", sortable: true },
    ore_previste: { label: "Ore previste", type: "hours", aggregate: "sum" },
    ore_lavorate: { label: "Ore lavorate", type: "hours", aggregate: "sum" },
  },
  defaultOrder: [{ field: "inizio_previsto", asc: true }],
});
