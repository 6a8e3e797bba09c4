/**
 * /cms/eventi: the events (ListScreen on GET /api/cms/eventi/ — filters globalsearch, descrizione,
 * citta, data_inizio, data_fine; sort; page size) and the add-event drawer.
 */
import { Badge, Button, Link as ChakraLink, Heading, HStack, Stack } from "@chakra-ui/react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { EVENTI_LIST_PATH } from "../../../api/cms/eventi.endpoints";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { CAPABILITIES, hasAny } from "../../../domain/permissions";
import { usePermissions } from "../../../machines/session-context";
import { EventoDrawer } from "./evento-drawer";

type Row = Record<string, unknown>;

const FILTERS: FilterField[] = [
  { type: "text", name: "globalsearch", label: "Ricerca", placeholder: "Titolo, descrizione o città" },
  { type: "text", name: "descrizione", label: "Descrizione" },
  { type: "text", name: "citta", label: "Città" },
  { type: "date", name: "data_inizio", label: "Dal" },
  { type: "date", name: "data_fine", label: "Al" },
];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "titolo",
    name: "Titolo",
    sortable: true,
    minWidth: 180,
    render: (r) => (
      <ChakraLink asChild>
        <Link to={`/cms/eventi/${r.id}`}>{String(r.titolo ?? "")}</Link>
      </ChakraLink>
    ),
  },
  { key: "descrizione", name: "Descrizione", minWidth: 180 },
  { key: "citta", name: "Città", sortable: true, groupable: true },
  { key: "prov", name: "Provincia", sortable: true, groupable: true },
  { key: "data_inizio", name: "Inizio", sortable: true, format: "datetime" },
  { key: "data_fine", name: "Fine", sortable: true, format: "datetime" },
  { key: "varchi", name: "Varchi", format: "integer" },
  { key: "capienza", name: "Capienza", format: "integer" },
  {
    key: "abilitato",
    name: "Stato",
    render: (r) => (r.abilitato ? <Badge colorPalette="green">Abilitato</Badge> : <Badge>Non abilitato</Badge>),
  },
];

export function EventiListPage() {
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const canEdit = hasAny(usePermissions(), CAPABILITIES.cmsEdit);
  return (
    <Stack p="4" gap="3">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">
          Eventi
        </Heading>
        {canEdit && (
          <Button colorPalette="blue" onClick={() => setAdding(true)}>
            Aggiungi evento
          </Button>
        )}
      </HStack>
      <ListScreen
        listId="cms-eventi"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/cms/eventi/${r.id}`)}
        path={EVENTI_LIST_PATH}
        defaults={{ sort: { field: "data_inizio", asc: false }, autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Eventi"
      />
      <EventoDrawer open={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
