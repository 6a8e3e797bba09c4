/**
 * Streams a list request as a file download: Content-Disposition
 * `attachment; filename="<name>-YYYYMMDD-HHmm.<ext>"`. The first batch is read before any byte is
 * sent, so a failing query still answers JSON `{result: "error", detail}`.
 */
import { PassThrough } from "node:stream";
import { format } from "date-fns";
import type { FastifyReply } from "fastify";
import type { Database } from "../../../db/client";
import { exportQuery, groupQuery } from "../build-sql";
import type { FileType, List, ListContext, ListQuery } from "../types";
import { forEachBatch } from "./batches";
import { exportColumns } from "./cells";
import { csvWriter } from "./csv-writer";
import { pdfWriter } from "./pdf-writer";
import type { ExportWriter, WriterFactory } from "./writer";
import { xlsxWriter } from "./xlsx-writer";

export const CONTENT_TYPES: Record<FileType, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

const WRITERS: Record<FileType, WriterFactory> = { xlsx: xlsxWriter, csv: csvWriter, pdf: pdfWriter };

export function exportFilename(list: List, fileType: FileType, now: Date): string {
  return `${list.name}-${format(now, "yyyyMMdd-HHmm")}.${fileType}`;
}

export async function sendExport(
  reply: FastifyReply,
  database: Database,
  list: List,
  q: ListQuery,
  ctx: ListContext,
  now: Date,
): Promise<void> {
  const fileType = q.fileType as FileType;
  const columns = exportColumns(list, q);
  const query = q.groupBy ? groupQuery(list, q, ctx) : exportQuery(list, q, ctx);
  const out = new PassThrough();
  let writer: ExportWriter | undefined;
  const start = () => {
    reply
      .header("Content-Type", CONTENT_TYPES[fileType])
      .header("Content-Disposition", `attachment; filename="${exportFilename(list, fileType, now)}"`)
      .header("Cache-Control", "no-store");
    reply.send(out);
    writer = WRITERS[fileType](out, columns, { title: list.title ?? list.name, now });
    return writer;
  };
  try {
    if (list.prepare) await database.db.execute(list.prepare);
    await forEachBatch(database, query, async (rows) => {
      await (writer ?? start()).write(rows);
    });
    await (writer ?? start()).end();
  } catch (err) {
    if (!writer) throw err; // nothing sent yet: the route answers JSON
    reply.log.error({ err }, "esportazione interrotta");
    out.destroy(err as Error);
  }
}
