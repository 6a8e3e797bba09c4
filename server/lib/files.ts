/**
 * Uploaded files for every module: type checked by CONTENT (magic bytes), size limits per type,
 * images checked and re-encoded by images.ts (rotated upright, every metadata block — EXIF, GPS,
 * XMP, ICC — dropped; bombs refused; one at a time per process), one row in `files` and the bytes
 * in `file_chunks` (migration 0850, issue 36 item 1: FILE_CHUNK_BYTES a row, written in the row's
 * transaction and read back one chunk at a time — never the whole file in memory —, so every host on
 * one PostgreSQL serves every file and the database's backup holds them). Files uploaded before
 * were under DATA_DIR/files/<yyyy>/<uuid> (`contenuto_db` false): they are still served from there
 * until `importDiskFiles` (lib/files-import.ts: at start, and `npm run erp -- files import`) moves
 * them in. The original name is kept only as a label.
 *
 *   const row = await storeFile(tx, app.config.dataDir, { ownerType: "operatore", ownerId: 7,
 *     categoria: "foto_primo_piano", originalName, data, createdBy: user.id, allowed: ["image"] });
 *
 * Reading an upload (one multipart reader: fields, one file, the size limit and a broken form as
 * Italian 400/413 answers, NUL characters refused): `openUpload(request, {...})` then
 * `upload.store(tx, …)` streams a document into the database in the route's transaction, a chunk
 * at a time (a 50 MB attachment never whole in memory; over the limit: 413 and the transaction
 * rolls back, nothing kept); `readUpload` reads a form whole, for the image-only routes.
 * Serving is the owning module's business (it knows who may see what): read the row, check the
 * permission, then `sendStoredFile(reply, dataDir, row)` — always an attachment with nosniff, a
 * closed CSP and no caching; `sendFile` does the same for bytes made on the fly (an export).
 */
import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, inArray, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../db/client";
import { queryOne } from "../db/query";
import { files } from "../db/schema/anagrafiche-operatori";
import { refuseNul } from "../plugins/input-guard";
import { HttpError, notFound, validationError } from "./errors";
import { reencodeImage } from "./images";

export type FileKind = "image" | "pdf";

export interface DetectedType {
  kind: FileKind;
  mime: string;
}

export const MB = 1024 * 1024;
/** Maximum sizes by kind (bytes). */
export const FILE_LIMITS: Readonly<Record<FileKind, number>> = { image: 8 * MB, pdf: 10 * MB };
/** The largest upload any route accepts (multipart's own limit). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(FILE_LIMITS));

export type FileRow = typeof files.$inferSelect;

/** The type by its first bytes: JPEG FFD8FF, PNG 89504E47, WebP RIFF….WEBP, PDF %PDF-. */
export function detectType(data: Buffer): DetectedType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) {
    return { kind: "image", mime: "image/jpeg" };
  }
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { kind: "image", mime: "image/png" };
  }
  if (data.length >= 12 && data.toString("latin1", 0, 4) === "RIFF" && data.toString("latin1", 8, 12) === "WEBP") {
    return { kind: "image", mime: "image/webp" };
  }
  if (data.length >= 5 && data.toString("latin1", 0, 5) === "%PDF-") return { kind: "pdf", mime: "application/pdf" };
  return null;
}

const KIND_LABELS: Record<FileKind, string> = { image: "immagini JPEG, PNG o WebP", pdf: "documenti PDF" };

export function fileTypeError(allowed: readonly FileKind[]): HttpError {
  const what = allowed.map((k) => KIND_LABELS[k]).join(" o ");
  return new HttpError(400, `Tipo di file non consentito: sono ammessi solo ${what}`, {
    file: `Tipo di file non consentito: sono ammessi solo ${what}`,
  });
}

export function fileTooLargeError(maxBytes: number): HttpError {
  const mb = Math.round(maxBytes / MB);
  return new HttpError(413, `Il file supera la dimensione massima consentita (${mb} MB)`, {
    file: `Il file supera la dimensione massima consentita (${mb} MB)`,
  });
}

