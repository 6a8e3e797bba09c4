import type { ReactNode } from "react";

/** How a cell value is shown (Italian formats of src/domain/format.ts). */
export type CellFormat =
  | "text"
  | "date"
  | "datetime"
  | "datetime-seconds"
  | "euro"
  | "number"
  | "integer"
  | "boolean"
  | "hours"
  | "lines";

export type Row = Record<string, unknown>;

/** A column as a screen declares it. */
export interface DataTableColumn<R = Row> {
  /** The result field (and, unless `sortField` says otherwise, the order_field / group_by name). */
  key: string;
  /** Italian header. */
  name: string;
  sortable?: boolean;
  /** order_field sent to the server when different from key. */
  sortField?: string;
  /** May be grouped by (server group_by). */
  groupable?: boolean;
  format?: CellFormat;
  /** Custom cell; wins over format. */
  render?: (row: R) => ReactNode;
  width?: number | string;
  minWidth?: number;
  /** Field name in show_fields / hidden_fields; false for a column that is not exported (actions). */
  exportField?: string | false;
  /** May be hidden with the column chooser (default true). */
  hideable?: boolean;
  /**
   * Starts hidden in the column chooser (a secondary column: the key and money columns must fit at
   * 1366 px, issue 32 item 4) until the user shows it; the user's saved choice wins.
   */
  hiddenByDefault?: boolean;
  /**
   * Stays in view while the grid scrolls sideways (react-data-grid's `frozen`): 'start' for the
   * row's key (frozen columns are drawn first), 'end' for the row's actions.
   */
  frozen?: "start" | "end";
  /**
   * Summed in the totals row under the grid (issue 32 item 4): the list asks the server for the
   * sums over the whole selection (`totali=true`), shown in the column's `format`.
   */
  total?: boolean;
}

/** One group of a grouped answer (server group_by): the value, its count and the sums. */
export interface GroupRow {
  value: unknown;
  count: number;
  sums: Record<string, number | null>;
}
