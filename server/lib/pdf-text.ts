/** The standard PDF fonts (pdfkit's Helvetica) speak WinAnsi: replace the few characters of our texts they lack. */
export function pdfText(s: string): string {
  return s
    .replace(/→/g, "->")
    .replace(/[\r\n]+/g, " | ")
    .replace(/[^\x20-\x7e\u00a0-\u00ff€]/g, "?");
}