/** A harmless display name: no directories, no control or quoting characters, at most 120 chars. */
export function safeFilename(name: string | null | undefined, fallback = "file"): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  const clean = base
    .normalize("NFC")
    .split("")
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f && !'"<>:|?*;'.includes(c))
    .join("")
    .replace(/^\.+/, "")
    .trim()
    .slice(0, 120);
  return clean || fallback;
}

const EXT: Record<string, string> = {
  "image/jpeg": ".jpg",
  "image/png": ".png",
  "image/webp": ".webp",
  "application/pdf": ".pdf",
};

/** The download name with the extension of the stored type. */
export function downloadName(row: Pick<FileRow, "nomeOriginale" | "mime" | "categoria">): string {
  const ext = EXT[row.mime] ?? "";
  const base = safeFilename(row.nomeOriginale, row.categoria).replace(/\.[A-Za-z0-9]{1,5}$/, "");
  return `${base}${ext}`;
}

/** RFC 6266 header: an ASCII fallback plus the UTF-8 name. */
export function contentDisposition(filename: string, disposition: "inline" | "attachment" = "attachment"): string {
  const ascii = filename
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export const filesRoot = (dataDir: string) => path.join(dataDir, "files");

function absolutePath(dataDir: string, percorso: string): string {
  const root = filesRoot(dataDir);
  const abs = path.resolve(root, percorso);
  if (!abs.startsWith(root + path.sep)) throw new Error("Percorso del file non valido");
  return abs;
}

export interface StoreFileInput {
  ownerType: string;
  ownerId: string | number;
  categoria: string;
  originalName?: string | null;
  data: Buffer;
  createdBy?: number | null;
  /** Kinds this upload may be (default: images and PDF). */
  allowed?: readonly FileKind[];
  /** Overrides FILE_LIMITS for this upload (bytes), e.g. a 5 MB CV. */
  maxBytes?: number;
  /** Used for the <yyyy> folder. */
  now?: Date;
  /** The result of prepareFile(data), when the caller prepared it before its transaction. */
  prepared?: PreparedFile;
}

/** Bytes checked by type and size, images re-encoded: what storeFile writes. */
export interface PreparedFile {
  data: Buffer;
  mime: string;
}

/**
 * Checks the type and size and re-encodes an image. storeFile calls it; a route that may wait for
 * image work (the guards' app) calls it before its transaction opens and passes `prepared`, so no
 * database connection is held while an image waits its turn.
 */
export async function prepareFile(input: Pick<StoreFileInput, "data" | "allowed" | "maxBytes">): Promise<PreparedFile> {
  const allowed = input.allowed ?? ["image", "pdf"];
  const type = detectType(input.data);
  if (!type || !allowed.includes(type.kind)) throw fileTypeError(allowed);
  const limit = Math.min(FILE_LIMITS[type.kind], input.maxBytes ?? Number.POSITIVE_INFINITY);
  if (input.data.length > limit) throw fileTooLargeError(limit);
  if (type.kind === "image") return reencodeImage(input.data, type.mime);
  return { data: input.data, mime: type.mime };
}

/** The size of one row of `file_chunks`: what a download holds in memory at a time. */
export const FILE_CHUNK_BYTES = 256 * 1024;

async function insertChunk(tx: Executor, fileId: string, n: number, data: Buffer): Promise<void> {
  await tx.execute(sql`INSERT INTO file_chunks (file_id, n, data) VALUES (${fileId}::uuid, ${n}, ${data}::bytea)`);
}

/** Writes bytes as chunks of the file `fileId` (its row exists, in the caller's transaction). */
export async function insertChunks(tx: Executor, fileId: string, data: Buffer): Promise<void> {
  for (let n = 0, off = 0; off < data.length; n++, off += FILE_CHUNK_BYTES) {
    await insertChunk(tx, fileId, n, data.subarray(off, off + FILE_CHUNK_BYTES));
  }
}

/** The `files` row of an upload (its bytes in `file_chunks`). */
function fileRow(
  input: Omit<StoreFileInput, "data" | "prepared">,
  id: string,
  mime: string,
  dimensione: number,
  sha256: string,
): typeof files.$inferInsert {
  const year = String((input.now ?? new Date()).getFullYear());
  return {
    id,
    ownerType: input.ownerType,
    ownerId: String(input.ownerId),
    categoria: input.categoria,
    nomeOriginale: safeFilename(input.originalName),
    mime,
    dimensione,
    percorso: `${year}/${id}`,
    sha256,
    createdBy: input.createdBy ?? null,
    contenutoDb: true,
  };
}

/** Checks, re-encodes and records a file: its row and its chunks, in the caller's transaction. */
export async function storeFile(tx: Executor, _dataDir: string, input: StoreFileInput): Promise<FileRow> {
  const { data, mime } = input.prepared ?? (await prepareFile(input));

  const id = crypto.randomUUID();
  const sha256 = crypto.createHash("sha256").update(data).digest("hex");
  const [row] = await tx
    .insert(files)
    .values(fileRow(input, id, mime, data.length, sha256))
    .returning();
  await insertChunks(tx, id, data);
  return row;
}

/**
 * Records a file read from a stream, FILE_CHUNK_BYTES at a time (memory: about one chunk, whatever
 * the size): for a document that needs no re-encoding (PDF). The type is checked on the first bytes,
 * the size as it arrives (over the limit: 413, and the caller's transaction rolls the chunks back).
 */
export async function storeFileStream(
  tx: Executor,
  input: Omit<StoreFileInput, "data" | "prepared"> & { stream: AsyncIterable<Buffer | Uint8Array> },
): Promise<FileRow> {
  const allowed: FileKind[] = (input.allowed ?? ["pdf"]).filter((k) => k !== "image");
  const id = crypto.randomUUID();
  const hash = crypto.createHash("sha256");
  let size = 0;
  let n = 0;
  let limit = input.maxBytes ?? Number.POSITIVE_INFINITY;
  let mime: string | undefined;
  // One buffer reused for every chunk (each insert is awaited before it is refilled): the bytes are
  // copied once, and no garbage of the file's size is left for the collector to find late.
  const chunk = Buffer.allocUnsafeSlow(FILE_CHUNK_BYTES);
  let fill = 0;
  const flush = async () => {
    if (fill === 0) return;
    const data = chunk.subarray(0, fill);
    if (mime === undefined) {
      const type = detectType(data);
      if (!type || !allowed.includes(type.kind)) throw fileTypeError(allowed.length ? allowed : ["pdf"]);
      mime = type.mime;
      limit = Math.min(limit, input.maxBytes ?? FILE_LIMITS[type.kind]);
      if (size > limit) throw fileTooLargeError(limit);
      await tx.insert(files).values(fileRow(input, id, mime, 0, ""));
    }
    await insertChunk(tx, id, n++, data);
    fill = 0;
  };
  for await (const part of input.stream) {
    const b = Buffer.isBuffer(part) ? part : Buffer.from(part.buffer, part.byteOffset, part.byteLength);
    size += b.length;
    if (size > limit) throw fileTooLargeError(limit);
    hash.update(b);
    for (let off = 0; off < b.length; ) {
      const copied = b.copy(chunk, fill, off);
      fill += copied;
      off += copied;
      if (fill === FILE_CHUNK_BYTES) await flush();
    }
  }
  await flush();
  if (mime === undefined) throw validationError({ file: "Il file è vuoto" });
  const [row] = await tx
    .update(files)
    .set({ dimensione: size, sha256: hash.digest("hex") })
    .where(eq(files.id, id))
    .returning();
  return row;
}

export async function getFileRow(ex: Executor, id: string): Promise<FileRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await ex.select().from(files).where(eq(files.id, id));
  return row;
}

