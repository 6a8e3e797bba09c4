/** /report/compensi: pay per operator and period with the split by kind of hour; amounts only with erp_compensi_compensi. */

import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { IMPORTI_COMPENSI } from "../../../domain/contracts/report/compensi";
import { hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { type AssegnazioneRow, CHI_DOVE_QUANDO, FASCE, NOTA_FONTE, ORE, ReportScreen } from "../common/assegnazioni";

const IMPORTI: DataTableColumn<AssegnazioneRow>[] = [
  { key: "compenso_orario", name: "Compenso orario", format: "euro" },
  { key: "compenso", name: "Compenso", format: "euro", sortable: true },
  { key: "motivo", name: "Note", width: 260 },
];

export function CompensiPage() {
  const importi = hasAny(usePermissions(), IMPORTI_COMPENSI);
  return (
    <ReportScreen
      title="Compensi"
      listId="compensi"
      note={NOTA_FONTE}
      sort={{ field: "operatore", asc: true }}
      columns={[...CHI_DOVE_QUANDO, ...ORE, ...(importi ? IMPORTI : []), ...FASCE]}
    />
  );
}
