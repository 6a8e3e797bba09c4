/** Streaming xlsx (exceljs WorkbookWriter): rows are committed as they come, typed cells with Italian formats. */
import ExcelJS from "exceljs";
import { cellValue, XLSX_FORMATS } from "./cells";
import { drained, type WriterFactory } from "./writer";

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
    style: XLSX_FORMATS[c.type] ? { numFmt: XLSX_FORMATS[c.type] } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  return {
    async write(rows) {
      for (const r of rows) ws.addRow(columns.map((c) => cellValue(c.type, r[c.name]))).commit();
      await drained(out);
    },
    async end() {
      ws.commit();
      await wb.commit();
    },
  };
};
