/** The courtesy copy of an issued invoice (PDF): not the fiscal document, which is the FatturaPA XML. */
import PDFDocument from "pdfkit";
import type { Fattura, Impostazioni } from "../../../../src/domain/contracts/fatturazione/fatture";
import { formatDate, formatEuro, formatNumber } from "../../../../src/domain/format";
import { pdfText } from "../../../lib/pdf-text";

export function fatturaPdf(f: Fattura, azienda: Impostazioni): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 50, info: { Title: `Fattura ${f.numero}/${f.anno}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const t = (s: string) => pdfText(s);
    doc.fontSize(14).text(t(azienda.denominazione));
    doc
      .fontSize(9)
      .text(
        t(`${azienda.indirizzo} ${azienda.numero_civico} - ${azienda.cap} ${azienda.comune} (${azienda.provincia})`),
      );
    doc.text(t(`P.IVA ${azienda.partita_iva}`));
    doc.moveDown();
    const titolo = f.tipo === "TD04" ? "Nota di credito" : "Fattura";
    doc.fontSize(13).text(t(`${titolo} n. ${f.numero}/${f.anno} del ${formatDate(f.data ?? "")}`));
    doc.fontSize(10).text(t(`Cliente: ${f.cliente.ragione_sociale}`));
    doc
      .fontSize(8)
      .text(t("Copia di cortesia: il documento fiscale è il file XML trasmesso al Sistema di Interscambio."));
    doc.moveDown();
    doc.fontSize(9);
    for (const r of f.righe)
      doc.text(
        t(
          `${r.numero_linea}. ${r.descrizione} - ore ${formatNumber(r.quantita)} x ${formatEuro(r.prezzo_unitario)} = ${formatEuro(r.importo)}`,
        ),
      );
    doc.moveDown();
    doc.fontSize(10).text(t(`Imponibile ${formatEuro(f.imponibile)}`), { align: "right" });
    const iva = f.natura
      ? `IVA 0% (${f.natura})`
      : `IVA ${formatNumber(f.aliquota_iva)}%${f.esigibilita_iva === "S" ? " - scissione dei pagamenti" : ""}`;
    doc.text(t(`${iva} ${formatEuro(f.imposta)}`), { align: "right" });
    doc.fontSize(12).text(t(`Totale ${formatEuro(f.totale)}`), { align: "right" });
    doc.end();
  });
}
