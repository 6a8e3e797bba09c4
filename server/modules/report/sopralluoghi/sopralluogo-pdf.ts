/**
 * A site inspection as a PDF the client can receive (A4 portrait): the client or prospect, the
 * address, day and inspector, each checklist point with the inspector's notes, the notes, the
 * outcome and the recommended service.
 */
import PDFDocument from "pdfkit";
import type { Sopralluogo } from "../../../../src/domain/contracts/report/sopralluoghi";
import { formatDate } from "../../../../src/domain/format";
import { CHECKLIST_SOPRALLUOGO, ESITI_SOPRALLUOGO } from "../../../../src/domain/sopralluogo";
import { pdfText } from "../../../lib/pdf-text";

export function sopralluogoPdf(x: Sopralluogo): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: `Sopralluogo ${x.id}`, Creator: "Vigilanza ERP" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const voce = (label: string, value: string) => {
    doc.font("Helvetica-Bold").fontSize(10).text(pdfText(label));
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(pdfText(value || "—"))
      .moveDown(0.5);
  };
  doc.font("Helvetica-Bold").fontSize(16).text("Verbale di sopralluogo").moveDown(0.8);
  voce("Cliente", x.cliente?.ragione_sociale ?? `${x.potenziale_cliente} (potenziale cliente)`);
  voce("Indirizzo", [x.indirizzo, [x.cap, x.citta, x.prov].filter(Boolean).join(" ")].filter(Boolean).join(", "));
  voce("Data", formatDate(x.data));
  voce("Ispettore", x.ispettore);
  doc.moveDown(0.5).font("Helvetica-Bold").fontSize(12).text("Verifiche").moveDown(0.4);
  for (const c of CHECKLIST_SOPRALLUOGO) voce(c.label, x.checklist[c.code]);
  voce("Note", x.note);
  voce("Esito", ESITI_SOPRALLUOGO.find((e) => e.code === x.esito)?.label ?? x.esito);
  voce("Servizio consigliato", x.servizio_consigliato);
  doc.end();
  return done;
}
