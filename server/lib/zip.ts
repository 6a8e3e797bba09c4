/** A yazl zip file's bytes, once every entry is added (the GDPR export, the invoices' zip for the SdI intermediary). */
import type yazl from "yazl";

export function zipToBuffer(zip: yazl.ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c));
    zip.outputStream.on("end", () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on("error", reject);
    zip.end();
  });
}
