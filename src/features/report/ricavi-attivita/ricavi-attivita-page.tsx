/** /report/ricavi-attivita: revenue per client / contract / month; amounts only with erp_ricavi-attivita_ricavi. */
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { IMPORTI_RICAVI } from "../../../domain/contracts/report/ricavi-attivita";
import { hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { type AssegnazioneRow, CHI_DOVE_QUANDO, FASCE, NOTA_FONTE, ORE, ReportScreen } from "../common/assegnazioni";

const IMPORTI: DataTableColumn<AssegnazioneRow>[] = [
  { key: "prezzo_orario", name: "Prezzo orario", format: "euro" },
  { key: "ricavo", name: "Ricavo", format: "euro", sortable: true },
  { key: "motivo", name: "Note", width: 260 },
];

export function RicaviAttivitaPage() {
  const importi = hasAny(usePermissions(), IMPORTI_RICAVI);
  return (
    <ReportScreen
      title="Ricavi attività"
      listId="ricavi-attivita"
      note={NOTA_FONTE}
      sort={{ field: "cliente", asc: true }}
      columns={[...CHI_DOVE_QUANDO, ...ORE, ...(importi ? IMPORTI : []), ...FASCE]}
    />
  );
}
