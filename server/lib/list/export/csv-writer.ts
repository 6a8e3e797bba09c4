/**
 * CSV for Italian Excel: UTF-8 with BOM, `;` separator, CRLF lines, Italian-formatted values
 * (DD/MM/YYYY, 1.234,50 €), header of Italian labels.
 */
import { stringify } from "csv-stringify";
import { cellText } from "./cells";
import { drained, type WriterFactory } from "./writer";

export const CSV_SEPARATOR = ";";

export const csvWriter: WriterFactory = (out, columns) => {
  const s = stringify({ delimiter: CSV_SEPARATOR, bom: true, record_delimiter: "windows", quoted_match: /[\n\r;"]/ });
  s.pipe(out);
  s.write(columns.map((c) => c.label));
  return {
    async write(rows) {
      for (const r of rows) s.write(columns.map((c) => cellText(c.type, r[c.name])));
      await drained(out);
    },
    async end() {
      await new Promise<void>((resolve, reject) => {
        out.once("finish", resolve);
        out.once("error", reject);
        s.end();
      });
    },
  };
};
