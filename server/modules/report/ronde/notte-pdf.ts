/**
 * The client-ready PDF of one night at one site (issue 34 item 4): A4 portrait, the client, the
 * service and its address, the night; then each round — time, plan, state, guard, start and end —
 * with each point: when it was scanned and how (QR, NFC, typed), flagged scans marked, the missed
 * points named. What the client reads is exactly what the server judged.
 */
import PDFDocument from "pdfkit";
import { RONDA_STATO_LABEL, type Ronda } from "../../../../src/domain/contracts/pianificazione/ronde/schemas";
import { formatDate } from "../../../../src/domain/format";
import { pdfText } from "../../../lib/pdf-text";

const testo = (s: string) => pdfText(s.replace(/[\u2013\u2014]/g, "-"));
const METODO = { qr: "QR", nfc: "NFC", manuale: "codice digitato" } as const;
const ora = (s: string | null) => (s ? s.slice(11, 16) : "-");

export async function nottePdf(
  sito: { cliente: string; servizio: string; indirizzo: string; giorno: string },
  ronde: readonly Ronda[],
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 48,
    info: { Title: testo(`Ronde ${sito.servizio} ${sito.giorno}`), Creator: "Vigilanza ERP" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
  const domani = new Date(`${sito.giorno}T12:00:00Z`);
  domani.setUTCDate(domani.getUTCDate() + 1);
  doc.font("Helvetica-Bold").fontSize(16).text("Rapporto delle ronde");
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(testo(`${sito.cliente} - ${sito.servizio}`))
    .text(testo(sito.indirizzo || ""))
    .text(testo(`Notte dal ${formatDate(sito.giorno)} al ${formatDate(domani.toISOString().slice(0, 10))}`))
    .moveDown();
  const conteggio = (s: Ronda["stato"]) => ronde.filter((r) => r.stato === s).length;
  doc.text(
    testo(
      `${ronde.length} ronde: ${conteggio("completata")} completate, ${conteggio("in_ritardo")} in ritardo, ` +
        `${conteggio("incompleta")} incomplete, ${conteggio("non_eseguita")} non eseguite`,
    ),
  );
  doc.moveDown();
  if (ronde.length === 0) doc.text("Nessuna ronda prevista in questa notte.");
  for (const r of ronde) {
    if (doc.y > 700) doc.addPage();
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .text(
        testo(
          `${ora(r.previsto_il)} - ${r.piano} - ${RONDA_STATO_LABEL[r.stato]}${r.fuori_ordine ? " (fuori ordine)" : ""}`,
        ),
      );
    doc
      .font("Helvetica")
      .fontSize(9)
      .text(
        testo(
          `Guardia: ${r.operatore ?? "-"} - iniziata ${ora(r.iniziata_il)}, finita ${ora(r.finita_il)} - tolleranza ${r.tolleranza_minuti} min`,
        ),
      );
    for (const p of r.punti) {
      const riga = p.passato_il
        ? `${ora(p.passato_il)}  ${p.nome} (${p.metodo ? METODO[p.metodo] : ""})${p.segnalato ? " - segnalato" : ""}`
        : `  -    ${p.nome} - non passato`;
      doc.text(testo(riga), { indent: 12 });
    }
    if (r.punti_mancanti.length) doc.text(testo(`Punti mancati: ${r.punti_mancanti.join(", ")}`), { indent: 12 });
    doc.moveDown(0.6);
  }
  doc.end();
  return done;
}
