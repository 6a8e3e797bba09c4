/** Declared columns → react-data-grid columns (order, visibility, format, sort and group headers). */
import { Box, HStack, IconButton } from "@chakra-ui/react";
import type { Column, RenderHeaderCellProps, SortColumn } from "react-data-grid";
import type { ListSort } from "../lists/list-state";
import { orderedKeys } from "../lists/use-column-prefs";
import type { DataTableColumn, Row } from "./data-table.types";
import { formatCell } from "./format-cell";

export function sortFieldOf<R>(column: DataTableColumn<R>): string {
  return column.sortField ?? column.key;
}

/** The visible columns in display order. */
export function visibleColumns<R>(
  columns: readonly DataTableColumn<R>[],
  prefs: { order: readonly string[]; hidden: readonly string[] },
): DataTableColumn<R>[] {
  const byKey = new Map(columns.map((c) => [c.key, c]));
  return orderedKeys(
    columns.map((c) => c.key),
    prefs.order,
  )
    .map((k) => byKey.get(k)!)
    .filter((c) => c.hideable === false || !prefs.hidden.includes(c.key));
}

export function toSortColumns<R>(columns: readonly DataTableColumn<R>[], sort: ListSort | null): SortColumn[] {
  if (!sort) return [];
  const column = columns.find((c) => sortFieldOf(c) === sort.field);
  return column ? [{ columnKey: column.key, direction: sort.asc ? "ASC" : "DESC" }] : [];
}

export function fromSortColumns<R>(columns: readonly DataTableColumn<R>[], sortColumns: SortColumn[]): ListSort | null {
  const [first] = sortColumns;
  const column = first && columns.find((c) => c.key === first.columnKey);
  return column ? { field: sortFieldOf(column), asc: first.direction === "ASC" } : null;
}

interface HeaderProps<R> extends RenderHeaderCellProps<R> {
  declared: DataTableColumn<R>;
  onGroup?: (field: string) => void;
}

function HeaderCell<R>({ declared, sortDirection, onGroup }: HeaderProps<R>) {
  return (
    <HStack gap="1" justify="space-between" width="100%" height="100%">
      <Box as="span" overflow="hidden" textOverflow="ellipsis">
        {declared.name}
        {sortDirection && (
          <Box as="span" aria-hidden="true" ms="1">
            {sortDirection === "ASC" ? "▲" : "▼"}
          </Box>
        )}
      </Box>
      {declared.groupable && onGroup && (
        <IconButton
          aria-label={`Raggruppa per ${declared.name}`}
          title={`Raggruppa per ${declared.name}`}
          size="2xs"
          variant="ghost"
          onClick={(e) => {
            e.stopPropagation();
            onGroup(declared.key);
          }}
          onKeyDown={(e) => e.stopPropagation()}
        >
          ⊞
        </IconButton>
      )}
    </HStack>
  );
}

export interface GridColumnOptions {
  reorderable?: boolean;
  onGroup?: (field: string) => void;
  /** The totals row's values (the server's `totali`), when the grid shows one. */
  totals?: Record<string, number | null>;
}

/** The totals row's cell of a column: "Totale" in the first, the sum in a `total` column. */
function summaryCell<R>(c: DataTableColumn<R>, first: boolean, totals: Record<string, number | null>) {
  if (c.total) {
    const v = totals[c.key];
    return (
      <Box as="span" fontWeight="semibold" title={cellTitle(v, c.format)}>
        {v === null || v === undefined ? "—" : formatCell(v, c.format)}
      </Box>
    );
  }
  return first ? (
    <Box as="span" fontWeight="semibold">
      Totale
    </Box>
  ) : null;
}

export function toGridColumns<R extends Row>(
  columns: readonly DataTableColumn<R>[],
  { reorderable, onGroup, totals }: GridColumnOptions,
): Column<R>[] {
  return columns.map((c, i) => ({
    key: c.key,
    name: c.name,
    sortable: !!c.sortable,
    draggable: !!reorderable,
    resizable: true,
    width: c.width,
    minWidth: c.minWidth ?? 80,
    frozen: c.frozen ?? false,
    renderHeaderCell: (props) => <HeaderCell {...props} declared={c} onGroup={onGroup} />,
    ...(totals ? { renderSummaryCell: () => summaryCell(c, i === 0, totals) } : {}),
    renderCell: ({ row }) =>
      c.render ? (
        <Box
          overflow="hidden"
          textOverflow="ellipsis"
          whiteSpace="nowrap"
          // a link is inline-flex in Chakra: an atomic box is clipped, not ellipsised
          css={{ "& > a": { display: "inline" } }}
          title={cellTitle(row[c.key], c.format)}
        >
          {c.render(row)}
        </Box>
      ) : c.format === "lines" ? (
        <Box whiteSpace="pre-line" lineHeight="short" py="1">
          {formatCell(row[c.key], "lines")}
        </Box>
      ) : (
        <span title={cellTitle(row[c.key], c.format)}>{formatCell(row[c.key], c.format)}</span>
      ),
  }));
}

/**
 * The full text of a cell, shown on hover: a long value ends in an ellipsis at the column's edge
 * (react-data-grid's cell style; a rendered cell gets the same box), never cut mid-word.
 */
export function cellTitle(value: unknown, format: DataTableColumn<Row>["format"]): string | undefined {
  if (Array.isArray(value)) return value.every((v) => typeof v === "string") ? value.join(", ") : undefined;
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const text = formatCell(value, format);
  return typeof text === "string" && text !== "" ? text : undefined;
}
