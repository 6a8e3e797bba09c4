/**
 * The generic list call (SPEC §7 Generic list): `GET {path}?page&page_size&global&order_field&
 * order_asc&group_by&<filters>&timestamp`, answered `{results, count, page}` — and its export,
 * the same path with `file_type`, `hidden_fields`, `show_fields`, downloaded as a file.
 */
import type { ListResponse } from "../domain/contracts/common";
import { fetchFile, saveBlob } from "../lib/download";
import { notify } from "../lib/toaster";
import { api, apiUrl } from "./base";

export interface ListArgs {
  /** Path under /api/ ('anagrafiche/operatori/'); a leading '/api/' is accepted too. */
  path: string;
  params: Record<string, string>;
}

/** 'api/log/list/', '/api/log/list/' and 'log/list/' are the same list. */
export function listPath(path: string): string {
  return path.replace(/^\/+/, "").replace(/^api\//, "");
}

export const listApi = api.injectEndpoints({
  endpoints: (build) => ({
    getList: build.query<ListResponse<Record<string, unknown>>, ListArgs>({
      // The timestamp is added here, not in the args, so the cache key stays stable while every
      // request still bypasses any HTTP cache on the way (SPEC §7: no caching).
      query: ({ path, params }) => ({ url: listPath(path), params: { ...params, timestamp: String(Date.now()) } }),
      providesTags: (_result, _error, { path }) => [{ type: "List", id: listPath(path) }, "List"],
    }),
  }),
});

export const { useGetListQuery } = listApi;

export type ExportFileType = "xlsx" | "csv" | "pdf";

export interface ExportArgs extends ListArgs {
  fileType: ExportFileType;
  hiddenFields?: string[];
  showFields?: string[];
}

/** The query string of an export: the list's parameters without paging, plus the file options. */
export function exportUrl({ path, params, fileType, hiddenFields, showFields }: ExportArgs): string {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (k !== "page" && k !== "page_size") query.set(k, v);
  query.set("file_type", fileType);
  if (hiddenFields?.length) query.set("hidden_fields", hiddenFields.join(","));
  if (showFields?.length) query.set("show_fields", showFields.join(","));
  query.set("timestamp", String(Date.now()));
  return `${apiUrl(listPath(path))}?${query.toString()}`;
}

/**
 * Downloads the export of a list (src/lib/download.ts: the token, a 401 ends the session). On an error answer
 * (`{result: "error", detail}` or any failure) shows 'Si è verificato un errore ({message})'
 * (SPEC §8) and resolves false.
 */
export async function exportList(args: ExportArgs): Promise<boolean> {
  try {
    const file = await fetchFile(exportUrl(args));
    if (file.contentType.includes("application/json")) {
      const body: { result?: string; detail?: string } = await file.blob
        .text()
        .then((text) => JSON.parse(text))
        .catch(() => ({}));
      if (body.result !== "error") throw new Error("Risposta del server non valida");
      throw new Error(body.detail || "Errore 200");
    }
    saveBlob(file.blob, file.filename ?? `export-${Math.floor(Date.now() / 1000)}.${args.fileType}`);
    return true;
  } catch (error) {
    notify.error(`Si è verificato un errore (${(error as Error).message})`);
    return false;
  }
}
