/**
 * An export's thread: for each job, reads the rows (PostgreSQL: a connection of its own; PGlite:
 * batches handed over by the main thread), writes the file and sends its bytes to the main thread,
 * which streams them to the client (run-export.ts, protocol.ts). One job at a time; the thread is
 * kept for the next (export-threads.ts).
 *
 * Why a thread: writing 100,000 rows of xlsx allocates a few GB of short-lived objects. In the
 * server's own heap (`--max-semi-space-size=64`, for the API's speed) that grew the young generation
 * to its ceiling and the processes by 110–190 MB, as V8's heuristics went; here the heap has limits
 * of its own (export-threads.ts), and the rest of the process's heap never holds an export's rows.
 * The price, measured on 2 CPUs (server/bench/NOTES.md, session 11): the file takes ~1 s longer
 * (a new thread's code is not yet optimised), and the other requests of the process wait as long
 * as before while it is written (the CPUs, not the event loop, are what is shared).
 */
import { Writable } from "node:stream";
import { parentPort } from "node:worker_threads";
import type { FileType } from "../types";
import { postgresBatches, type Rows } from "./batches";
import { CHUNK_WINDOW, type ExportJob, type FromThread, type ThreadError, type ToThread } from "./protocol";
import type { ExportWriter, WriterFactory } from "./writer";

/**
 * Each format's writer loaded when a job first needs it: a thread that writes xlsx never holds
 * pdfkit and its fonts in its heap, nor one that writes csv exceljs.
 */
const WRITERS: Record<FileType, () => WriterFactory> = {
  xlsx: () => (require("./xlsx-writer") as typeof import("./xlsx-writer")).xlsxWriter,
  csv: () => (require("./csv-writer") as typeof import("./csv-writer")).csvWriter,
  pdf: () => (require("./pdf-writer") as typeof import("./pdf-writer")).pdfWriter,
};

const port = parentPort;
if (!port) throw new Error("thread.ts runs as an export's thread (export-threads.ts)");
const send = (m: FromThread, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

/** One job's bytes to the main thread, with at most CHUNK_WINDOW bytes unacknowledged. */
class ToMain extends Writable {
  private unacked = 0;
  private waiting: (() => void) | undefined;

  acked(bytes: number): void {
    this.unacked -= bytes;
    const go = this.waiting;
    if (go && this.unacked < CHUNK_WINDOW) {
      this.waiting = undefined;
      go();
    }
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // A copy of its own (a Buffer may be a slice of a shared pool), moved rather than copied again.
    const data = new Uint8Array(chunk);
    send({ type: "chunk", data }, [data.buffer as ArrayBuffer]);
    this.unacked += data.byteLength;
    if (this.unacked < CHUNK_WINDOW) done();
    else this.waiting = () => done();
  }
}

/** The job being written: its byte stream, and the answer to its last `next` (PGlite). */
let out: ToMain | undefined;
let answer: ((m: ToThread) => void) | undefined;

/** PGlite: each batch asked of the main thread when the previous one is written. */
async function* mainBatches(): AsyncGenerator<Rows> {
  for (;;) {
    send({ type: "next" });
    const m = await new Promise<ToThread>((resolve) => {
      answer = resolve;
    });
    if (m.type !== "rows") return;
    yield m.rows;
  }
}

function threadError(err: unknown): ThreadError {
  if (!(err instanceof Error)) return { message: String(err) };
  const e = err as Error & Partial<Record<"code" | "detail" | "hint", string>>;
  return { message: e.message, name: e.name, code: e.code, detail: e.detail, hint: e.hint, stack: e.stack };
}

async function run(job: ExportJob, stream: ToMain): Promise<void> {
  const source = job.source;
  const batches =
    source.kind === "postgres" ? postgresBatches(source.url, source.query, source.prepare) : mainBatches();
  let writer: ExportWriter | undefined;
  const start = () => {
    const factory = WRITERS[job.fileType]();
    send({ type: "started" });
    writer = factory(stream, job.columns, job.meta);
    return writer;
  };
  for await (const rows of batches) await (writer ?? start()).write(rows);
  await (writer ?? start()).end();
}

port.on("message", (m: ToThread) => {
  switch (m.type) {
    case "job": {
      const stream = new ToMain();
      out = stream;
      run(m.job, stream).then(
        () => send({ type: "end" }),
        (err: unknown) => send({ type: "error", error: threadError(err) }),
      );
      break;
    }
    case "ack":
      out?.acked(m.bytes);
      break;
    default: {
      const resolve = answer;
      answer = undefined;
      resolve?.(m);
    }
  }
});
