import type { Writable } from "node:stream";
import type { ExportColumn } from "./cells";

export interface ExportMeta {
  /** Italian title (PDF heading, sheet name). */
  title: string;
  /** When the export was made (the server clock). */
  now: Date;
}

/** Writes one file format to a stream, a batch of rows at a time. */
export interface ExportWriter {
  write(rows: Record<string, unknown>[]): Promise<void>;
  end(): Promise<void>;
}

export type WriterFactory = (out: Writable, columns: ExportColumn[], meta: ExportMeta) => ExportWriter;

/** Waits until the stream has room (so a slow client slows the database reads, not the heap). */
export async function drained(out: Writable): Promise<void> {
  if (!out.writableNeedDrain || out.destroyed) return;
  await new Promise<void>((resolve, reject) => {
    const done = () => {
      out.off("drain", done);
      out.off("close", done);
      out.off("error", fail);
      resolve();
    };
    const fail = (e: Error) => {
      out.off("drain", done);
      out.off("close", done);
      reject(e);
    };
    out.once("drain", done);
    out.once("close", done);
    out.once("error", fail);
  });
}
