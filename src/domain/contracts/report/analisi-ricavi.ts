/**
 * GET /api/report/analisi-ricavi/?dal&al (list engine, erp_marginalita; labelled Marginalità): one
 * row per contract and month with revenue − pay − the service costs = margin, and margin %. The
 * period selects whole months (every month it touches). Revenue and pay are summed per assignment
 * as in ricavi-attivita and compensi (src/domain/hours); an assignment without a price or a pay
 * adds nothing and is counted in `turni_senza_prezzo` / `turni_senza_compenso`, so the screen says
 * the margin is incomplete. Group by client, contract or month for the totals.
 */
import { z } from "zod";
import { declareList } from "../list";

export const MarginalitaRow = z.object({
  chiave: z.string(),
  /** First day of the month, 'YYYY-MM-DD'. */
  mese: z.string(),
  cliente: z.string(),
  contratto: z.string(),
  /** Seconds, worked where check-ins exist, planned otherwise. */
  ore: z.number(),
  ricavi: z.number(),
  compensi: z.number(),
  /** Pay × each qualification's employer-cost factor (contributions, TFR; Impostazioni → Costo del lavoro); = compensi without factors. */
  costo_lavoro: z.number(),
  costi: z.number(),
  margine: z.number(),
  /** margine / ricavi × 100, 2 decimals; null without revenue. */
  margine_pct: z.number().nullable(),
  in_perdita: z.boolean(),
  turni: z.number(),
  turni_senza_prezzo: z.number(),
  turni_senza_compenso: z.number(),
  cliente_id: z.number(),
  contratto_id: z.number(),
});
export type Marginalita = z.infer<typeof MarginalitaRow>;

const euro = (label: string) => ({ label, type: "euro", sortable: true, aggregate: "sum" }) as const;

export const MarginalitaList = declareList({
  name: "marginalita",
  title: "Marginalità",
  fields: {
    chiave: { label: "Chiave", type: "text", exportable: false },
    mese: { label: "Mese", type: "date", sortable: true, groupable: true },
    cliente: { label: "Cliente", type: "text", sortable: true, global: true, groupable: true },
    contratto: { label: "Contratto", type: "text", sortable: true, global: true, groupable: true },
    ore: { label: "Ore", type: "hours", sortable: true, aggregate: "sum" },
    ricavi: euro("Ricavi"),
    compensi: euro("Compensi"),
    costo_lavoro: euro("Costo del lavoro"),
    costi: euro("Costi del servizio"),
    margine: euro("Margine"),
    margine_pct: { label: "Margine %", type: "number", sortable: true },
    in_perdita: { label: "In perdita", type: "boolean", filter: "eq", groupable: true },
    turni: { label: "Turni", type: "integer", aggregate: "sum" },
    turni_senza_prezzo: { label: "Turni senza prezzo", type: "integer", aggregate: "sum" },
    turni_senza_compenso: { label: "Turni senza compenso", type: "integer", aggregate: "sum" },
    cliente_id: { label: "ID cliente", type: "integer", filter: "eq", exportable: false },
    contratto_id: { label: "ID contratto", type: "integer", filter: "eq", exportable: false },
  },
  defaultOrder: [
    { field: "mese", asc: true },
    { field: "cliente", asc: true },
    { field: "contratto", asc: true },
  ],
});
