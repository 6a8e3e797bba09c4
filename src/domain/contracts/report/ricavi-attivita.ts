/**
 * GET /api/report/ricavi-attivita/?dal&al (list engine, erp_ricavi-attivita): revenue per client /
 * contract / month, the basis for invoicing; the amounts only for erp_ricavi-attivita_ricavi.
 * Revenue = the hours × the contract's price for the shift's qualification with its surcharges
 * (src/domain/hours/money.ts); no price → `ricavo` null and `motivo` says why.
 */
import { z } from "zod";
import { withAdmins } from "../../permissions";
import { declareList } from "../list";
import { ASSEGNAZIONE_FIELDS, AssegnazioneRow } from "./assegnazioni";

/** Who sees the amounts of the ricavi-attivita report. */
export const IMPORTI_RICAVI = withAdmins("erp_ricavi-attivita_ricavi");

export const RicavoRow = AssegnazioneRow.extend({
  prezzo_orario: z.number().nullable().optional(),
  ricavo: z.number().nullable().optional(),
  motivo: z.string().nullable().optional(),
});
export type Ricavo = z.infer<typeof RicavoRow>;

export const RicaviAttivitaList = declareList({
  name: "ricavi-attivita",
  title: "Ricavi attività",
  fields: {
    ...ASSEGNAZIONE_FIELDS,
    prezzo_orario: { label: "Prezzo orario", type: "euro", permission: IMPORTI_RICAVI },
    ricavo: { label: "Ricavo", type: "euro", sortable: true, aggregate: "sum", permission: IMPORTI_RICAVI },
    motivo: { label: "Note", type: "text", permission: IMPORTI_RICAVI },
  },
  defaultOrder: [
    { field: "cliente", asc: true },
    { field: "contratto", asc: true },
    { field: "giorno", asc: true },
  ],
});
