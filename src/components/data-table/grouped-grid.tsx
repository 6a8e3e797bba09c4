/** A grouped list: one row per value of the grouped column with the count and the sums. */
import { Box, Button, HStack, Text } from "@chakra-ui/react";
import { type Column, DataGrid } from "react-data-grid";
import type { DataTableColumn, GroupRow, Row } from "./data-table.types";
import { formatCell } from "./format-cell";
import { sumColumns } from "./group-rows";

export interface GroupedGridProps<R> {
  column: DataTableColumn<R>;
  columns: readonly DataTableColumn<R>[];
  groups: GroupRow[];
  onUngroup: () => void;
}

export function GroupedGrid<R extends Row>({ column, columns, groups, onUngroup }: GroupedGridProps<R>) {
  const sums = sumColumns(columns, groups);
  const gridColumns: Column<GroupRow>[] = [
    {
      key: "__value",
      name: column.name,
      renderCell: ({ row }) => {
        const shown = formatCell(row.value, column.format);
        return shown === "" ? "(vuoto)" : shown;
      },
    },
    { key: "__count", name: "Numero", renderCell: ({ row }) => row.count.toLocaleString("it-IT") },
    ...sums.map<Column<GroupRow>>((c) => ({
      key: c.key,
      name: `Totale ${c.name}`,
      renderCell: ({ row }) => formatCell(row.sums[c.key], c.format ?? "number"),
    })),
  ];
  return (
    <Box>
      <HStack justify="space-between" py="2">
        <Text fontSize="sm">
          Raggruppato per <strong>{column.name}</strong>
        </Text>
        <Button size="xs" variant="outline" onClick={onUngroup}>
          Rimuovi raggruppamento
        </Button>
      </HStack>
      <DataGrid
        aria-label={`Gruppi per ${column.name}`}
        columns={gridColumns}
        rows={groups}
        rowKeyGetter={(g) => String(g.value)}
        style={{ blockSize: Math.min(600, 38 + groups.length * 35) }}
      />
    </Box>
  );
}
