/**
 * The Libro Unico del Lavoro's presence calendar of one guard and month (PDF): for every day the hours
 * worked by causale, overtime, absences, holidays and rest days, as art. 39 c. 2 D.L. 112/2008 (conv. L.
 * 133/2008) requires of the calendar; the pay part of the Libro Unico is the labour consultant's.
 */
import PDFDocument from "pdfkit";
import type { Impostazioni } from "../../../../src/domain/contracts/fatturazione/fatture";
import { CAUSALI, type Causale } from "../../../../src/domain/contracts/fatturazione/paghe";
import { secondsToHours } from "../../../../src/domain/format";
import { weekday } from "../../../../src/domain/shift-rules";
import { pdfText } from "../../../lib/pdf-text";
import { giorniDelMese, type OperatorePresenze } from "./presenze.service";

const GIORNI = ["", "lun", "mar", "mer", "gio", "ven", "sab", "dom"];

export function libroUnicoPdf(
  mese: string,
  o: OperatorePresenze,
  azienda: Impostazioni,
  codici: Map<string, string>,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const titolo = `Calendario presenze ${mese.slice(5)}/${mese.slice(0, 4)}`;
    const doc = new PDFDocument({
      size: "A4",
      margin: 40,
      compress: false,
      info: { Title: `${titolo} - ${o.cognome} ${o.nome}` },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const t = (s: string) => pdfText(s);
    doc.fontSize(9).text(t(`${azienda.denominazione} - P.IVA ${azienda.partita_iva}`));
    doc.fontSize(13).text(t(`Libro Unico del Lavoro - ${titolo}`));
    doc
      .fontSize(10)
      .text(
        t(`${o.cognome} ${o.nome} - matricola ${o.matricola}${o.codice_fiscale ? ` - C.F. ${o.codice_fiscale}` : ""}`),
      );
    doc.moveDown(0.5);
    const x0 = 40;
    const colGiorno = 70;
    const col = 56;
    const riga = (y: number, cells: string[], bold = false) => {
      doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8);
      cells.forEach((c, i) => {
        doc.text(t(c), i === 0 ? x0 : x0 + colGiorno + (i - 1) * col, y, {
          width: i === 0 ? colGiorno : col - 4,
          align: i === 0 ? "left" : "right",
          lineBreak: false,
        });
      });
    };
    let y = doc.y;
    riga(y, ["Giorno", ...CAUSALI.map((c) => codici.get(c) ?? c)], true);
    y += 13;
    const perGiorno = new Map<string, Partial<Record<Causale, number>>>();
    for (const r of o.righe) {
      const g = perGiorno.get(r.giorno) ?? {};
      g[r.causale] = (g[r.causale] ?? 0) + r.secondi;
      perGiorno.set(r.giorno, g);
    }
    for (const g of giorniDelMese(mese)) {
      const v = perGiorno.get(g) ?? {};
      riga(y, [
        `${g.slice(8)} ${GIORNI[weekday(g)]}`,
        ...CAUSALI.map((c) => (v[c] === undefined ? "" : c === "riposo" ? "R" : secondsToHours(v[c]))),
      ]);
      y += 12;
    }
    y += 4;
    riga(y, ["Totale", ...CAUSALI.map((c) => (c === "riposo" ? "" : secondsToHours(o.totali[c])))], true);
    doc.font("Helvetica").fontSize(7);
    doc.text(
      t(
        `Ore approvate nel Consuntivo: ${secondsToHours(o.ore_approvate)}. Legenda: ${CAUSALI.map((c) => `${codici.get(c) ?? c} ${c}`).join(", ")}.`,
      ),
      x0,
      y + 20,
      { width: 515 },
    );
    doc.end();
  });
}
