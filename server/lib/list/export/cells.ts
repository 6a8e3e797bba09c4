/**
 * Export cells: Italian formats from src/domain/format.ts and neutralised text (a cell that
 * starts with =, +, -, @, tab or CR gets a leading apostrophe so spreadsheets never run it).
 * Loaded by the export's thread (thread.ts): nothing here may pull in the list engine.
 */
import {
  formatDate,
  formatDateTimeSeconds,
  formatEuro,
  formatNumber,
  secondsToHours,
} from "../../../../src/domain/format";
import type { FieldType } from "../types";

export interface ExportColumn {
  name: string;
  label: string;
  type: FieldType;
}

const DANGEROUS = /^[=+\-@\t\r]/;

export function neutralise(text: string): string {
  return DANGEROUS.test(text) ? `'${text}` : text;
}

function lines(v: unknown): string {
  if (Array.isArray(v)) return v.map((x) => String(x)).join("\n");
  return v === null || v === undefined ? "" : String(v);
}

/** 'YYYY-MM-DD HH:mm:ss' → DD/MM/YYYY HH:mm:ss (wall-clock text in, wall-clock text out). */
function dateTimeText(v: unknown): string {
  return typeof v === "string" ? formatDateTimeSeconds(v.replace(" ", "T")) : "";
}

/** The cell as text (CSV, PDF). */
export function cellText(type: FieldType, v: unknown): string {
  if (v === null || v === undefined) return "";
  switch (type) {
    case "date":
      return formatDate(v as string);
    case "datetime":
      return dateTimeText(v);
    case "euro":
      return formatEuro(v as number);
    case "number":
      return formatNumber(v as number);
    case "integer":
      return String(v);
    case "hours":
      return secondsToHours(Number(v));
    case "boolean":
      return v ? "Sì" : "No";
    case "lines":
      return neutralise(lines(v));
    case "json":
      return neutralise(JSON.stringify(v));
    default:
      return neutralise(String(v));
  }
}

/** Excel number formats of typed cells. */
export const XLSX_FORMATS: Partial<Record<FieldType, string>> = {
  date: "dd/mm/yyyy",
  datetime: "dd/mm/yyyy hh:mm:ss",
  euro: '#,##0.00 "€"',
  number: "#,##0.00",
  integer: "0",
};

/** The cell as a typed spreadsheet value: real dates (UTC wall-clock, as Excel has no zones) and numbers. */
export function cellValue(type: FieldType, v: unknown): string | number | Date | null {
  if (v === null || v === undefined) return null;
  switch (type) {
    case "date": {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(v));
      return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
    }
    case "datetime": {
      const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(String(v));
      return m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) : null;
    }
    case "euro":
    case "number":
    case "integer": {
      const n = Number(v);
      return Number.isFinite(n) ? n : null;
    }
    default:
      return cellText(type, v);
  }
}
