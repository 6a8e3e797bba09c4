/**
 * /anagrafiche/operatori: the operators list (ListScreen on GET /api/anagrafiche/operatori/).
 * The cognome cell opens the quick view on hover; codice fiscale only for erp_operatori_anagrafica.
 */
import { Badge, Box, Button, Link as ChakraLink, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { Link, useNavigate } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { OperatorName } from "../../../components/quick-view/operator-quick-view";
import { GIORNI_IN_SCADENZA, statoScadenza } from "../../../domain/documenti";
import { formatDate, toApiDate } from "../../../domain/format";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { ChipLine } from "../common/chip-line";
import { StarRating } from "../common/star-rating";

type Row = Record<string, unknown>;

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "province", name: "prov", label: "Provincia", multiple: true },
  { type: "qualifications", name: "posizione_id", label: "Qualifica" },
  { type: "evaluations", name: "rating", label: "Valutazione", multiple: true },
  { type: "switch", name: "attivo", label: "Attivo", span: 2 },
  { type: "switch", name: "cessato", label: "Cessato", span: 2 },
  { type: "switch", name: "black_list", label: "Black list", span: 2 },
  { type: "number", name: "documenti_in_scadenza", label: "Documenti in scadenza entro (giorni)" },
];

function StatoChips({ row }: { row: Row }) {
  return (
    <HStack gap="1">
      {row.attivo ? <Badge colorPalette="green">Attivo</Badge> : null}
      {row.cessato ? <Badge colorPalette="gray">Cessato</Badge> : null}
      {row.black_list ? <Badge colorPalette="red">Black list</Badge> : null}
    </HStack>
  );
}

function Scadenza({ value }: { value: unknown }) {
  if (!value) return <Text as="span">—</Text>;
  const stato = statoScadenza(String(value), toApiDate(new Date()));
  const color = stato === "scaduto" ? "red.600" : stato === "in_scadenza" ? "orange.500" : undefined;
  return (
    <Text as="span" color={color} fontWeight={color ? "semibold" : undefined}>
      {formatDate(String(value))}
    </Text>
  );
}

export function operatoriColumns(showCodiceFiscale: boolean): DataTableColumn<Row>[] {
  const columns: DataTableColumn<Row>[] = [
    { key: "codice", name: "Codice", sortable: true, width: 90 },
    {
      key: "cognome",
      name: "Cognome",
      sortable: true,
      render: (r) => (
        <OperatorName id={Number(r.id)}>
          <ChakraLink asChild>
            <Link to={`/anagrafiche/operatori/${r.id}`}>{String(r.cognome ?? "")}</Link>
          </ChakraLink>
        </OperatorName>
      ),
    },
    { key: "nome", name: "Nome", sortable: true },
  ];
  if (showCodiceFiscale) columns.push({ key: "codice_fiscale", name: "Codice fiscale" });
  columns.push(
    { key: "cellulare", name: "Cellulare" },
    {
      key: "citta",
      name: "Città / Prov.",
      sortable: true,
      groupable: true,
      render: (r) => `${r.citta ?? ""}${r.prov ? ` (${r.prov})` : ""}`,
    },
    {
      key: "posizioni",
      name: "Qualifiche",
      exportField: "posizioni",
      render: (r) => <ChipLine items={(r.posizioni as string[] | undefined) ?? []} />,
    },
    {
      key: "rating",
      name: "Valutazione",
      sortable: true,
      render: (r) => <StarRating value={r.rating as number | null} />,
    },
    { key: "attivo", name: "Stato", sortable: true, exportField: "attivo", render: (r) => <StatoChips row={r} /> },
    {
      key: "prossima_scadenza",
      name: "Documenti in scadenza",
      sortable: true,
      render: (r) => <Scadenza value={r.prossima_scadenza} />,
    },
  );
  return columns;
}

export function OperatoriListPage() {
  const navigate = useNavigate();
  const permissions = usePermissions();
  const showCf = hasAny(permissions, CAPABILITIES.operatoriAnagrafica);
  const columns = useMemo(() => operatoriColumns(showCf), [showCf]);
  return (
    <Stack p="4" gap="3">
      <HStack justify="space-between">
        <Heading size="lg">Operatori</Heading>
        {hasAny(permissions, CAPABILITIES.operatoriAnagrafica) && (
          <Button onClick={() => navigate("/anagrafiche/operatori/aggiungi-nuovo")}>Aggiungi nuovo</Button>
        )}
      </HStack>
      <Box>
        <ListScreen
          listId="operatori"
          // A row opens its record (issue 32 item 4), as the link in it does.
          onRowOpen={(r) => navigate(`/anagrafiche/operatori/${r.id}`)}
          path="anagrafiche/operatori/"
          defaults={{ sort: { field: "cognome", asc: true }, autoload: true }}
          filters={FILTERS}
          columns={columns}
          reorderable
          aria-label="Operatori"
        />
      </Box>
      <Text fontSize="xs" color="fg.muted">
        In arancione i documenti in scadenza entro {GIORNI_IN_SCADENZA} giorni, in rosso quelli scaduti.
      </Text>
    </Stack>
  );
}
