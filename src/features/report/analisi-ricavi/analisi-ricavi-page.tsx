/**
 * /report/analisi-ricavi (Marginalità): revenue − pay − service costs per contract and month, the
 * contracts losing money in red, group by client / contract / month for the totals; above the
 * table the trend per month with the table's filters (marginalita-trend.tsx, its own chunk).
 */
import { Badge, Box, Heading, Skeleton, Text } from "@chakra-ui/react";
import { lazy, Suspense } from "react";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { Marginalita } from "../../../domain/contracts/report/analisi-ricavi";
import { formatEuro, formatNumber } from "../../../domain/format";
import { meseBreve, meseCorrente } from "../common/periodo";

type Row = Marginalita & Record<string, unknown>;

const MarginalitaTrend = lazy(() => import("./marginalita-trend").then((m) => ({ default: m.MarginalitaTrend })));
const LIST_ID = "analisi-ricavi";
const PATH = "report/analisi-ricavi/";

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "mese", name: "Mese", sortable: true, groupable: true, render: (r) => meseBreve(r.mese) },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true, width: 220 },
  { key: "contratto", name: "Contratto", sortable: true, groupable: true, width: 220 },
  { key: "ore", name: "Ore", format: "hours", sortable: true },
  { key: "ricavi", name: "Ricavi", format: "euro", sortable: true },
  { key: "compensi", name: "Compensi", format: "euro", sortable: true },
  { key: "costi", name: "Costi del servizio", format: "euro", sortable: true },
  {
    key: "margine",
    name: "Margine",
    sortable: true,
    render: (r) => (
      <Text as="span" color={r.in_perdita ? "red.600" : undefined} fontWeight={r.in_perdita ? "semibold" : undefined}>
        {formatEuro(r.margine)}
      </Text>
    ),
  },
  {
    key: "margine_pct",
    name: "Margine %",
    sortable: true,
    render: (r) => (r.margine_pct === null ? "—" : `${formatNumber(r.margine_pct)} %`),
  },
  {
    key: "in_perdita",
    name: "Stato",
    groupable: true,
    render: (r) => (r.in_perdita ? <Badge colorPalette="red">In perdita</Badge> : null),
  },
  {
    key: "turni_senza_prezzo",
    name: "Turni senza prezzo",
    format: "integer",
    render: (r) =>
      r.turni_senza_prezzo > 0 ? <Badge colorPalette="orange">{`${r.turni_senza_prezzo} senza prezzo`}</Badge> : "",
  },
];

export function AnalisiRicaviPage() {
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Marginalità
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Ricavi − compensi − costi del servizio, per contratto e mese (il periodo comprende i mesi interi). I turni senza
        prezzo o compenso non entrano nei totali.
      </Text>
      <Suspense fallback={<Skeleton height="64" mb="4" />}>
        <MarginalitaTrend listId={LIST_ID} path={PATH} />
      </Suspense>
      <ListScreen<Row>
        listId={LIST_ID}
        path={PATH}
        aria-label="Marginalità"
        defaults={{ filters: meseCorrente(), autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date-range", name: "periodo", label: "Periodo", fromName: "dal", toName: "al", shortcuts: true },
          { type: "switch", name: "in_perdita", label: "Solo in perdita" },
        ]}
        columns={COLUMNS}
      />
    </Box>
  );
}
