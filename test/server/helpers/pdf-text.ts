import { inflateSync } from "node:zlib";

/**
 * The text of an uncompressed PDF made by pdfkit (`compress: false`): each `[<hex> kern <hex>…] TJ`
 * operator is one line; its hex strings are WinAnsi bytes. Enough to assert what a sheet says.
 */
export function pdfLines(pdf: Buffer): string[] {
  const raw = pdf.toString("latin1");
  const lines: string[] = [];
  for (const m of raw.matchAll(/\[((?:<[0-9a-fA-F]*>|[\s\-.0-9])*)\]\s*TJ/g)) {
    const parts = [...(m[1] as string).matchAll(/<([0-9a-fA-F]*)>/g)].map((h) =>
      Buffer.from(h[1] as string, "hex").toString("latin1"),
    );
    lines.push(parts.join(""));
  }
  return lines;
}

export const pdfPlainText = (pdf: Buffer) => pdfLines(pdf).join("\n");

/** The Flate content streams of a compressed PDF (pdfkit's default), inflated, in file order. */
export function pdfStreams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  const s = pdf.toString("latin1");
  for (const m of s.matchAll(/stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    try {
      out.push(inflateSync(pdf.subarray(start, s.indexOf("endstream", start))));
    } catch {
      // not a Flate stream (fonts' metadata, images): no text
    }
  }
  return out;
}

/** The text of a compressed pdfkit PDF, page by page (one string per content stream). */
export const pdfPages = (pdf: Buffer) => pdfStreams(pdf).map((c) => pdfLines(c).join("\n"));
