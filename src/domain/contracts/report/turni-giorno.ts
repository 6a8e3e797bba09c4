/**
 * GET /api/report/dashboard/turni/?giorno&copertura (list engine, the dashboard's capability): the
 * shifts of one day that the dashboard's 'Turni di oggi' figures count — `copertura` 'coperti'
 * (at least the requested operators), 'scoperti' (fewer), 'non_confermati' (an operator who has not
 * confirmed) — each with what it needs and the ids of its day in the plan (to open the assignment).
 * The same conditions as the figures (server/modules/report/dashboard/copertura.ts), so a figure
 * equals its list's count.
 */
import { z } from "zod";
import { declareList } from "../list";

export const COPERTURE = ["coperti", "scoperti", "non_confermati"] as const;
export type Copertura = (typeof COPERTURE)[number];

export const TurnoGiornoRow = z.object({
  id: z.number(),
  giorno: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  servizio: z.string(),
  orario: z.string(),
  qualifica: z.string(),
  operatori_richiesti: z.number(),
  assegnati: z.number(),
  confermati: z.number(),
  /** Operators still missing (0 when covered). */
  mancanti: z.number(),
  contratto_id: z.number(),
  servizio_id: z.number(),
  giorno_id: z.number(),
});
export type TurnoGiorno = z.infer<typeof TurnoGiornoRow>;

const ref = (label: string) => ({ label, type: "integer", exportable: false }) as const;

export const TurniGiornoList = declareList({
  name: "turni-del-giorno",
  title: "Turni del giorno",
  fields: {
    id: { label: "Turno", type: "integer", sortable: true },
    giorno: { label: "Giorno", type: "date" },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    contratto: { label: "Contratto", type: "text", global: true },
    servizio: { label: "Servizio", type: "text", global: true },
    orario: { label: "Orario", type: "text", sortable: true },
    qualifica: { label: "Qualifica", type: "text", groupable: true },
    operatori_richiesti: { label: "Operatori richiesti", type: "integer", aggregate: "sum" },
    assegnati: { label: "Assegnati", type: "integer", aggregate: "sum" },
    confermati: { label: "Confermati", type: "integer", aggregate: "sum" },
    mancanti: { label: "Mancanti", type: "integer", sortable: true, aggregate: "sum" },
    contratto_id: ref("ID contratto"),
    servizio_id: ref("ID servizio"),
    giorno_id: ref("ID giorno"),
  },
  defaultOrder: [
    { field: "orario", asc: true },
    { field: "cliente", asc: true },
  ],
});
