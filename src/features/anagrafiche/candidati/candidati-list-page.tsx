/** /anagrafiche/candidati: the candidates list with the pipeline status filter and chips. */
import { Badge, Link as ChakraLink, Heading, Stack } from "@chakra-ui/react";
import { Link, useNavigate } from "react-router-dom";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import { STATI_CANDIDATO, STATO_CANDIDATO_LABELS, type StatoCandidato } from "../../../domain/candidato";
import { ChipLine } from "../common/chip-line";
import { StarRating } from "../common/star-rating";

type Row = Record<string, unknown>;

export const STATO_CANDIDATO_COLOR: Record<StatoCandidato, string> = {
  nuovo: "blue",
  in_valutazione: "cyan",
  colloquio: "purple",
  idoneo: "teal",
  assunto: "green",
  scartato: "red",
};

export function StatoCandidatoBadge({ stato }: { stato: StatoCandidato }) {
  return <Badge colorPalette={STATO_CANDIDATO_COLOR[stato] ?? "gray"}>{STATO_CANDIDATO_LABELS[stato] ?? stato}</Badge>;
}

const FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  {
    type: "select",
    name: "stato",
    label: "Stato",
    options: STATI_CANDIDATO.map((s) => ({ value: s, label: STATO_CANDIDATO_LABELS[s] })),
  },
  { type: "province", name: "prov", label: "Provincia", multiple: true },
  { type: "qualifications", name: "posizione", label: "Posizione desiderata", multiple: true },
  { type: "evaluations", name: "valutazione", label: "Valutazione", multiple: true },
];

const COLUMNS: DataTableColumn<Row>[] = [
  {
    key: "cognome",
    name: "Cognome",
    sortable: true,
    render: (r) => (
      <ChakraLink asChild>
        <Link to={`/anagrafiche/candidati/${r.id}/modifica`}>{String(r.cognome ?? "")}</Link>
      </ChakraLink>
    ),
  },
  { key: "nome", name: "Nome", sortable: true },
  { key: "email", name: "E-mail" },
  { key: "cellulare", name: "Cellulare" },
  { key: "citta", name: "Città", sortable: true },
  { key: "prov", name: "Provincia", sortable: true, groupable: true },
  {
    key: "posizioni",
    name: "Posizioni desiderate",
    render: (r) => <ChipLine items={(r.posizioni as string[] | undefined) ?? []} />,
  },
  {
    key: "stato",
    name: "Stato",
    sortable: true,
    groupable: true,
    render: (r) => <StatoCandidatoBadge stato={r.stato as StatoCandidato} />,
  },
  {
    key: "valutazione",
    name: "Valutazione",
    sortable: true,
    render: (r) => <StarRating value={r.valutazione as number | null} />,
  },
  { key: "created_at", name: "Ricevuto il", sortable: true, format: "datetime" },
];

export function CandidatiListPage() {
  const navigate = useNavigate();
  return (
    <Stack p="4" gap="3">
      <Heading size="lg">Candidati</Heading>
      <ListScreen
        listId="candidati"
        // A row opens its record (issue 32 item 4), as the link in it does.
        onRowOpen={(r) => navigate(`/anagrafiche/candidati/${r.id}/modifica`)}
        path="anagrafiche/candidati/"
        defaults={{ sort: { field: "created_at", asc: false }, autoload: true }}
        filters={FILTERS}
        columns={COLUMNS}
        aria-label="Candidati"
      />
    </Stack>
  );
}
