/** Reading our PDFs in tests: pdfkit's Flate content streams and the text of their TJ arrays. */
import { inflateSync } from "node:zlib";

/** The decompressed content streams of a PDF, in file order. */
export function contentStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const s = pdf.toString("latin1");
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null = re.exec(s);
  while (m) {
    const start = m.index + m[0].length;
    const end = s.indexOf("endstream", start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // not a Flate stream (fonts' metadata, images): not content
    }
    m = re.exec(s);
  }
  return out;
}

/** The text the page shows: pdfkit writes it as hex strings in TJ arrays (WinAnsi). */
export function pageText(content: string): string {
  return [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((tj) =>
      [...tj[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1], "hex").toString("latin1")).join(""),
    )
    .join("\n");
}
