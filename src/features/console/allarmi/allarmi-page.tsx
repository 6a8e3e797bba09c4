/**
 * /console/allarmi: the guards' SOS (ListScreen on GET /api/comunicazioni/allarmi/: newest first;
 * state, operator, client, period, silent, escalated; export). With `?allarme=<id>` (a row, or the
 * escalation mail's link) the alarm itself with "Prendi in carico", "Chiudi" and its Log.
 */

import { Badge, Link as ChakraLink, Heading, Stack } from "@chakra-ui/react";
import { Link, useSearchParams } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { allarmiCalls as calls } from "../../../domain/contracts/console/allarmi/calls";
import { ALLARME_STATO_LABEL } from "../../../domain/contracts/console/allarmi/schemas";
import { AllarmeDetail } from "./allarme-detail";

type Row = Record<string, unknown>;

const STATI = Object.entries(ALLARME_STATO_LABEL).map(([value, label]) => ({ value, label }));
const SI_NO = [
  { value: "true", label: "Sì" },
  { value: "false", label: "No" },
];
const stato = (v: unknown) => ALLARME_STATO_LABEL[String(v) as keyof typeof ALLARME_STATO_LABEL] ?? String(v ?? "");

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "select", name: "stato", label: "Stato", options: STATI, multiple: true },
  { type: "text", name: "operatore", label: "Operatore" },
  { type: "text", name: "cliente", label: "Cliente" },
  { type: "select", name: "silenzioso", label: "Silenzioso", options: SI_NO },
  { type: "select", name: "escalato", label: "Inoltrato agli amministratori", options: SI_NO },
  { type: "date-range", name: "periodo", label: "Periodo" },
];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "stato",
    name: "Stato",
    sortable: true,
    groupable: true,
    render: (r) => (
      <ChakraLink asChild fontWeight={r.stato === "aperto" ? "semibold" : undefined}>
        <Link to={`/console/allarmi?allarme=${r.id}`}>
          {r.stato === "aperto" ? <Badge colorPalette="red">Aperto</Badge> : stato(r.stato)}
        </Link>
      </ChakraLink>
    ),
  },
  { key: "ricevuto_il", name: "Ricevuto il", sortable: true, format: "datetime" },
  { key: "operatore", name: "Operatore", sortable: true, groupable: true },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true },
  { key: "servizio", name: "Servizio", sortable: true },
  { key: "silenzioso", name: "Silenzioso", sortable: true, render: (r) => (r.silenzioso ? "Sì" : "No") },
  { key: "posizione", name: "Posizione" },
  { key: "preso_da", name: "Preso in carico da", sortable: true },
  { key: "preso_il", name: "Preso in carico il", sortable: true, format: "datetime" },
  { key: "chiuso_da", name: "Chiuso da", sortable: true },
  { key: "escalato", name: "Inoltrato", sortable: true, render: (r) => (r.escalato ? "Sì" : "No") },
  { key: "note", name: "Note" },
];

export function AllarmiPage() {
  const [params] = useSearchParams();
  const allarme = Number(params.get("allarme"));
  if (Number.isInteger(allarme) && allarme > 0) return <AllarmeDetail id={allarme} />;
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Allarmi</Heading>
      <ListScreen
        listId="allarmi"
        path={calls.allarmiList.path}
        defaults={{ autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Allarmi"
      />
    </Stack>
  );
}
