/**
 * GET /api/report/compensi/?dal&al (list engine, erp_compensi): pay per operator and period with the
 * split by kind of hour; the amounts only for erp_compensi_compensi (absent, not 0, for others).
 * Pay = the hours × the contract's compensi for the shift's qualification (src/domain/hours/money.ts);
 * no compenso for the qualification → `compenso` null and `motivo` says why.
 */
import { z } from "zod";
import { withAdmins } from "../../permissions";
import { declareList } from "../list";
import { ASSEGNAZIONE_FIELDS, AssegnazioneRow } from "./assegnazioni";

/** Who sees the amounts of the compensi report. */
export const IMPORTI_COMPENSI = withAdmins("erp_compensi_compensi");

export const CompensoRow = AssegnazioneRow.extend({
  compenso_orario: z.number().nullable().optional(),
  compenso: z.number().nullable().optional(),
  motivo: z.string().nullable().optional(),
});
export type Compenso = z.infer<typeof CompensoRow>;

export const CompensiList = declareList({
  name: "compensi",
  title: "Compensi",
  fields: {
    ...ASSEGNAZIONE_FIELDS,
    compenso_orario: { label: "Compenso orario", type: "euro", permission: IMPORTI_COMPENSI },
    compenso: { label: "Compenso", type: "euro", sortable: true, aggregate: "sum", permission: IMPORTI_COMPENSI },
    motivo: { label: "Note", type: "text", permission: IMPORTI_COMPENSI },
  },
  defaultOrder: [
    { field: "operatore", asc: true },
    { field: "giorno", asc: true },
  ],
});
