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
