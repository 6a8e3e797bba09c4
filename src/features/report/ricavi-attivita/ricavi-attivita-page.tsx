/** /report/ricavi-attivita: revenue per client / contract / month; amounts only with erp_ricavi-attivita_ricavi. */
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { IMPORTI_RICAVI } from "../../../domain/contracts/report/ricavi-attivita";
import { hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { type AssegnazioneRow, COLONNE, FASCE, layout, NOTA_FONTE, ReportScreen } from "../common/assegnazioni";

const PREZZO_ORARIO: DataTableColumn<AssegnazioneRow> = {
  key: "prezzo_orario",
  name: "Prezzo orario",
  format: "euro",
  width: 100,
};
const RICAVO: DataTableColumn<AssegnazioneRow> = {
  key: "ricavo",
  name: "Ricavo",
  format: "euro",
  sortable: true,
  width: 100,
  total: true,
};
/** Why a row has no revenue (the price is missing): last, it takes the width that is left. */
const NOTE: DataTableColumn<AssegnazioneRow> = { key: "motivo", name: "Note", minWidth: 120 };

/** Client, contract and date, the hours and the revenue in view at 1366 px; the rest in the column chooser. */
function colonne(importi: boolean): DataTableColumn<AssegnazioneRow>[] {
  const c = COLONNE;
  return layout(
    [c.cliente, c.giorno, c.contratto, c.servizio, c.ore, c.fonte, ...(importi ? [PREZZO_ORARIO, RICAVO, NOTE] : [])],
    [c.mese, c.operatore, c.qualifica, c.ore_pianificate, ...FASCE],
  );
}

export function RicaviAttivitaPage() {
  const importi = hasAny(usePermissions(), IMPORTI_RICAVI);
  return (
    <ReportScreen
      title="Ricavi attività"
      listId="ricavi-attivita"
      note={NOTA_FONTE}
      sort={{ field: "cliente", asc: true }}
      columns={colonne(importi)}
    />
  );
}
