/** The columns of the log screen (SPEC §2 Log screen). */
import { List } from "@chakra-ui/react";
import type { LogEntry } from "../../api/log.endpoints";
import type { DataTableColumn } from "../data-table/data-table.types";

export function operatorName(entry: Pick<LogEntry, "utente">): string {
  return entry.utente ? `${entry.utente.first_name} ${entry.utente.last_name}`.trim() : "";
}

function changeLines(entry: LogEntry): string[] {
  return entry.dati?.change_log ?? [];
}

export const LOG_COLUMNS: DataTableColumn<LogEntry & Record<string, unknown>>[] = [
  { key: "azione", name: "Azione", sortable: true, width: 140 },
  { key: "data_ora", name: "Data", format: "datetime-seconds", width: 170 },
  { key: "utente", name: "Operatore", sortable: true, width: 180, render: (row) => operatorName(row) },
  { key: "note", name: "Note", width: 200 },
  {
    key: "change_log",
    name: "Changelog",
    minWidth: 320,
    render: (row) => (
      <List.Root as="ul" ps="4" py="1" fontSize="sm" lineHeight="20px">
        {changeLines(row).map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id and never reorder
          <List.Item key={i}>{line}</List.Item>
        ))}
      </List.Root>
    ),
  },
];

/** Rows grow with their change log (20 px a line). */
export function logRowHeight(row: LogEntry): number {
  return Math.max(35, 12 + changeLines(row).length * 20);
}