type StoredRef = Pick<FileRow, "id" | "percorso" | "dimensione" | "contenutoDb">;

/**
 * The bytes of a stored file as a stream, the next chunk (FILE_CHUNK_BYTES) read when the reader
 * wants it: from the database, or from DATA_DIR for a file not moved in yet.
 */
export function storedFileStream(ex: Executor, dataDir: string, row: StoredRef): Readable {
  if (!row.contenutoDb) return createReadStream(absolutePath(dataDir, row.percorso));
  const count = Math.ceil(row.dimensione / FILE_CHUNK_BYTES);
  let n = 0;
  return new Readable({
    highWaterMark: FILE_CHUNK_BYTES,
    read() {
      if (n >= count) {
        this.push(null);
        return;
      }
      const at = n++;
      queryOne<{ data: Uint8Array }>(
        ex,
        sql`SELECT data FROM file_chunks WHERE file_id = ${row.id}::uuid AND n = ${at}`,
      )
        .then((r) => {
          if (!r) throw new Error(`File ${row.id}: parte ${at} mancante`);
          this.push(
            Buffer.isBuffer(r.data) ? r.data : Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength),
          );
        })
        .catch((e: Error) => this.destroy(e));
    },
  });
}

/** The whole file in memory: for work that needs it whole (a PDF with the photos, the GDPR zip). */
export async function readStoredFile(ex: Executor, dataDir: string, row: StoredRef): Promise<Buffer> {
  if (!row.contenutoDb) return fs.readFile(absolutePath(dataDir, row.percorso));
  const parts: Buffer[] = [];
  for await (const part of storedFileStream(ex, dataDir, row)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** Deletes the rows (in the caller's transaction) and answers them; remove the bytes after commit. */
export async function deleteFileRows(tx: Executor, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return tx
    .delete(files)
    .where(inArray(files.id, [...ids]))
    .returning();
}

/**
 * Removes what is left on disk of files uploaded before migration 0850 (after the transaction that
 * deleted their rows committed; the chunks went with the rows).
 */
export async function removeStoredFiles(dataDir: string, rows: readonly Pick<FileRow, "percorso">[]): Promise<void> {
  for (const r of rows) await fs.rm(absolutePath(dataDir, r.percorso), { force: true });
}

/** The headers of every file we serve: a download, never a page of ours, never cached. */
const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** Sends bytes as an attachment named `filename`. */
export function sendFile(reply: FastifyReply, file: { data: Buffer; mime: string; filename: string }) {
  return reply
    .header("Content-Type", file.mime)
    .header("Content-Disposition", contentDisposition(file.filename, "attachment"))
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    .header("Content-Security-Policy", FILE_CSP)
    .send(file.data);
}

/**
 * Sends a stored file (after the caller checked who may read it) as a stream, a chunk at a time,
 * with the headers of sendFile; 404 when its bytes are gone (an old file missing from this host's disk).
 */
export async function sendStoredFile(reply: FastifyReply, dataDir: string, row: FileRow) {
  if (!row.contenutoDb) {
    try {
      await fs.access(absolutePath(dataDir, row.percorso));
    } catch {
      throw notFound("File non trovato");
    }
  }
  return reply
    .header("Content-Type", row.mime)
    .header("Content-Length", String(row.dimensione))
    .header("Content-Disposition", contentDisposition(downloadName(row), "attachment"))
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "private, no-store")
    .header("Content-Security-Policy", FILE_CSP)
    .send(storedFileStream(reply.server.db, dataDir, row));
}

export interface UploadSpec {
  /** The form's file field; a file under another name is drained and ignored, or refused. Any name when absent. */
  file?: string;
  otherFiles?: "ignore" | "refuse";
  /** The answer when the file is over multipart's limit (default: 413 with the largest size). */
  tooLarge?: () => HttpError;
  /** The answer when the file's content is not an allowed type (default: fileTypeError on `file`). */
  wrongType?: (allowed: readonly FileKind[]) => HttpError;
  /** The answer when the form cannot be read (default: 400 on `file`). */
  broken?: () => HttpError;
}

export interface Upload {
  /** Text fields; a field sent more than once is a list. NUL characters are refused (400). */
  fields: Record<string, string | string[]>;
  /** The file, or null when none (or an empty one) was sent. */
  file: { filename: string; data: Buffer } | null;
  /** One text field's value (the last one sent), "" when absent. */
  field(name: string): string;
}

/** What `openUpload` answers: the fields sent before the file, the file not read yet. */
export interface StreamedUpload {
  fields: Upload["fields"];
  field(name: string): string;
  /** The file's name, or null when none (or an empty one) was sent. */
  file: { filename: string } | null;
  /**
   * Stores the file in the caller's transaction as it arrives (`storeUploadStream`), then reads the
   * end of the form (a text field after the file: 400). Throws (so the transaction rolls back, nothing
   * kept) on a wrong type, a file over the limit, a broken or interrupted form.
   */
  store(tx: Executor, dataDir: string, input: UploadStoreInput): Promise<FileRow>;
  /** Stops reading the request when the file was not stored (a refusal before it): always call it in `finally`. */
  close(): void;
}

export type UploadStoreInput = Omit<StoreFileInput, "data" | "prepared" | "originalName">;

export const NOT_MULTIPART = "Invia il file come multipart/form-data";
export const FIELD_AFTER_FILE = "Invia i campi del modulo prima del file";

type FilePart = {
  filename: string;
  file: Readable & { truncated?: boolean };
  it: AsyncIterator<Buffer>;
  first: Buffer;
};

/** The multipart reader under openUpload and readUpload. */
async function openForm(request: FastifyRequest, spec: UploadSpec, fieldsAfterFile: "refuse" | "keep") {
  if (!request.isMultipart()) throw validationError({ file: NOT_MULTIPART });
  const tooLarge = spec.tooLarge ?? (() => fileTooLargeError(MAX_UPLOAD_BYTES));
  const failure = (err: unknown): HttpError => {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
    if (err instanceof HttpError) return err;
    return spec.broken?.() ?? validationError({ file: "Caricamento non valido" });
  };
  const parts = request.parts()[Symbol.asyncIterator]();
  const lists: Record<string, string[]> = {};
  const fields: Upload["fields"] = {};
  const setFields = () => {
    for (const [k, v] of Object.entries(lists)) fields[k] = v.length === 1 ? v[0] : v;
    refuseNul(fields);
  };
  let finished = false;

  /** Reads parts up to the wanted file with its first bytes, or to the end of the form. */
  async function readParts(afterFile: boolean): Promise<FilePart | null> {
    try {
      for (;;) {
        const r = await parts.next();
        if (r.done) {
          finished = true;
          return null;
        }
        const part = r.value;
        if (part.type === "file") {
          if (spec.file !== undefined && part.fieldname !== spec.file) {
            for await (const _ of part.file) {
              /* drained */
            }
            if (spec.otherFiles === "refuse") throw validationError({ [part.fieldname]: "Campo file non previsto" });
            continue;
          }
          const it = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
          const head = await it.next();
          if (head.done) continue; // an empty file: as none
          if (part.file.truncated) throw tooLarge();
          return { filename: part.filename, file: part.file, it, first: head.value };
        }
        if (afterFile && fieldsAfterFile === "refuse") throw validationError({ [part.fieldname]: FIELD_AFTER_FILE });
        const list = lists[part.fieldname] ?? [];
        list.push(String(part.value ?? ""));
        lists[part.fieldname] = list;
      }
    } catch (err) {
      throw failure(err);
    }
  }

  /** The file's bytes as they arrive; over multipart's limit: tooLarge. */
  async function* bytes(f: FilePart): AsyncGenerator<Buffer> {
    let done = false;
    try {
      yield f.first;
      for (;;) {
        const r = await f.it.next();
        if (r.done) break;
        if (f.file.truncated) throw tooLarge();
        yield r.value;
      }
      if (f.file.truncated) throw tooLarge();
      done = true;
    } catch (err) {
      throw failure(err);
    } finally {
      if (!done) await f.it.return?.();
    }
  }

  const found = await readParts(false);
  setFields();
  let used = false;
  return {
    fields,
    field(name: string) {
      const v = fields[name];
      return Array.isArray(v) ? (v[v.length - 1] ?? "") : (v ?? "");
    },
    file: found ? { filename: found.filename } : null,
    bytes() {
      if (!found || used) throw validationError({ file: "Seleziona un file da caricare" });
      used = true;
      return bytes(found);
    },
    async finish() {
      if (await readParts(true)) throw failure(new Error("more than one file"));
      setFields();
    },
    close() {
      if (finished) return;
      finished = true;
      // The form was not read to its end (refused before or while storing the file): stop parsing it
      // and let the rest of the request body flow away, so the client reads our answer.
      if (found) void Promise.resolve(found.it.return?.()).catch(() => undefined);
      request.raw.resume();
    },
  };
}

/**
 * Opens a multipart form with at most one file (the route registers @fastify/multipart with its
 * limits) and reads it up to the file: its text fields (sent before the file, as browsers and our
 * SPA send them; one after the file is refused) and the file's first bytes. The file is read only
 * by `store`, a chunk at a time into the database, so an upload is never whole in memory (an image
 * is, up to its 8 MB, to be re-encoded). Not multipart: 400 on `file`; NUL characters: 400.
 *
 *   const upload = await openUpload(request, { file: "file" });
 *   try {
 *     … check the fields (upload.field("descrizione")) …
 *     await app.db.transaction(async (tx) => { const row = await upload.store(tx, dataDir, {…}); … });
 *   } finally {
 *     upload.close();
 *   }
 */
export async function openUpload(request: FastifyRequest, spec: UploadSpec = {}): Promise<StreamedUpload> {
  const form = await openForm(request, spec, "refuse");
  return {
    fields: form.fields,
    field: form.field,
    file: form.file,
    async store(tx, dataDir, input) {
      const stored = await storeUploadStream(tx, dataDir, {
        ...input,
        originalName: form.file?.filename,
        stream: form.bytes(),
        tooLarge: spec.tooLarge,
        wrongType: spec.wrongType,
      });
      await form.finish();
      return stored;
    },
    close: form.close,
  };
}

/**
 * Reads a whole multipart form with at most one file into memory (fields before or after it): for
 * the routes that take only an image, re-encoded whole anyway (at most 8 MB). Documents and
 * attachments go through `openUpload`.
 */
export async function readUpload(request: FastifyRequest, spec: UploadSpec = {}): Promise<Upload> {
  const form = await openForm(request, spec, "keep");
  try {
    let file: Upload["file"] = null;
    if (form.file) {
      const parts: Buffer[] = [];
      for await (const b of form.bytes()) parts.push(b);
      file = { filename: form.file.filename, data: Buffer.concat(parts) };
    }
    await form.finish();
    return { fields: form.fields, file, field: form.field };
  } finally {
    form.close();
  }
}

/** The store input of a streamed upload, with the answers for a wrong type or a file too large. */
export type StoreStreamInput = Omit<StoreFileInput, "data" | "prepared"> & {
  stream: AsyncIterable<Buffer>;
  tooLarge?: () => HttpError;
  wrongType?: (allowed: readonly FileKind[]) => HttpError;
};

/**
 * Stores an upload read from a stream, in the caller's transaction: the type by the first bytes;
 * a PDF goes in a chunk at a time (`storeFileStream`, its limit `maxBytes` or FILE_LIMITS.pdf), an
 * image is gathered (at most its limit, 8 MB) and re-encoded (`storeFile`). Over the limit: 413.
 */
export async function storeUploadStream(tx: Executor, dataDir: string, input: StoreStreamInput): Promise<FileRow> {
  const { stream, tooLarge, wrongType, ...rest } = input;
  const allowed = input.allowed ?? ["image", "pdf"];
  const it = stream[Symbol.asyncIterator]();
  try {
    const head: Buffer[] = [];
    let headBytes = 0;
    while (headBytes < 12) {
      const r = await it.next();
      if (r.done) break;
      head.push(r.value);
      headBytes += r.value.length;
    }
    const first = Buffer.concat(head);
    const type = detectType(first);
    if (!type || !allowed.includes(type.kind)) throw (wrongType ?? fileTypeError)(allowed);
    const limit =
      type.kind === "image"
        ? Math.min(FILE_LIMITS.image, input.maxBytes ?? Number.POSITIVE_INFINITY)
        : (input.maxBytes ?? FILE_LIMITS[type.kind]);
    const over = () => (tooLarge && limit === input.maxBytes ? tooLarge() : fileTooLargeError(limit));
    async function* counted() {
      let size = first.length;
      if (size > limit) throw over();
      yield first;
      for (;;) {
        const r = await it.next();
        if (r.done) return;
        size += r.value.length;
        if (size > limit) throw over();
        yield r.value;
      }
    }
    if (type.kind === "image") {
      const parts: Buffer[] = [];
      for await (const b of counted()) parts.push(b);
      return await storeFile(tx, dataDir, { ...rest, data: Buffer.concat(parts), maxBytes: limit });
    }
    return await storeFileStream(tx, { ...rest, stream: counted(), allowed: [type.kind], maxBytes: limit });
  } finally {
    await it.return?.();
  }
}
