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
import { type AssegnazioneRow, CHI_DOVE_QUANDO, FASCE, NOTA_FONTE, ORE, ReportScreen } from "../common/assegnazioni";
import { meseCorrente } from "../common/periodo";

const IMPORTI: DataTableColumn<AssegnazioneRow>[] = [
  { key: "compenso_orario", name: "Compenso orario", format: "euro" },
  { key: "compenso", name: "Compenso", format: "euro", sortable: true },
  { key: "motivo", name: "Note", width: 260 },
];

type MensileRow = CompensoMensile & Record<string, unknown>;

const MESI_FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "date-range", name: "periodo", label: "Mesi", fromName: "dal", toName: "al", shortcuts: true },
];

function FilePaghe({ importi, anagrafica }: { importi: boolean; anagrafica: boolean }) {
  const columns: DataTableColumn<MensileRow>[] = [
    { key: "mese", name: "Mese", sortable: true },
    { key: "matricola", name: "Matricola", sortable: true },
    { key: "cognome", name: "Cognome", sortable: true },
    { key: "nome", name: "Nome" },
    ...(anagrafica ? [{ key: "codice_fiscale", name: "Codice fiscale", width: 170 }] : []),
    { key: "turni", name: "Turni", sortable: true },
    { key: "turni_timbrati", name: "Turni da timbrature" },
    { key: "ore_pianificate", name: "Ore pianificate", format: "hours", sortable: true },
    { key: "ore", name: "Ore", format: "hours", sortable: true },
    { key: "diurne", name: "Diurne", format: "hours", sortable: true },
    { key: "notturne", name: "Notturne", format: "hours", sortable: true },
    { key: "domenicali", name: "Domenicali", format: "hours", sortable: true },
    { key: "festive", name: "Festive", format: "hours", sortable: true },
    ...(importi ? [{ key: "compenso", name: "Compenso", format: "euro", sortable: true } as const] : []),
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
            columns={[...CHI_DOVE_QUANDO, ...ORE, ...(importi ? IMPORTI : []), ...FASCE]}
          />
        </Tabs.Content>
        <Tabs.Content value="mensile">
          <FilePaghe importi={importi} anagrafica={anagrafica} />
        </Tabs.Content>
      </Tabs.Root>
    </Box>
  );
}
