/**
 * The foglio notizie as a PDF (A4 portrait) for the Questura of a province: the institute, its licence,
 * the working day and the issue; for each relevant fact the time, the place, what happened, the guards
 * involved and the action taken — or "Nulla da segnalare". DM 269/2010, Allegato D (the institute
 * reports to the Questore, at the end of each working day, the facts of the service that may be
 * crimes). Uncompressed, so its text can be read back (tests, the police's archive tools).
 */
import PDFDocument from "pdfkit";
import { formatDate } from "../../../../src/domain/format";
import { pdfText } from "../../../lib/pdf-text";

export interface FattoFoglio {
  relazione_id: number;
  ora: string;
  luogo: string;
  categoria: string;
  descrizione: string;
  guardie: string;
  provvedimenti: string;
}

export interface FoglioPdfInput {
  giorno: string;
  provincia: string;
  emissione: number;
  denominazione: string;
  licenza: string;
  generato_il: string;
  generato_da: string;
  fatti: readonly FattoFoglio[];
}

export const NULLA_DA_SEGNALARE = "Nulla da segnalare";

export function foglioNotiziePdf(x: FoglioPdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 48,
      compress: false,
      info: { Title: `Foglio notizie ${x.giorno} ${x.provincia}`, Creator: "Vigilanza ERP" },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    const t = pdfText;
    doc.font("Helvetica-Bold").fontSize(16).text("FOGLIO NOTIZIE", { align: "center" });
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(t(`Alla Questura di ${x.provincia || "-"} (DM 269/2010, Allegato D)`), { align: "center" })
      .moveDown(0.8);
    const voce = (label: string, value: string) =>
      doc
        .font("Helvetica-Bold")
        .fontSize(10)
        .text(t(`${label}: `), { continued: true })
        .font("Helvetica")
        .text(t(value || "-"));
    voce("Istituto", x.denominazione);
    voce("Licenza", x.licenza);
    voce("Giorno lavorativo", formatDate(x.giorno));
    voce("Emissione", x.emissione === 1 ? "1" : `${x.emissione} (integrazione delle precedenti)`);
    doc.moveDown(0.8);
    if (x.fatti.length === 0) {
      doc
        .font("Helvetica-Bold")
        .fontSize(13)
        .text(t(`${NULLA_DA_SEGNALARE}.`), { align: "center" })
        .moveDown(0.8);
    }
    x.fatti.forEach((f, i) => {
      doc
        .font("Helvetica-Bold")
        .fontSize(11)
        .text(t(`Fatto ${i + 1} - ore ${f.ora} - ${f.categoria} (relazione n. ${f.relazione_id})`))
        .moveDown(0.2);
      voce("Luogo", f.luogo);
      voce("Fatto", f.descrizione);
      voce("Guardie coinvolte", f.guardie);
      voce("Provvedimenti adottati", f.provvedimenti);
      doc.moveDown(0.6);
    });
    doc
      .moveDown(1)
      .font("Helvetica")
      .fontSize(9)
      .text(t(`Generato il ${x.generato_il} da ${x.generato_da}.`))
      .moveDown(2)
      .text("Il responsabile dell'istituto ______________________________", { align: "right" });
    doc.end();
  });
}
