/**
 * Uploaded files for every module: type checked by CONTENT (magic bytes), size limits per type,
 * images re-encoded with sharp (rotated upright, every metadata block — EXIF, GPS, XMP, ICC —
 * dropped), bytes stored under DATA_DIR/files/<yyyy>/<uuid> with generated names (never under a
 * served folder), one row in `files`. The original name is kept only as a label.
 *
 *   const row = await storeFile(tx, app.config.dataDir, { ownerType: "operatore", ownerId: 7,
 *     categoria: "foto_primo_piano", originalName, data, createdBy: user.id, allowed: ["image"] });
 *
 * Serving is the owning module's business (it knows who may see what): read the row, check the
 * permission, then `readStoredFile` and `contentDisposition`.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Executor } from "../db/client";
import { files } from "../db/schema/anagrafiche-operatori";
import { HttpError } from "./errors";

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
/** Images larger than this many pixels are refused (decompression bombs). */
const MAX_PIXELS = 50_000_000;

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

/**
 * Re-encodes an image: rotate() applies then drops the EXIF orientation; sharp writes no
 * metadata unless asked, so EXIF/GPS/XMP/ICC never survive. JPEG stays JPEG, PNG and WebP become
 * WebP (transparency kept).
 */
export async function reencodeImage(data: Buffer, mime: string): Promise<{ data: Buffer; mime: string }> {
  try {
    const img = sharp(data, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate();
    if (mime === "image/jpeg") return { data: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer(), mime };
    return { data: await img.webp({ quality: 85 }).toBuffer(), mime: "image/webp" };
  } catch {
    throw new HttpError(400, "L'immagine è danneggiata o non leggibile", {
      file: "L'immagine è danneggiata o non leggibile",
    });
  }
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
}

/** Checks, re-encodes, writes and records a file (the row in the caller's transaction). */
export async function storeFile(tx: Executor, dataDir: string, input: StoreFileInput): Promise<FileRow> {
  const allowed = input.allowed ?? ["image", "pdf"];
  const type = detectType(input.data);
  if (!type || !allowed.includes(type.kind)) throw fileTypeError(allowed);
  const limit = Math.min(FILE_LIMITS[type.kind], input.maxBytes ?? Number.POSITIVE_INFINITY);
  if (input.data.length > limit) throw fileTooLargeError(limit);

  let data = input.data;
  let mime = type.mime;
  if (type.kind === "image") ({ data, mime } = await reencodeImage(data, mime));

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
