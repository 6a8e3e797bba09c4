/**
 * ListScreen: a FilterBar over a DataTable, with the list's state in the store and the URL.
 *
 * Usage (e.g. the Operatori list under Anagrafiche):
 *
 *   <ListScreen
 *     listId="operatori"
 *     path="anagrafiche/operatori/"
 *     defaults={{ sort: { field: "cognome", asc: true }, autoload: true }}
 *     filters={[
 *       { type: "global", label: "Ricerca" },
 *       { type: "switch", name: "attivo", label: "Solo attivi" },
 *       { type: "province", name: "prov", label: "Provincia", multiple: true },
 *       { type: "date-range", name: "data_nascita", label: "Data di nascita" },
 *     ]}
 *     columns={[
 *       { key: "cognome", name: "Cognome", sortable: true },
 *       { key: "nome", name: "Nome", sortable: true },
 *       { key: "prov", name: "Provincia", groupable: true },
 *       { key: "compenso", name: "Compenso", format: "euro" },
 *     ]}
 *     reorderable
 *   />
 *
 * Without `autoload` the table shows 'Attenzione — Inizia impostando alcuni filtri…' until the
 * filters are applied. Filters, search, sort, page and page size live in the URL, and only there:
 * a component beside the screen that needs them (a totals line, a chart) calls
 * `useListState(listId, {defaults})` with the same defaults and reads the same URL.
 */
import { Box } from "@chakra-ui/react";
import { FilterBar } from "../filter-bar/filter-bar";
import type { FilterField } from "../filter-bar/filter-bar.types";
import { ListScope } from "../lists/list-scope";
import type { ListDefaults } from "../lists/list-state";
import { DataTable, type DataTableProps } from "./data-table";
import type { Row } from "./data-table.types";

export interface ListScreenProps<R extends Row> extends DataTableProps<R> {
  filters: FilterField[];
  defaults?: ListDefaults;
  /** Prefix of the URL parameters when two lists share a page. */
  urlPrefix?: string;
}

export function ListScreen<R extends Row = Row>({ filters, defaults, urlPrefix, ...table }: ListScreenProps<R>) {
  return (
    <ListScope listId={table.listId} defaults={defaults} urlPrefix={urlPrefix}>
      <Box>
        {filters.length > 0 && <FilterBar listId={table.listId} fields={filters} />}
        <DataTable<R> {...table} />
      </Box>
    </ListScope>
  );
}
