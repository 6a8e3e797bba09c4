/**
 * /console/ticket-supporto: the support desk. Without `?ticket=` the list (ListScreen on
 * GET /api/comunicazioni/ticket/: unread first; state, category, operator, period); with
 * `?ticket=<id>` (a row, or an item of the header's 'Problemi' popup) the ticket itself.
 */

import { Badge, Link as ChakraLink, Heading, Stack } from "@chakra-ui/react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { ticketSupportoCalls as calls } from "../../../domain/contracts/console/ticket-supporto/calls";
import { TICKET_STATO_LABEL, TICKET_TIPO_LABEL } from "../../../domain/contracts/console/ticket-supporto/schemas";
import { TicketDetail } from "./ticket-detail";

type Row = Record<string, unknown>;

const options = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "select", name: "stato", label: "Stato", options: options(TICKET_STATO_LABEL), multiple: true },
  { type: "select", name: "tipo", label: "Categoria", options: options(TICKET_TIPO_LABEL), multiple: true },
  { type: "text", name: "operatore", label: "Operatore" },
  { type: "date-range", name: "periodo", label: "Periodo" },
];

const label = (labels: Record<string, string>, v: unknown) => labels[String(v)] ?? String(v ?? "");

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "non_letto",
    name: "",
    render: (r) => (r.non_letto ? <Badge colorPalette="red">Non letto</Badge> : null),
  },
  { key: "data_ora", name: "Data e ora", sortable: true, format: "datetime" },
  {
    key: "oggetto",
    name: "Oggetto",
    render: (r) => (
      <ChakraLink asChild fontWeight={r.non_letto ? "semibold" : undefined}>
        <Link to={`/console/ticket-supporto?ticket=${r.id}`}>{String(r.oggetto || `Ticket ${r.id}`)}</Link>
      </ChakraLink>
    ),
  },
  { key: "operatore", name: "Operatore", sortable: true },
  { key: "tipo", name: "Categoria", sortable: true, groupable: true, render: (r) => label(TICKET_TIPO_LABEL, r.tipo) },
  { key: "stato", name: "Stato", sortable: true, groupable: true, render: (r) => label(TICKET_STATO_LABEL, r.stato) },
  { key: "assegnato_a", name: "Assegnato a", sortable: true },
  { key: "messaggi", name: "Messaggi", format: "integer" },
];

export function TicketSupportoPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = Number(params.get("ticket"));
  if (Number.isInteger(ticket) && ticket > 0) return <TicketDetail id={ticket} />;
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Ticket supporto</Heading>
      <ListScreen
        listId="ticket-supporto"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/console/ticket-supporto?ticket=${r.id}`)}
        path={calls.ticketList.path}
        defaults={{ autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Ticket supporto"
      />
    </Stack>
  );
}
