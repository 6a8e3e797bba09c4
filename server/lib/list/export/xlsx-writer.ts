/**
 * Streaming xlsx (exceljs WorkbookWriter): rows are committed as they come, typed cells with Italian formats.
 *
 * Every cell gets one of a few shared, frozen style objects: exceljs recognises a style object it
 * has seen (a WeakMap) and otherwise renders the style to XML for every cell to look it up — with
 * column styles each cell carries a fresh copy, which was two thirds of the time of a 100,000-row
 * export (server/bench/NOTES.md).
 */
import ExcelJS from "exceljs";
import type { FieldType } from "../types";
import { cellValue, XLSX_FORMATS } from "./cells";
import { drained, type WriterFactory } from "./writer";

const PLAIN: Partial<ExcelJS.Style> = Object.freeze({});
const HEADER: Partial<ExcelJS.Style> = Object.freeze({ font: Object.freeze({ bold: true }) });
const TYPED = new Map<FieldType, Partial<ExcelJS.Style>>(
  Object.entries(XLSX_FORMATS).map(([type, numFmt]) => [type as FieldType, Object.freeze({ numFmt })]),
);

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(title: string): string {
  return title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Esportazione";
}

export const xlsxWriter: WriterFactory = (out, columns, meta) => {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = "Vigilanza ERP";
  wb.created = meta.now;
  const ws = wb.addWorksheet(sheetName(meta.title), { views: [{ state: "frozen", ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.label,
    key: c.name,
    width: c.type === "text" || c.type === "lines" ? 24 : c.type === "datetime" ? 20 : 14,
  }));
  const styles = columns.map((c) => TYPED.get(c.type) ?? PLAIN);
  const header = ws.getRow(1);
  columns.forEach((_, i) => {
    header.getCell(i + 1).style = HEADER;
  });
  header.commit();
  return {
    async write(rows) {
      for (const r of rows) {
        const row = ws.addRow(columns.map((c) => cellValue(c.type, r[c.name])));
        styles.forEach((style, i) => {
          row.getCell(i + 1).style = style;
        });
        row.commit();
      }
      await drained(out);
    },
    async end() {
      ws.commit();
      await wb.commit();
    },
  };
};
