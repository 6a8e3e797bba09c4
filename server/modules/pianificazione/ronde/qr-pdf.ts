/**
 * The printable sheet of a service's checkpoints (issue 34 item 1): A4 portrait, a grid of QR
 * codes (`QR_GRIGLIA`), under each the site, the point's name and its code in clear (what a guard
 * types when the camera fails). The QR matrix comes from `uqr` and is drawn as filled rectangles,
 * one per run of dark modules in a row, with a quiet zone of 4 modules (ISO/IEC 18004).
 */
import PDFDocument from "pdfkit";
import { encode } from "uqr";
import { pdfText } from "../../../lib/pdf-text";

/** The grid, in PDF points from the top-left of the page (the test crops the codes from it). */
export const QR_GRIGLIA = {
  colonne: 3,
  righe: 3,
  margine: 36,
  intestazione: 56,
  cella: { larghezza: 174, altezza: 240 },
  lato: 150,
  quiete: 4,
} as const;

/** WinAnsi text for Helvetica: dashes become hyphens (a name like "Magazzino 2 — porta est"), the rest as pdfText. */
const testo = (s: string) => pdfText(s.replace(/[\u2013\u2014]/g, "-"));

export interface PuntoQr {
  nome: string;
  codice: string;
  istruzioni: string;
}

/** The top-left corner of the `i`-th code on its page (outside its quiet zone). */
export function posizioneQr(i: number): { pagina: number; x: number; y: number } {
  const g = QR_GRIGLIA;
  const perPagina = g.colonne * g.righe;
  const k = i % perPagina;
  const col = k % g.colonne;
  const riga = Math.floor(k / g.colonne);
  return {
    pagina: Math.floor(i / perPagina),
    x: g.margine + col * g.cella.larghezza + (g.cella.larghezza - g.lato) / 2,
    y: g.margine + g.intestazione + riga * g.cella.altezza,
  };
}

export async function foglioQrPdf(
  sito: { cliente: string; servizio: string; indirizzo: string },
  punti: readonly PuntoQr[],
) {
  const g = QR_GRIGLIA;
  const doc = new PDFDocument({
    size: "A4",
    margin: g.margine,
    autoFirstPage: false,
    info: { Title: testo(`Punti di controllo - ${sito.servizio}`), Creator: "Vigilanza ERP" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const intestazione = () => {
    doc.addPage();
    doc
      .font("Helvetica-Bold")
      .fontSize(14)
      .text(testo(`Punti di controllo - ${sito.servizio}`), g.margine, g.margine);
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(testo([sito.cliente, sito.indirizzo].filter(Boolean).join(" - ")));
  };
  if (punti.length === 0) {
    intestazione();
    doc.moveDown().fontSize(11).text("Nessun punto di controllo nel servizio.");
  }
  punti.forEach((p, i) => {
    const pos = posizioneQr(i);
    if (i % (g.colonne * g.righe) === 0) intestazione();
    const qr = encode(p.codice, { ecc: "M", border: 0 });
    const modulo = g.lato / (qr.size + 2 * g.quiete);
    const x0 = pos.x + g.quiete * modulo;
    const y0 = pos.y + g.quiete * modulo;
    qr.data.forEach((riga, r) => {
      let c = 0;
      while (c < riga.length) {
        if (!riga[c]) {
          c++;
          continue;
        }
        let fine = c;
        while (fine < riga.length && riga[fine]) fine++;
        doc.rect(x0 + c * modulo, y0 + r * modulo, (fine - c) * modulo, modulo);
        c = fine;
      }
    });
    doc.fillColor("black").fill();
    const testoX = pos.x - (g.cella.larghezza - g.lato) / 2 + 4;
    const w = g.cella.larghezza - 8;
    doc
      .font("Helvetica")
      .fontSize(8)
      .text(testo(sito.servizio), testoX, pos.y + g.lato + 2, {
        width: w,
        align: "center",
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .font("Helvetica-Bold")
      .fontSize(10)
      .text(testo(p.nome), testoX, pos.y + g.lato + 13, {
        width: w,
        align: "center",
        lineBreak: false,
        ellipsis: true,
      });
    doc
      .font("Courier")
      .fontSize(9)
      .text(p.codice, testoX, pos.y + g.lato + 27, { width: w, align: "center", lineBreak: false });
  });
  doc.end();
  return done;
}
