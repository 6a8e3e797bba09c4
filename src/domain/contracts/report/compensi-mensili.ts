/**
 * GET /api/report/compensi/mensile/?dal&al (list engine, erp_compensi): the payroll office's monthly
 * file — one row per operator and month with the hours by kind and the pay, the same figures as the
 * compensi report (server/modules/report/assegnazioni.ts) summed per operator and month. The period
 * is whole months (dal the 1st of a month, al the last day of a month), at most 366 days.
 *
 * Column layout of the export (stable: the payroll software maps columns by position and label;
 * change it only with a new column at the end). Exports (`file_type=xlsx|csv|pdf`) default to
 * these columns in this order; hours are HH:MM, euro with 2 decimals (SPEC §9):
 *   Mese (MM/AAAA) · Matricola · Cognome · Nome · Codice fiscale* · Turni · Turni da timbrature ·
 *   Ore pianificate · Ore · Diurne · Notturne · Domenicali · Festive · Compenso** · Turni senza compenso
 *   *  only for who may see the operators' personal data (erp_operatori_anagrafica or an admin);
 *   ** only with erp_compensi_compensi. Absent columns are left out, never blank.
 * `Ore` are worked where the shift has complete check-ins, planned otherwise ('Turni da
 * timbrature' says how many); `Compenso` sums the shifts that have a compenso, 'Turni senza
 * compenso' counts the others (no rate → no amount, never 0).
 */
import { z } from "zod";
import { CAPABILITIES } from "../../permissions";
import { declareList } from "../list";
import { IMPORTI_COMPENSI } from "./compensi";

export const CompensoMensileRow = z.object({
  id: z.string(),
  /** 'MM/YYYY'. */
  mese: z.string(),
  matricola: z.string(),
  cognome: z.string(),
  nome: z.string(),
  codice_fiscale: z.string().nullable().optional(),
  turni: z.number(),
  turni_timbrati: z.number(),
  ore_pianificate: z.number(),
  ore: z.number(),
  diurne: z.number(),
  notturne: z.number(),
  domenicali: z.number(),
  festive: z.number(),
  compenso: z.number().nullable().optional(),
  turni_senza_compenso: z.number(),
  operatore_id: z.number(),
});
export type CompensoMensile = z.infer<typeof CompensoMensileRow>;

const ore = (label: string) => ({ label, type: "hours", sortable: true, aggregate: "sum" }) as const;

export const CompensiMensiliList = declareList({
  name: "compensi-mensili",
  title: "Compensi mensili (file paghe)",
  fields: {
    id: { label: "ID", type: "text", exportable: false },
    mese: { label: "Mese", type: "text", sortable: true, groupable: true },
    matricola: { label: "Matricola", type: "text", sortable: true, global: true },
    cognome: { label: "Cognome", type: "text", sortable: true, global: true },
    nome: { label: "Nome", type: "text", global: true },
    codice_fiscale: { label: "Codice fiscale", type: "text", permission: CAPABILITIES.operatoriAnagrafica },
    turni: { label: "Turni", type: "integer", sortable: true, aggregate: "sum" },
    turni_timbrati: { label: "Turni da timbrature", type: "integer", aggregate: "sum" },
    ore_pianificate: ore("Ore pianificate"),
    ore: ore("Ore"),
    diurne: ore("Diurne"),
    notturne: ore("Notturne"),
    domenicali: ore("Domenicali"),
    festive: ore("Festive"),
    compenso: { label: "Compenso", type: "euro", sortable: true, aggregate: "sum", permission: IMPORTI_COMPENSI },
    turni_senza_compenso: { label: "Turni senza compenso", type: "integer", aggregate: "sum" },
    operatore_id: { label: "ID operatore", type: "integer", filter: "eq", exportable: false },
  },
  defaultOrder: [
    { field: "mese", asc: true },
    { field: "cognome", asc: true },
  ],
});
