/**
 * The Ronde report (issue 34 item 4): every round with its state, times and points, per client,
 * service and period (the list engine: filters, group-by, export), and the client-ready PDF of one
 * night at one site. Times Europe/Rome.
 */
import { z } from "zod";
import { dbId } from "../../common";
import { declareList } from "../../list";

export const RondaReportRow = z.object({
  id: z.number(),
  previsto_il: z.string(),
  cliente: z.string(),
  cliente_id: z.number(),
  servizio: z.string(),
  servizio_id: z.number(),
  piano: z.string(),
  stato: z.string(),
  operatore: z.string(),
  iniziata_il: z.string().nullable(),
  finita_il: z.string().nullable(),
  punti: z.number(),
  punti_fatti: z.number(),
  punti_mancanti: z.string(),
  segnalati: z.number(),
  fuori_ordine: z.boolean(),
});
export type RondaReportRow = z.infer<typeof RondaReportRow>;

export const RondeReportList = declareList({
  name: "report-ronde",
  title: "Ronde",
  fields: {
    id: { label: "N.", type: "integer", sortable: true },
    previsto_il: { label: "Prevista", type: "datetime", sortable: true, filter: "range", param: "periodo" },
    cliente: { label: "Cliente", type: "text", global: true, filter: "contains", groupable: true },
    cliente_id: { label: "ID cliente", type: "integer", filter: "eq", exportable: false },
    servizio: { label: "Servizio", type: "text", global: true, filter: "contains", groupable: true },
    servizio_id: { label: "ID servizio", type: "integer", filter: "eq", exportable: false },
    piano: { label: "Piano", type: "text", groupable: true },
    stato: { label: "Stato", type: "text", filter: "in", groupable: true },
    operatore: { label: "Guardia", type: "text", global: true, groupable: true },
    iniziata_il: { label: "Iniziata", type: "datetime" },
    finita_il: { label: "Finita", type: "datetime" },
    punti: { label: "Punti", type: "integer", aggregate: "sum" },
    punti_fatti: { label: "Punti fatti", type: "integer", aggregate: "sum" },
    punti_mancanti: { label: "Punti mancati", type: "text" },
    segnalati: { label: "Passaggi segnalati", type: "integer", aggregate: "sum" },
    fuori_ordine: { label: "Fuori ordine", type: "boolean", filter: "eq" },
  },
  defaultOrder: [{ field: "previsto_il", asc: false }],
});

/** GET /api/report/ronde/notte/?servizio=…&giorno=YYYY-MM-DD: the night from noon to noon. */
export const NotteQuery = z.object({
  servizio: dbId(),
  giorno: z
    .string({ error: "Data non valida (AAAA-MM-GG)" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Data non valida (AAAA-MM-GG)"),
});
