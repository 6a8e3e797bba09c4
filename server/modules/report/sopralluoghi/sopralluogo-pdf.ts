/**
 * A site inspection as a PDF the client can receive (A4 portrait): the client or prospect, the
 * address, day and inspector, each checklist point with the inspector's notes, the notes, the
 * outcome and the recommended service; then the photos, two to a page (stored JPEG or WebP, turned
 * into JPEG for pdfkit).
 */
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { Sopralluogo } from "../../../../src/domain/contracts/report/sopralluoghi";
import { formatDate } from "../../../../src/domain/format";
import { CHECKLIST_SOPRALLUOGO, ESITI_SOPRALLUOGO } from "../../../../src/domain/sopralluogo";
import { pdfText } from "../../../lib/pdf-text";

export async function sopralluogoPdf(x: Sopralluogo, foto: readonly Buffer[] = []): Promise<Buffer> {
  const immagini: Buffer[] = [];
  for (const f of foto)
    immagini.push(
      await sharp(f).resize({ width: 1200, height: 1200, fit: "inside", withoutEnlargement: true }).jpeg().toBuffer(),
    );
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
  immagini.forEach((img, i) => {
    if (i % 2 === 0) doc.addPage().font("Helvetica-Bold").fontSize(12).text("Foto").moveDown(0.4);
    doc.image(img, { fit: [499, 330], align: "center" }).moveDown(0.3);
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(pdfText(x.foto[i]?.nome ?? ""))
      .moveDown(0.6);
  });
  doc.end();
  return done;
}
