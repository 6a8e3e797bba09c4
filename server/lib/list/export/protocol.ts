/**
 * What the server's main thread and an export's thread say to each other (run-export.ts ↔ thread.ts).
 * A thread writes one export at a time and then waits for the next job (export-threads.ts).
 *
 * main → thread: `job`; `ack` when a chunk has left for the client (flow control); on PGlite,
 *   `rows` / `done` answering each `next`.
 * thread → main: `started` once the first batch is read (the main thread then sends the headers:
 *   a failure before it still answers JSON); the file's bytes as `chunk`s, at most CHUNK_WINDOW
 *   bytes not yet acknowledged; `next` (PGlite) to ask for a batch; `end` after the last byte;
 *   `error` instead.
 */
import type { RenderedSql } from "../../../db/render-sql";
import type { FileType } from "../types";
import type { Rows } from "./batches";
import type { ExportColumn } from "./cells";
import type { ExportMeta } from "./writer";

export type ExportSource =
  | { kind: "postgres"; url: string; query: RenderedSql; prepare?: RenderedSql }
  /** The rows come from the main thread (PGlite). */
  | { kind: "main" };

export interface ExportJob {
  fileType: FileType;
  columns: ExportColumn[];
  meta: ExportMeta;
  source: ExportSource;
}

/** Bytes the thread may send ahead of the client: a slow download slows the thread, not the heap. */
export const CHUNK_WINDOW = 1024 * 1024;

export type ToThread =
  | { type: "job"; job: ExportJob }
  | { type: "ack"; bytes: number }
  | { type: "rows"; rows: Rows }
  | { type: "done" };

/** An error as it crosses threads: its message and PostgreSQL's fields, for the server's log. */
export interface ThreadError {
  message: string;
  name?: string;
  code?: string;
  detail?: string;
  hint?: string;
  stack?: string;
}

export type FromThread =
  | { type: "started" }
  | { type: "chunk"; data: Uint8Array }
  | { type: "next" }
  /** The job is done (the thread takes the next one). */
  | { type: "end" }
  /** The job failed (the thread takes the next one). */
  | { type: "error"; error: ThreadError };
