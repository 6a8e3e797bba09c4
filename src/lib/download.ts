/**
 * Protected files (CVs, documents, service attachments, GDPR exports, list exports, photos): the
 * one way the SPA fetches and saves them. Every request goes through `authorizedFetch`
 * (src/api/base.ts): the token, no HTTP cache, and a 401 ends the session like any other call.
 */
import { apiUrl, authorizedFetch } from "../api/base";

export interface FetchedFile {
  blob: Blob;
  /** The name the server gave in Content-Disposition, or null. */
  filename: string | null;
  contentType: string;
}

/** A refused or failed file request: the server's Italian detail and the HTTP status. */
export class FileRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "FileRequestError";
  }
}

/** '/api/anagrafiche/files/x/' or 'anagrafiche/files/x/' → the absolute API URL; absolute URLs stay. */
export function fileApiUrl(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  return apiUrl(url.replace(/^\/+/, "").replace(/^api\//, ""));
}

/** The filename of a Content-Disposition header (RFC 6266 `filename*` first), or null. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ""));
    } catch {
      /* fall through to the plain filename */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  if (!plain) return null;
  return (plain[2] ?? plain[1]).trim() || null;
}

/** Fetches a protected file; rejects with a FileRequestError carrying the server's message. */
export async function fetchFile(url: string): Promise<FetchedFile> {
  const response = await authorizedFetch(fileApiUrl(url));
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { detail?: string };
    throw new FileRequestError(body.detail || `Errore ${response.status}`, response.status);
  }
  return {
    blob: await response.blob(),
    filename: filenameFromDisposition(response.headers.get("Content-Disposition")),
    contentType: response.headers.get("Content-Type") ?? "",
  };
}

/** Hands a blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  if (typeof URL.createObjectURL !== "function") return; // no object URLs (jsdom without a stub)
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/** Downloads a protected file under the server's name (or `fallbackName`); rejects with the server's message. */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const file = await fetchFile(url);
  saveBlob(file.blob, file.filename ?? fallbackName);
}
