/**
 * /console/anomalie: the anomalies the server detected (ListScreen on GET /api/comunicazioni/anomalie/:
 * new first; kind, state, operator, client, period; export). With `?anomalia=<id>` (a row, or an
 * item of the header's 'Problemi' popup) the anomaly itself.
 */

import { Badge, Link as ChakraLink, Heading, Stack } from "@chakra-ui/react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { anomalieCalls as calls } from "../../../domain/contracts/console/anomalie/calls";
import { ANOMALIA_STATO_LABEL, ANOMALIA_TIPO_LABEL } from "../../../domain/contracts/console/anomalie/schemas";
import { AnomaliaDetail } from "./anomalia-detail";

type Row = Record<string, unknown>;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));
const label = (labels: Record<string, string>, v: unknown) => labels[String(v)] ?? String(v ?? "");

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "select", name: "tipo", label: "Tipo", options: options(ANOMALIA_TIPO_LABEL), multiple: true },
  { type: "select", name: "stato", label: "Stato", options: options(ANOMALIA_STATO_LABEL), multiple: true },
  { type: "text", name: "operatore", label: "Operatore" },
  { type: "text", name: "cliente", label: "Cliente" },
  { type: "date-range", name: "periodo", label: "Periodo" },
];

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "nuova", name: "", render: (r) => (r.nuova ? <Badge colorPalette="red">Nuova</Badge> : null) },
  { key: "data_ora", name: "Data e ora", sortable: true, format: "datetime" },
  {
    key: "tipo",
    name: "Tipo",
    sortable: true,
    groupable: true,
    render: (r) => (
      <ChakraLink asChild fontWeight={r.nuova ? "semibold" : undefined}>
        <Link to={`/console/anomalie?anomalia=${r.id}`}>{label(ANOMALIA_TIPO_LABEL, r.tipo)}</Link>
      </ChakraLink>
    ),
  },
  { key: "descrizione", name: "Descrizione" },
  { key: "operatore", name: "Operatore", sortable: true, groupable: true },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true },
  { key: "servizio", name: "Servizio", sortable: true },
  { key: "stato", name: "Stato", sortable: true, groupable: true, render: (r) => label(ANOMALIA_STATO_LABEL, r.stato) },
  { key: "gestita_da", name: "Gestita da", sortable: true },
  { key: "note", name: "Note" },
];

export function AnomaliePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const anomalia = Number(params.get("anomalia"));
  if (Number.isInteger(anomalia) && anomalia > 0) return <AnomaliaDetail id={anomalia} />;
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Anomalie</Heading>
      <ListScreen
        listId="anomalie"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/console/anomalie?anomalia=${r.id}`)}
        path={calls.anomalieList.path}
        defaults={{ autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Anomalie"
      />
    </Stack>
  );
}
