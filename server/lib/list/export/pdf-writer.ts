/**
 * PDF table: A4 landscape, Italian title and export date, header row repeated on every page,
 * one line per row (long cells end with an ellipsis). Pages are flushed to the stream as they fill.
 */
import PDFDocument from "pdfkit";
import { formatDateTime } from "../../../../src/domain/format";
import { pdfText } from "../../pdf-text";
import { cellText, type ExportColumn } from "./cells";
import { drained, type WriterFactory } from "./writer";

const MARGIN = 28;
const FONT_SIZE = 7.5;
const ROW_HEIGHT = 13;
const WEIGHT: Partial<Record<ExportColumn["type"], number>> = { text: 2, lines: 3, datetime: 1.5 };

export const pdfWriter: WriterFactory = (out, columns, meta) => {
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: MARGIN,
    info: { Title: meta.title, Creator: "Vigilanza ERP" },
  });
  doc.pipe(out);
  const width = doc.page.width - 2 * MARGIN;
  const weights = columns.map((c) => WEIGHT[c.type] ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const widths = weights.map((w) => (w / total) * width);
  const bottom = () => doc.page.height - MARGIN - ROW_HEIGHT;

  const row = (cells: string[], bold: boolean) => {
    const y = doc.y;
    if (bold)
      doc
        .rect(MARGIN, y - 2, width, ROW_HEIGHT)
        .fill("#e8e8e8")
        .fillColor("black");
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(FONT_SIZE);
    let x = MARGIN;
    cells.forEach((text, i) => {
      doc.text(pdfText(text), x + 2, y, { width: widths[i] - 4, height: ROW_HEIGHT, lineBreak: false, ellipsis: true });
      x += widths[i];
    });
    doc.x = MARGIN;
    doc.y = y + ROW_HEIGHT;
  };
  const header = () =>
    row(
      columns.map((c) => c.label),
      true,
    );

  doc.font("Helvetica-Bold").fontSize(14).text(pdfText(meta.title), MARGIN, MARGIN);
  doc
    .font("Helvetica")
    .fontSize(9)
    .text(`Esportato il ${formatDateTime(meta.now)}`)
    .moveDown(0.6);
  header();

  return {
    async write(rows) {
      for (const r of rows) {
        if (doc.y > bottom()) {
          doc.addPage();
          doc.y = MARGIN;
          header();
        }
        row(
          columns.map((c) => cellText(c.type, r[c.name])),
          false,
        );
      }
      await drained(out);
    },
    async end() {
      await new Promise<void>((resolve, reject) => {
        out.once("finish", resolve);
        out.once("error", reject);
        doc.end();
      });
    },
  };
};
