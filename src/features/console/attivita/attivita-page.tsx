/**
 * /console/attivita: attendance against the plan (ListScreen on GET /api/comunicazioni/attivita/).
 * For a day (today by default) and client, service, operator: each planned operator with planned
 * times, the app's check-in/out, minutes late / left early, distance from the site; above the
 * table, the totals of planned vs worked hours (the same filters, `group_by=giorno`).
 */

import { Badge, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useMemo } from "react";
import { useGetListQuery } from "../../../api/list.endpoints";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import type { ListDefaults } from "../../../components/lists/list-state";
import { listParams } from "../../../components/lists/list-state";
import { useListState } from "../../../components/lists/use-list-state";
import { ETICHETTE_INGRESSO, statoIngresso } from "../../../domain/attivita";
import { attivitaCalls as calls } from "../../../domain/contracts/console/attivita/calls";
import { formatDateTime, secondsToHours, toApiDate } from "../../../domain/format";

type Row = Record<string, unknown>;
const LIST = "attivita";
const PATH = calls.attivitaList.path;

const FILTERS: FilterField[] = [
  { type: "date", name: "giorno", label: "Giorno", dayStep: true },
  { type: "text", name: "cliente", label: "Cliente" },
  { type: "text", name: "servizio", label: "Servizio" },
  { type: "text", name: "operatore", label: "Operatore" },
];

/** Minutes in one unit, written in the cell ("12 min"); late or early highlighted. */
const minutes = (v: unknown) => {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return n > 0 ? <Badge colorPalette="orange">{`${n} min`}</Badge> : <Text as="span">{`${n} min`}</Text>;
};

function Ingresso({ row }: { row: Row }) {
  const stato = statoIngresso(
    {
      ingresso: (row.ingresso as string | null) ?? null,
      inizio_previsto: (row.inizio_previsto as string | null) ?? null,
    },
    new Date(),
  );
  if (stato === "timbrato") return <>{formatDateTime(String(row.ingresso))}</>;
  return <Badge colorPalette={stato === "mancante" ? "red" : "gray"}>{ETICHETTE_INGRESSO[stato]}</Badge>;
}

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "operatore", name: "Operatore", sortable: true, groupable: true },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true },
  { key: "servizio", name: "Servizio", sortable: true },
  { key: "inizio_previsto", name: "Inizio previsto", sortable: true, format: "datetime" },
  { key: "fine_prevista", name: "Fine prevista", format: "datetime" },
  {
    key: "ingresso",
    name: "Ingresso",
    sortable: true,
    render: (r) => <Ingresso row={r} />,
  },
  { key: "uscita", name: "Uscita", format: "datetime" },
  {
    key: "ritardo_minuti",
    name: "Ritardo",
    sortable: true,
    render: (r) => minutes(r.ritardo_minuti),
  },
  {
    key: "anticipo_uscita_minuti",
    name: "Uscita anticipata",
    sortable: true,
    render: (r) => minutes(r.anticipo_uscita_minuti),
  },
  { key: "distanza_m", name: "Distanza (m)", sortable: true, format: "integer" },
  { key: "ore_previste", name: "Ore previste", format: "hours" },
  { key: "ore_lavorate", name: "Ore lavorate", format: "hours" },
];

/** Today's activity, by start time: the screen's and the totals' starting point. */
function defaults(): ListDefaults {
  return { filters: { giorno: toApiDate(new Date()) }, sort: { field: "inizio_previsto", asc: true }, autoload: true };
}

function Totals() {
  const [state] = useListState(LIST, { defaults: defaults() });
  const params = useMemo(() => {
    const { page, page_size, order_field, order_asc, ...rest } = listParams({ ...state, groupBy: null, sort: null });
    return { ...rest, group_by: "giorno", page_size: "100" };
  }, [state]);
  // The totals of these filters only: '—' while they load or when they could not be read (never
  // the previous filters' figures, nor zeros the day does not have).
  const { currentData } = useGetListQuery({ path: PATH, params });
  const total = (key: string) =>
    currentData ? secondsToHours(currentData.results.reduce((s, r) => s + Number(r[key] ?? 0), 0)) : "—";
  return (
    <HStack gap="6" aria-label="Totali">
      <Text>
        Ore previste: <strong>{total("ore_previste")}</strong>
      </Text>
      <Text>
        Ore lavorate: <strong>{total("ore_lavorate")}</strong>
      </Text>
    </HStack>
  );
}

export function AttivitaPage() {
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Attività</Heading>
      <Totals />
      <ListScreen
        listId={LIST}
        path={PATH}
        defaults={defaults()}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Attività"
      />
    </Stack>
  );
}
