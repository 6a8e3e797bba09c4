import type { ReactNode } from "react";
import {
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatEuro,
  formatNumber,
  secondsToHours,
} from "../../domain/format";
import type { CellFormat } from "./data-table.types";

/** A value as the table shows it, in the column's format. */
export function formatCell(value: unknown, format: CellFormat = "text"): ReactNode {
  if (value === null || value === undefined) return "";
  switch (format) {
    case "date":
      return formatDate(value as string);
    case "datetime":
      return formatDateTime(value as string);
    case "datetime-seconds":
      return formatDateTimeSeconds(value as string);
    case "euro":
      return formatEuro(value as number);
    case "number":
      return formatNumber(value as number);
    case "integer":
      return typeof value === "number" ? value.toLocaleString("it-IT") : String(value);
    case "boolean":
      return value === true ? "Sì" : value === false ? "No" : String(value);
    case "hours":
      return secondsToHours(Number(value));
    case "lines":
      return Array.isArray(value) ? value.join("\n") : String(value);
    default:
      return typeof value === "object" ? JSON.stringify(value) : String(value);
  }
}
