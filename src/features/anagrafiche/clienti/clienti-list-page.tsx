/** /anagrafiche/clienti: the clients list (ListScreen on GET /api/anagrafiche/clienti/). */
import { Badge, Button, Link as ChakraLink, Heading, HStack, Stack } from "@chakra-ui/react";
import { Link, useNavigate } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";

type Row = Record<string, unknown>;

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "province", name: "prov", label: "Provincia", multiple: true },
  { type: "switch", name: "attivo", label: "Attivo" },
];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "ragione_sociale",
    name: "Ragione sociale",
    sortable: true,
    render: (r) => (
      <ChakraLink asChild>
        <Link to={`/anagrafiche/clienti/${r.id}`}>{String(r.ragione_sociale ?? "")}</Link>
      </ChakraLink>
    ),
  },
  { key: "partita_iva", name: "Partita IVA", sortable: true },
  { key: "codice_fiscale", name: "Codice fiscale" },
  { key: "pec", name: "PEC" },
  { key: "telefono", name: "Telefono" },
  { key: "citta", name: "Città", sortable: true, groupable: true },
  { key: "prov", name: "Provincia", sortable: true, groupable: true },
  { key: "sedi", name: "Sedi", sortable: true, format: "integer" },
  {
    key: "attivo",
    name: "Stato",
    sortable: true,
    render: (r) => (r.attivo ? <Badge colorPalette="green">Attivo</Badge> : <Badge>Non attivo</Badge>),
  },
];

export function ClientiListPage() {
  const navigate = useNavigate();
  return (
    <Stack p="4" gap="3">
      <HStack justify="space-between">
        <Heading size="lg">Clienti</Heading>
        <Button onClick={() => navigate("/anagrafiche/clienti/aggiungi-nuovo")}>Aggiungi nuovo</Button>
      </HStack>
      <ListScreen
        listId="clienti"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/anagrafiche/clienti/${r.id}`)}
        path="anagrafiche/clienti/"
        defaults={{ sort: { field: "ragione_sociale", asc: true }, autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Clienti"
      />
    </Stack>
  );
}
