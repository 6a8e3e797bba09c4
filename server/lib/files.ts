/**
 * Uploaded files for every module: type checked by CONTENT (magic bytes), size limits per type,
 * images checked and re-encoded by images.ts (rotated upright, every metadata block — EXIF, GPS,
 * XMP, ICC — dropped; bombs refused; one at a time per process), bytes stored under DATA_DIR/files/<yyyy>/<uuid> with generated names (never under a
 * served folder), one row in `files`. The original name is kept only as a label.
 *
 *   const row = await storeFile(tx, app.config.dataDir, { ownerType: "operatore", ownerId: 7,
 *     categoria: "foto_primo_piano", originalName, data, createdBy: user.id, allowed: ["image"] });
 *
 * Reading an upload: `readUpload(request, {...})` (one multipart reader: fields, one file, the
 * size limit and a broken form as Italian 400/413 answers, NUL characters refused).
 * Serving is the owning module's business (it knows who may see what): read the row, check the
 * permission, then `sendStoredFile(reply, dataDir, row)` — always an attachment with nosniff, a
 * closed CSP and no caching; `sendFile` does the same for bytes made on the fly (an export).
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Executor } from "../db/client";
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

/** Checks, re-encodes, writes and records a file (the row in the caller's transaction). */
export async function storeFile(tx: Executor, dataDir: string, input: StoreFileInput): Promise<FileRow> {
  const { data, mime } = input.prepared ?? (await prepareFile(input));

  const id = crypto.randomUUID();
  const year = String((input.now ?? new Date()).getFullYear());
  const percorso = `${year}/${id}`;
  const abs = absolutePath(dataDir, percorso);
  await fs.mkdir(path.dirname(abs), { recursive: true });
  await fs.writeFile(abs, data, { mode: 0o600 });

  const [row] = await tx
    .insert(files)
    .values({
      id,
      ownerType: input.ownerType,
      ownerId: String(input.ownerId),
      categoria: input.categoria,
      nomeOriginale: safeFilename(input.originalName),
      mime,
      dimensione: data.length,
      percorso,
      sha256: crypto.createHash("sha256").update(data).digest("hex"),
      createdBy: input.createdBy ?? null,
    })
    .returning();
  return row;
}

export async function getFileRow(ex: Executor, id: string): Promise<FileRow | undefined> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await ex.select().from(files).where(eq(files.id, id));
  return row;
}

export async function readStoredFile(dataDir: string, row: Pick<FileRow, "percorso">): Promise<Buffer> {
  return fs.readFile(absolutePath(dataDir, row.percorso));
}

/** Deletes the rows (in the caller's transaction) and answers them; remove the bytes after commit. */
export async function deleteFileRows(tx: Executor, ids: readonly string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return tx
    .delete(files)
    .where(inArray(files.id, [...ids]))
    .returning();
}

/** Removes stored bytes (after the transaction that deleted their rows committed). */
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

/** Sends a stored file (after the caller checked who may read it); 404 when its bytes are gone. */
export async function sendStoredFile(reply: FastifyReply, dataDir: string, row: FileRow) {
  let data: Buffer;
  try {
    data = await readStoredFile(dataDir, row);
  } catch {
    throw notFound("File non trovato");
  }
  return sendFile(reply, { data, mime: row.mime, filename: downloadName(row) });
}

export interface UploadSpec {
  /** The form's file field; a file under another name is drained and ignored, or refused. Any name when absent. */
  file?: string;
  otherFiles?: "ignore" | "refuse";
  /** The answer when the file is over multipart's limit (default: 413 with the largest size). */
  tooLarge?: () => HttpError;
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

export const NOT_MULTIPART = "Invia il file come multipart/form-data";

/**
 * Reads a multipart form with at most one file (the route registers @fastify/multipart with its
 * limits). Not multipart: 400 on `file`. The file's type is checked later, by its content, in
 * `storeFile`.
 */
export async function readUpload(request: FastifyRequest, spec: UploadSpec = {}): Promise<Upload> {
  if (!request.isMultipart()) throw validationError({ file: NOT_MULTIPART });
  const tooLarge = spec.tooLarge ?? (() => fileTooLargeError(MAX_UPLOAD_BYTES));
  const lists: Record<string, string[]> = {};
  let file: Upload["file"] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        if (spec.file !== undefined && part.fieldname !== spec.file) {
          await part.toBuffer();
          if (spec.otherFiles === "refuse") throw validationError({ [part.fieldname]: "Campo file non previsto" });
          continue;
        }
        const data = await part.toBuffer();
        if (part.file.truncated) throw tooLarge();
        file = data.length > 0 ? { filename: part.filename, data } : null;
      } else {
        const list = lists[part.fieldname] ?? [];
        list.push(String(part.value ?? ""));
        lists[part.fieldname] = list;
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") throw tooLarge();
    if (err instanceof HttpError) throw err;
    throw spec.broken?.() ?? validationError({ file: "Caricamento non valido" });
  }
  const fields: Upload["fields"] = {};
  for (const [k, v] of Object.entries(lists)) fields[k] = v.length === 1 ? v[0] : v;
  refuseNul(fields);
  const field = (name: string) => {
    const v = fields[name];
    return Array.isArray(v) ? (v[v.length - 1] ?? "") : (v ?? "");
  };
  return { fields, file, field };
}
