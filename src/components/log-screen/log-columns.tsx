/** The columns of the log screen (SPEC §2 Log screen). */
import type { LogEntry } from "../../api/log.endpoints";
import { formatDateTimeSeconds } from "../../domain/format";
import type { DataTableColumn } from "../data-table/data-table.types";
import { ChangeLogCell, changeLogRows, LINE_PX } from "./change-log-cell";

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
      <ChangeLogCell
        lines={changeLines(row)}
        title={`${row.azione} — ${formatDateTimeSeconds(row.data_ora)}${row.utente ? ` — ${operatorName(row)}` : ""}`}
      />
    ),
  },
];

/** Rows grow with their change log (20 px a line, at most SHOWN_LINES and the 'Mostra tutto' button). */
export function logRowHeight(row: LogEntry): number {
  return Math.max(35, 12 + changeLogRows(changeLines(row)) * LINE_PX);
}
