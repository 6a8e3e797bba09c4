/**
 * /report/compensi: pay per operator and period with the split by kind of hour (tab 'Turni'), and the
 * payroll office's monthly file (tab 'File paghe mensile', /api/report/compensi/mensile/); amounts
 * only with erp_compensi_compensi, the fiscal code only with the operators' personal data.
 */
import { Box, Heading, Tabs, Text } from "@chakra-ui/react";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { IMPORTI_COMPENSI } from "../../../domain/contracts/report/compensi";
import type { CompensoMensile } from "../../../domain/contracts/report/compensi-mensili";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { type AssegnazioneRow, COLONNE, FASCE, layout, NOTA_FONTE, ReportScreen } from "../common/assegnazioni";
import { meseCorrente } from "../common/periodo";

const COMPENSO_ORARIO: DataTableColumn<AssegnazioneRow> = {
  key: "compenso_orario",
  name: "Compenso orario",
  format: "euro",
  width: 110,
};
const COMPENSO: DataTableColumn<AssegnazioneRow> = {
  key: "compenso",
  name: "Compenso",
  format: "euro",
  sortable: true,
  width: 100,
  total: true,
};
/** Why a row has no pay (the rate is missing): last, it takes the width that is left. */
const NOTE: DataTableColumn<AssegnazioneRow> = { key: "motivo", name: "Note", minWidth: 120 };

/** Who and when, the hours and the pay in view at 1366 px; the rest in the column chooser. */
function colonneTurni(importi: boolean): DataTableColumn<AssegnazioneRow>[] {
  const c = COLONNE;
  return layout(
    [
      c.operatore,
      c.giorno,
      c.cliente,
      c.servizio,
      c.ore,
      c.fonte,
      ...(importi ? [COMPENSO_ORARIO, COMPENSO, NOTE] : []),
    ],
    [c.mese, c.contratto, c.qualifica, c.ore_pianificate, ...FASCE],
  );
}

type MensileRow = CompensoMensile & Record<string, unknown>;

const MESI_FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "date-range", name: "periodo", label: "Mesi", fromName: "dal", toName: "al", shortcuts: true },
];

function FilePaghe({ importi, anagrafica }: { importi: boolean; anagrafica: boolean }) {
  // Who, the month, the hours and the pay first (in view at 1366 px, the name frozen), the detail
  // after; nothing hidden: the export is the payroll office's file (issue 32 item 4).
  const columns: DataTableColumn<MensileRow>[] = [
    { key: "cognome", name: "Cognome", sortable: true, width: 140, frozen: "start" },
    { key: "nome", name: "Nome", width: 110 },
    { key: "matricola", name: "Matricola", sortable: true, width: 90 },
    { key: "mese", name: "Mese", sortable: true, width: 80 },
    { key: "ore", name: "Ore", format: "hours", sortable: true, width: 70, total: true },
    ...(importi
      ? [{ key: "compenso", name: "Compenso", format: "euro", sortable: true, width: 100, total: true } as const]
      : []),
    { key: "diurne", name: "Diurne", format: "hours", sortable: true, width: 80, total: true },
    { key: "notturne", name: "Notturne", format: "hours", sortable: true, width: 80, total: true },
    { key: "domenicali", name: "Domenicali", format: "hours", sortable: true, width: 90, total: true },
    { key: "festive", name: "Festive", format: "hours", sortable: true, width: 80, total: true },
    { key: "turni", name: "Turni", format: "integer", sortable: true, width: 70, total: true },
    { key: "turni_timbrati", name: "Turni da timbrature" },
    { key: "ore_pianificate", name: "Ore pianificate", format: "hours", sortable: true },
    ...(anagrafica ? [{ key: "codice_fiscale", name: "Codice fiscale", width: 170 }] : []),
    { key: "turni_senza_compenso", name: "Turni senza compenso" },
  ];
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Una riga per operatore e mese, per mesi interi: esporta in xlsx o csv per l'ufficio paghe. {NOTA_FONTE}
      </Text>
      <ListScreen<MensileRow>
        listId="compensi-mensili"
        path="report/compensi/mensile/"
        urlPrefix="m_"
        aria-label="File paghe mensile"
        defaults={{ filters: meseCorrente(), sort: { field: "cognome", asc: true }, autoload: true }}
        filters={MESI_FILTERS}
        columns={columns}
      />
    </Box>
  );
}

export function CompensiPage() {
  const permissions = usePermissions();
  const importi = hasAny(permissions, IMPORTI_COMPENSI);
  const anagrafica = hasAny(permissions, CAPABILITIES.operatoriAnagrafica);
  return (
    <Box p="4">
      <Heading size="lg" mb="2">
        Compensi
      </Heading>
      <Tabs.Root defaultValue="turni" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="turni">Turni</Tabs.Trigger>
          <Tabs.Trigger value="mensile">File paghe mensile</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="turni">
          <ReportScreen
            title="Compensi"
            hideTitle
            listId="compensi"
            note={NOTA_FONTE}
            sort={{ field: "operatore", asc: true }}
            columns={colonneTurni(importi)}
          />
        </Tabs.Content>
        <Tabs.Content value="mensile">
          <FilePaghe importi={importi} anagrafica={anagrafica} />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
