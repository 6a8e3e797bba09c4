/**
 * Streams a list request as a file download: Content-Disposition
 * `attachment; filename="<name>-YYYYMMDD-HHmm.<ext>"`. The file is read and written by an export's
 * thread (thread.ts, kept by export-threads.ts); this side renders the statement, sends the
 * headers once the thread has read its first batch — so a failing query still answers JSON
 * `{result: "error", detail}` —, passes the bytes on at the client's pace, and ends the thread
 * if the client goes away. On PGlite it also reads the rows and hands them over (pglite-batches.ts).
 */
import { PassThrough } from "node:stream";
import { format } from "date-fns";
import type { FastifyReply } from "fastify";
import type { Database } from "../../../db/client";
import { renderSql } from "../../../db/render-sql";
import { exportQuery, groupQuery } from "../build-sql";
import { COUNT_FIELD } from "../parse-query";
import type { FileType, List, ListContext, ListQuery } from "../types";
import type { ExportColumn } from "./cells";
import { leaseExportThread } from "./export-threads";
import { pgliteBatches } from "./pglite-batches";
import type { ExportJob, FromThread, ThreadError, ToThread } from "./protocol";

export const CONTENT_TYPES: Record<FileType, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv; charset=utf-8",
  pdf: "application/pdf",
};

export const COUNT_LABEL = "Numero";

export function exportColumns(list: List, q: ListQuery): ExportColumn[] {
  return q.exportFields.map((name) =>
    name === COUNT_FIELD && q.groupBy
      ? { name, label: COUNT_LABEL, type: "integer" as const }
      : { name, label: list.fields[name].label, type: list.fields[name].type },
  );
}

export function exportFilename(list: List, fileType: FileType, now: Date): string {
  return `${list.name}-${format(now, "yyyyMMdd-HHmm")}.${fileType}`;
}

/** The thread's error as an Error of this thread (message and PostgreSQL's fields, for the log). */
function fromThread(e: ThreadError): Error {
  const err = new Error(e.message);
  Object.assign(err, { name: e.name ?? "Error", code: e.code, detail: e.detail, hint: e.hint });
  if (e.stack) err.stack = e.stack;
  return err;
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
  const query = q.groupBy ? groupQuery(list, q, ctx) : exportQuery(list, q, ctx);
  const url = database.kind === "postgres" ? database.url : undefined;
  const job: ExportJob = {
    fileType,
    columns: exportColumns(list, q),
    meta: { title: list.title ?? list.name, now },
    source: url
      ? {
          kind: "postgres",
          url,
          query: renderSql(query),
          ...(list.prepare ? { prepare: renderSql(list.prepare) } : {}),
        }
      : { kind: "main" },
  };
  if (!url && list.prepare) await database.db.execute(list.prepare);
  const pages = url ? undefined : pgliteBatches(database.db, query);

  const { thread, done } = await leaseExportThread();
  let settled = false;
  // Once this export has settled the thread may be another export's: a late acknowledgement or
  // batch of this one must not reach it (it would widen that export's window, or feed it our rows).
  const tell = (m: ToThread) => {
    if (!settled) thread.postMessage(m);
  };
  let out: PassThrough | undefined;
  let failure: Error | undefined;
  let ended = false;
  let finish = () => {};
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  /** The export stops here: `reusable` when the thread finished its job and can take another. */
  const settle = (err: Error | undefined, reusable: boolean) => {
    if (settled) return;
    settled = true;
    failure = err;
    thread.off("message", onMessage);
    thread.off("error", onError);
    thread.off("exit", onExit);
    done(reusable);
    finish();
  };
  const onMessage = (m: FromThread) => {
    switch (m.type) {
      case "started": {
        out = new PassThrough();
        // The client went away (or the stream failed): the thread, and its connection, stop.
        out.once("close", () => {
          if (!ended) settle(new Error("esportazione interrotta: il client si è disconnesso"), false);
        });
        reply
          .header("Content-Type", CONTENT_TYPES[fileType])
          .header("Content-Disposition", `attachment; filename="${exportFilename(list, fileType, now)}"`)
          .header("Cache-Control", "no-store");
        reply.send(out);
        break;
      }
      case "chunk": {
        const bytes = m.data.byteLength;
        out?.write(Buffer.from(m.data.buffer, m.data.byteOffset, bytes), (err) => {
          if (!err) tell({ type: "ack", bytes });
        });
        break;
      }
      case "next":
        pages?.next().then(
          (page) => tell(page.done ? { type: "done" } : { type: "rows", rows: page.value }),
          (err: unknown) => settle(err as Error, false),
        );
        break;
      case "end":
        ended = true;
        settle(undefined, true);
        out?.end();
        break;
      case "error":
        // The thread closed what it had opened and waits for the next job.
        settle(fromThread(m.error), true);
        break;
    }
  };
  // Uncaught in the thread, or its heap's limit reached (ERR_WORKER_OUT_OF_MEMORY).
  const onError = (err: Error) => settle(err, false);
  const onExit = () => settle(new Error("il thread dell'esportazione è terminato prima della fine"), false);
  thread.on("message", onMessage);
  thread.on("error", onError);
  thread.on("exit", onExit);
  tell({ type: "job", job });

  try {
    await finished;
  } finally {
    await pages?.return(undefined);
  }
  if (ended) return;
  const err = failure ?? new Error("esportazione interrotta");
  if (!out) throw err; // nothing sent yet: the route answers JSON
  reply.log.error({ err }, "esportazione interrotta");
  out.destroy(err);
}
