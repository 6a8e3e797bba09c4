/**
 * What the hour and money reports show of an assignment (risorse-assegnate, compensi,
 * ricavi-attivita): the period filter, the columns of the row of contracts/report/assegnazioni.ts,
 * and `ReportScreen`, the page around a ListScreen.
 */
import { Badge, Box, Heading, Text } from "@chakra-ui/react";
import type { DataTableColumn } from "../../../components/data-table/data-table.types";
import { ListScreen } from "../../../components/data-table/list-screen";
import type { FilterField } from "../../../components/filter-bar/filter-bar.types";
import type { Assegnazione } from "../../../domain/contracts/report/assegnazioni";
import { meseCorrente } from "./periodo";

export type AssegnazioneRow = Assegnazione & Record<string, unknown>;

export const PERIODO_FILTERS: FilterField[] = [
  { type: "global", label: "Ricerca" },
  { type: "date-range", name: "periodo", label: "Periodo", fromName: "dal", toName: "al", shortcuts: true },
  {
    type: "select",
    name: "fonte",
    label: "Ore",
    options: [
      { value: "effettive", label: "Effettive (timbrature)" },
      { value: "pianificate", label: "Pianificate" },
    ],
  },
];

export const FONTE_LABEL: Record<string, string> = { effettive: "Effettive", pianificate: "Pianificate" };

type Colonna = DataTableColumn<AssegnazioneRow>;

/**
 * Every column of an assignment row, by key. Each report picks its own order with `layout`: the
 * key, the date, the hours and the money in view at 1366 px (the side menu takes 260), the rest
 * in the column chooser, hidden until the user shows them (issue 32 item 4).
 */
export const COLONNE = {
  giorno: { key: "giorno", name: "Giorno", format: "date", sortable: true, width: 96 },
  mese: { key: "mese", name: "Mese", sortable: true, groupable: true, width: 90 },
  operatore: { key: "operatore", name: "Operatore", sortable: true, groupable: true, width: 170 },
  cliente: { key: "cliente", name: "Cliente", sortable: true, groupable: true, width: 170 },
  contratto: { key: "contratto", name: "Contratto", sortable: true, groupable: true, width: 160 },
  servizio: { key: "servizio", name: "Servizio", sortable: true, groupable: true, width: 130 },
  qualifica: { key: "qualifica", name: "Qualifica", sortable: true, groupable: true, width: 120 },
  /** The hours, planned beside worked-or-planned, and which hours they are. */
  ore_pianificate: {
    key: "ore_pianificate",
    name: "Ore pianificate",
    format: "hours",
    sortable: true,
    width: 90,
    total: true,
  },
  ore: { key: "ore", name: "Ore", format: "hours", sortable: true, width: 70, total: true },
  fonte: {
    key: "fonte",
    name: "Fonte delle ore",
    groupable: true,
    width: 104,
    render: (r) => (
      <Badge colorPalette={r.fonte === "effettive" ? "green" : "gray"}>{FONTE_LABEL[r.fonte] ?? r.fonte}</Badge>
    ),
  },
  /** The split of `ore` by kind of hour (src/domain/hours). */
  diurne: { key: "diurne", name: "Diurne", format: "hours", sortable: true, width: 80, total: true },
  notturne: { key: "notturne", name: "Notturne", format: "hours", sortable: true, width: 80, total: true },
  domenicali: { key: "domenicali", name: "Domenicali", format: "hours", sortable: true, width: 90, total: true },
  festive: { key: "festive", name: "Festive", format: "hours", sortable: true, width: 80, total: true },
} satisfies Record<string, Colonna>;

/** The split of `ore` by kind of hour. */
export const FASCE: Colonna[] = [COLONNE.diurne, COLONNE.notturne, COLONNE.domenicali, COLONNE.festive];

/**
 * A report's columns: `shown` in this order (the first one frozen while the grid scrolls sideways),
 * then `more`, hidden by default in the column chooser.
 */
export function layout(shown: Colonna[], more: Colonna[]): Colonna[] {
  return [
    ...shown.map((c, i) => (i === 0 ? { ...c, frozen: "start" as const } : c)),
    ...more.map((c) => ({ ...c, hiddenByDefault: true })),
  ];
}

export function ReportScreen({
  title,
  listId,
  note,
  columns,
  sort = { field: "giorno", asc: true },
  hideTitle = false,
}: {
  title: string;
  /** The page around it shows the heading (the grid keeps `title` as its name). */
  hideTitle?: boolean;
  listId: string;
  note?: string;
  columns: DataTableColumn<AssegnazioneRow>[];
  sort?: { field: string; asc: boolean };
}) {
  return (
    <Box p={hideTitle ? "0" : "4"}>
      {!hideTitle && (
        <Heading size="lg" mb="1">
          {title}
        </Heading>
      )}
      {note && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {note}
        </Text>
      )}
      <ListScreen<AssegnazioneRow>
        listId={listId}
        path={`report/${listId}/`}
        aria-label={title}
        defaults={{ filters: meseCorrente(), sort, autoload: true }}
        filters={PERIODO_FILTERS}
        columns={columns}
      />
    </Box>
  );
}

export const NOTA_FONTE =
  "Ore effettive dove ci sono le timbrature del turno, altrimenti pianificate: la colonna 'Fonte delle ore' dice quali.";
