/**
 * /report/analisi-ricavi (Marginalità): revenue − pay − service costs per contract and month, the
 * contracts losing money in red, group by client / contract / month for the totals; above the
 * table the trend per month with the table's filters (marginalita-trend.tsx, its own chunk).
 */
import { Badge, Box, Heading, HStack, Link, Skeleton, Text } from "@chakra-ui/react";
import { lazy, Suspense, useMemo } from "react";
import { Link as RouterLink } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { ListDefaults } from "../../../components/lists/list-state";
import { useListState } from "../../../components/lists/use-list-state";
import type { Marginalita } from "../../../domain/contracts/report/analisi-ricavi";
import { conta, formatEuro, formatNumber } from "../../../domain/format";
import { meseBreve, meseCorrente } from "../common/periodo";

type Row = Marginalita & Record<string, unknown>;

const turni = (n: number) => conta(n, "turno", "turni");

/**
 * A margin that flatters (issue 32 item 11): hours without the contract's price (or pay) for their
 * qualification add nothing to the revenue (or pay). Said on the row, with a link to the tab that
 * fixes it.
 */
function Mancanti({ row }: { row: Row }) {
  const links: { tab: string; testo: string; n: number }[] = [
    { tab: "prezzi", testo: "Prezzi mancanti", n: row.turni_senza_prezzo },
    { tab: "compensi", testo: "Compensi mancanti", n: row.turni_senza_compenso },
  ].filter((l) => l.n > 0);
  if (links.length === 0) return null;
  return (
    <HStack gap="2">
      {links.map((l) => (
        <Link key={l.tab} asChild color="orange.700" fontWeight="semibold" fontSize="sm">
          <RouterLink
            to={`/pianificazione/contratti/${row.contratto_id}/${l.tab}`}
            title={`${turni(l.n)} senza ${l.tab === "prezzi" ? "prezzo" : "compenso"}: apri la scheda ${l.tab === "prezzi" ? "Prezzi" : "Compensi"} del contratto`}
          >
            {l.testo}
          </RouterLink>
        </Link>
      ))}
    </HStack>
  );
}

const MarginalitaTrend = lazy(() => import("./marginalita-trend").then((m) => ({ default: m.MarginalitaTrend })));
const LIST_ID = "analisi-ricavi";
const PATH = "report/analisi-ricavi/";

/**
 * At 1366 px the key and the money in view (issue 32 item 4): who and when, revenue and margin first
 * with the missing prices that would flatter it, then what the margin is made of; widths that leave room for a month's totals.
 */
const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "mese",
    name: "Mese",
    sortable: true,
    groupable: true,
    width: 80,
    frozen: "start",
    render: (r) => meseBreve(r.mese),
  },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true, width: 170 },
  { key: "contratto", name: "Contratto", sortable: true, groupable: true, width: 170 },
  { key: "ricavi", name: "Ricavi", format: "euro", sortable: true, total: true, width: 115 },
  {
    key: "margine",
    name: "Margine",
    format: "euro",
    sortable: true,
    total: true,
    width: 115,
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
    width: 95,
    render: (r) => (r.margine_pct === null ? "—" : `${formatNumber(r.margine_pct)} %`),
  },
  {
    key: "in_perdita",
    name: "Stato",
    groupable: true,
    width: 100,
    render: (r) => (r.in_perdita ? <Badge colorPalette="red">In perdita</Badge> : null),
  },
  {
    key: "turni_senza_prezzo",
    name: "Prezzi",
    format: "integer",
    width: 150,
    render: (r) => <Mancanti row={r} />,
  },
  { key: "compensi", name: "Compensi", format: "euro", sortable: true, total: true, width: 115 },
  { key: "costo_lavoro", name: "Costo del lavoro", format: "euro", sortable: true, width: 130, total: true },
  { key: "costi", name: "Costi del servizio", format: "euro", sortable: true, total: true, width: 130 },
  { key: "ore", name: "Ore", format: "hours", sortable: true, total: true, width: 80 },
];

export function AnalisiRicaviPage() {
  const defaults = useMemo((): ListDefaults => ({ filters: meseCorrente(), autoload: true }), []);
  const [state] = useListState(LIST_ID, { defaults });
  return (
    <Box p="4">
      <Heading size="lg" mb="1">
        Marginalità
      </Heading>
      <Text fontSize="sm" color="fg.muted" mb="2">
        Ricavi − compensi − costi del servizio, per contratto e mese (il periodo comprende i mesi interi). I turni senza
        prezzo o compenso non entrano nei totali: la colonna Prezzi lo segnala e porta alla scheda da completare.
      </Text>
      <Text fontSize="sm" color="fg.muted" mb="2">
        I compensi sono la paga oraria lorda dei contratti (scheda Compensi) per le ore lavorate, con le maggiorazioni
        notturna, domenicale e festiva; non comprendono contributi, TFR e altri oneri del datore di lavoro, che il costo
        del lavoro aggiunge con i fattori per qualifica di Impostazioni → Costo del lavoro.
      </Text>
      <Suspense fallback={<Skeleton height="64" mb="4" />}>
        <MarginalitaTrend state={state} path={PATH} />
      </Suspense>
      <ListScreen<Row>
        listId={LIST_ID}
        path={PATH}
        aria-label="Marginalità"
        defaults={defaults}
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
