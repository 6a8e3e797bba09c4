/**
 * /cms/control-room: the events grouped by their dates against now (SPEC §4) in the tabs
 * eventi-passati, eventi-in-corso (the default) and eventi-futuri; each opens the event's live
 * page /cms/control-room/evento/{idEvento}.
 */
import { Badge, Link as ChakraLink, Heading, Stack } from "@chakra-ui/react";
import { Link, Navigate, useParams } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import { UrlTabs } from "../../../components/url-tabs";
import type { Periodo } from "../../../domain/cms";

type Row = Record<string, unknown>;

const BASE = "/cms/control-room";
export const CONTROL_ROOM_LIST_PATH = "cms/control-room/eventi/";

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "titolo",
    name: "Evento",
    sortable: true,
    minWidth: 200,
    render: (r) => (
      <ChakraLink asChild>
        <Link to={`${BASE}/evento/${r.id}`}>{String(r.titolo ?? "")}</Link>
      </ChakraLink>
    ),
  },
  { key: "citta", name: "Città", sortable: true },
  { key: "data_inizio", name: "Inizio", sortable: true, format: "datetime" },
  { key: "data_fine", name: "Fine", sortable: true, format: "datetime" },
  { key: "varchi", name: "Varchi", format: "integer" },
  { key: "capienza", name: "Capienza", format: "integer" },
  {
    key: "contatore",
    name: "Contatore",
    render: (r) => (r.contatore ? <Badge colorPalette="blue">Su app</Badge> : <Badge>No</Badge>),
  },
];

function EventiPeriodo({ periodo }: { periodo: Periodo }) {
  return (
    <ListScreen
      listId={`cms-control-room-${periodo}`}
      path={CONTROL_ROOM_LIST_PATH}
      defaults={{
        filters: { periodo },
        sort: { field: "data_inizio", asc: periodo !== "passati" },
        autoload: true,
      }}
      filters={[]}
      columns={COLUMNS}
      aria-label={`Eventi ${periodo.replace("-", " ")}`}
    />
  );
}

const TABS = [
  { value: "eventi-passati", label: "Eventi passati", render: () => <EventiPeriodo periodo="passati" /> },
  { value: "eventi-in-corso", label: "Eventi in corso", render: () => <EventiPeriodo periodo="in-corso" /> },
  { value: "eventi-futuri", label: "Eventi futuri", render: () => <EventiPeriodo periodo="futuri" /> },
];

export function ControlRoomPage() {
  const tab = (useParams()["*"] ?? "").split("/")[0];
  if (!TABS.some((t) => t.value === tab)) return <Navigate to={`${BASE}/eventi-in-corso/`} replace />;
  return (
    <Stack p="4" gap="3">
      <Heading as="h1" size="lg">
        Control Room
      </Heading>
      <UrlTabs tabs={TABS} base={BASE} />
    </Stack>
  );
}
