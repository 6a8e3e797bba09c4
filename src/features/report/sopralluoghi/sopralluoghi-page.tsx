/** /report/sopralluoghi (administrators; route only, not in the menu): the site inspections. */
import { Badge, Box, Button, Heading, HStack, Link } from "@chakra-ui/react";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import { ESITI_SOPRALLUOGO } from "../../../domain/sopralluogo";
import { scaricaVerbale } from "./verbale";

type Row = Record<string, unknown>;

const COLORE: Record<string, string> = { favorevole: "green", con_riserva: "orange", sfavorevole: "red" };

const COLUMNS: DataTableColumn<Row>[] = [
  { key: "data", name: "Data", format: "date", sortable: true },
  { key: "cliente", name: "Cliente", sortable: true, groupable: true, width: 220 },
  { key: "indirizzo", name: "Indirizzo", width: 220 },
  { key: "citta", name: "Città", sortable: true, groupable: true },
  { key: "ispettore", name: "Ispettore", sortable: true, groupable: true },
  {
    key: "esito_descrizione",
    name: "Esito",
    sortable: true,
    groupable: true,
    render: (r) => <Badge colorPalette={COLORE[String(r.esito)] ?? "gray"}>{String(r.esito_descrizione)}</Badge>,
  },
  { key: "servizio_consigliato", name: "Servizio consigliato", width: 220 },
  { key: "foto", name: "Foto" },
  {
    key: "apri",
    name: "Scheda",
    exportField: false,
    hideable: false,
    render: (r) => (
      <Link asChild color="blue.600">
        <RouterLink to={`/sopralluogo?id=${r.id}`} aria-label={`Apri il sopralluogo n. ${r.id}`}>
          Apri
        </RouterLink>
      </Link>
    ),
  },
  {
    key: "pdf",
    name: "Verbale",
    exportField: false,
    hideable: false,
    render: (r) => (
      <Button size="xs" variant="outline" onClick={() => scaricaVerbale(Number(r.id))}>
        Scarica PDF
      </Button>
    ),
  },
];

export function SopralluoghiPage() {
  const navigate = useNavigate();
  return (
    <Box p="4">
      <HStack justify="space-between" mb="3">
        <Heading size="lg">Sopralluoghi</Heading>
        <Button onClick={() => navigate("/sopralluogo")}>Nuovo sopralluogo</Button>
      </HStack>
      <ListScreen<Row>
        listId="sopralluoghi"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/sopralluogo?id=${r.id}`)}
        path="report/sopralluoghi/"
        aria-label="Sopralluoghi"
        defaults={{ sort: { field: "data", asc: false }, autoload: true }}
        filters={[
          { type: "global", label: "Ricerca" },
          { type: "date-range", name: "data", label: "Data" },
          {
            type: "select",
            name: "esito",
            label: "Esito",
            multiple: true,
            options: ESITI_SOPRALLUOGO.map((e) => ({ value: e.code, label: e.label })),
          },
        ]}
        columns={COLUMNS}
      />
    </Box>
  );
}
