/**
 * Protected files (photos, CVs, documents, GDPR exports) need the token: they are fetched through
 * src/lib/download.ts (the token; a 401 ends the session) and shown through an object URL
 * (`useFileObjectUrlQuery`), or saved with its `downloadFile`.
 */
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import { FileRequestError, fetchFile } from "../../lib/download";
import { api } from "../base";

/** How long a quick view (and a file shown in it) stays cached after the last hover. */
export const QUICK_VIEW_CACHE_SECONDS = 300;

export const filesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** An uploaded file as an object URL (fetched with the token); revoked when the cache entry goes. */
    fileObjectUrl: build.query<string, string>({
      async queryFn(url) {
        try {
          const { blob } = await fetchFile(url);
          const objectUrl = typeof URL.createObjectURL === "function" ? URL.createObjectURL(blob) : url;
          return { data: objectUrl };
        } catch (e) {
          if (e instanceof FileRequestError) return { error: { status: e.status, data: { detail: e.message } } };
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
