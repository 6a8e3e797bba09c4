/**
 * Protected files (photos, CVs, documents, GDPR exports) need the token: they are fetched as blobs
 * with the Authorization header and shown through an object URL (`useFileObjectUrlQuery`), or
 * saved with `downloadWithToken`.
 */
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { api, apiUrl } from "../base";
import { filenameFromDisposition } from "../list.endpoints";
import { tokenStorage } from "../token-storage";

/** How long a quick view (and a file shown in it) stays cached after the last hover. */
export const QUICK_VIEW_CACHE_SECONDS = 300;

function authHeaders(): Record<string, string> {
  const token = tokenStorage.get();
  return token ? { Authorization: `Token ${token}` } : {};
}

/** '/api/anagrafiche/files/x/' or 'anagrafiche/files/x/' → the absolute API URL. */
export function fileApiUrl(url: string): string {
  return apiUrl(url.replace(/^\/+/, "").replace(/^api\//, ""));
}

async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { detail?: string };
  return body.detail || `Errore ${response.status}`;
}

/** Downloads a protected file (CV, GDPR zip) with the token; rejects with the server's message. */
export async function downloadWithToken(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(fileApiUrl(url), { headers: authHeaders(), cache: "no-store" });
  if (!response.ok) throw new Error(await failureMessage(response));
  const blob = await response.blob();
  const name = filenameFromDisposition(response.headers.get("Content-Disposition")) ?? fallbackName;
  if (typeof URL.createObjectURL !== "function") return;
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** An uploaded file as an object URL (fetched with the token); revoked when the cache entry goes. */
    fileObjectUrl: build.query<string, string>({
      async queryFn(url) {
        try {
          const response = await fetch(fileApiUrl(url), { headers: authHeaders(), cache: "no-store" });
          if (!response.ok) {
            return { error: { status: response.status, data: { detail: await failureMessage(response) } } };
          }
          const blob = await response.blob();
          const objectUrl = typeof URL.createObjectURL === "function" ? URL.createObjectURL(blob) : url;
          return { data: objectUrl };
        } catch (e) {
          return { error: { status: "FETCH_ERROR", error: String(e) } as FetchBaseQueryError };
        }
      },
      keepUnusedDataFor: QUICK_VIEW_CACHE_SECONDS,
      async onCacheEntryAdded(_url, { cacheDataLoaded, cacheEntryRemoved }) {
        try {
          const { data } = await cacheDataLoaded;
          await cacheEntryRemoved;
          if (data.startsWith("blob:")) URL.revokeObjectURL(data);
        } catch {
          /* never loaded */
        }
      },
    }),
  }),
});

export const { useFileObjectUrlQuery } = filesApi;
