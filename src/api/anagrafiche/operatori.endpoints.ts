/**
 * Operators (SPEC §7 'Master data', issue 4): the full record (contracts/anagrafiche/
 * operatori-record.ts), the quick view, the tabs'
 * sub-resources, availability, file uploads and GDPR anonymisation. Paths under
 * /api/anagrafiche/operatori/ end with '/'; write bodies are `{data: …}`; DELETE answers
 * `{result: "OK"}`.
 */
import type { FileSlot, OperatoreQuickView, UploadedFile } from "../../domain/contracts/anagrafiche/operatori";
import { operatoreRecord } from "../../domain/contracts/anagrafiche/operatori-record";
import type { DisponibilitaGiorno, OperatoreTab } from "../../domain/contracts/anagrafiche/operatori-tabs";
import type { ResultOk } from "../../domain/contracts/common";
import { api } from "../base";
import { recordEndpoints } from "../records";
import { QUICK_VIEW_CACHE_SECONDS } from "./files.endpoints";

export type { FileSlot, OperatoreTab, UploadedFile };
export { QUICK_VIEW_CACHE_SECONDS };

/** The body of a save: the record's fields the form sends (checked by the server). */
export type OperatoreInput = Record<string, unknown>;

/** A row of a tab (the tab's contract row: documenti, corsi…), as the generic tab table reads it. */
export type TabItem = { id: number } & Record<string, unknown>;

const OPERATORI = "anagrafiche/operatori";

const tabTag = (id: number, tab: string) => ({ type: "Operatore" as const, id: `${id}-${tab}` });

export const operatoriApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...recordEndpoints(build, operatoreRecord),
    operatoreQuickView: build.query<OperatoreQuickView, { id: number; cliente?: number | null }>({
      query: ({ id, cliente }) => ({
        url: `${OPERATORI}/${id}/`,
        params: cliente ? { quick_view: "true", cliente: String(cliente) } : { quick_view: "true" },
      }),
      keepUnusedDataFor: QUICK_VIEW_CACHE_SECONDS,
      providesTags: (_r, _e, { id }) => [{ type: "Operatore", id: `qv-${id}` }],
    }),
    operatoreTab: build.query<TabItem[], { id: number; tab: OperatoreTab }>({
      query: ({ id, tab }) => `${OPERATORI}/${id}/${tab}/`,
      providesTags: (_r, _e, { id, tab }) => [tabTag(id, tab)],
    }),
    saveOperatoreTabItem: build.mutation<
      TabItem,
      { id: number; tab: OperatoreTab; itemId?: number | null; data: Record<string, unknown> }
    >({
      query: ({ id, tab, itemId, data }) =>
        itemId
          ? { url: `${OPERATORI}/${id}/${tab}/${itemId}/`, method: "PUT", body: { data } }
          : { url: `${OPERATORI}/${id}/${tab}/`, method: "POST", body: { data } },
      invalidatesTags: (_r, error, { id, tab }) => (error ? [] : [tabTag(id, tab), { type: "Operatore", id }, "Log"]),
    }),
    deleteOperatoreTabItem: build.mutation<ResultOk, { id: number; tab: OperatoreTab; itemId: number }>({
      query: ({ id, tab, itemId }) => ({ url: `${OPERATORI}/${id}/${tab}/${itemId}/`, method: "DELETE" }),
      invalidatesTags: (_r, error, { id, tab }) => (error ? [] : [tabTag(id, tab), { type: "Operatore", id }, "Log"]),
    }),
    operatoreDisponibilita: build.query<DisponibilitaGiorno[], number>({
      query: (id) => `${OPERATORI}/${id}/disponibilita/`,
      providesTags: (_r, _e, id) => [tabTag(id, "disponibilita")],
    }),
    saveOperatoreDisponibilita: build.mutation<DisponibilitaGiorno[], { id: number; data: DisponibilitaGiorno[] }>({
      query: ({ id, data }) => ({ url: `${OPERATORI}/${id}/disponibilita/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [tabTag(id, "disponibilita"), { type: "Operatore", id }]),
    }),
    uploadOperatoreFile: build.mutation<
      UploadedFile,
      { id: number; categoria: FileSlot; file: File | Blob; refId?: number; filename?: string }
    >({
      query: ({ id, categoria, file, refId, filename }) => {
        const body = new FormData();
        body.append("categoria", categoria);
        if (refId) body.append("ref_id", String(refId));
        body.append("file", file, filename ?? (file as File).name ?? "file");
        return { url: `${OPERATORI}/${id}/files/`, method: "POST", body };
      },
      invalidatesTags: (_r, error, { id, categoria }) =>
        error
          ? []
          : categoria === "documento"
            ? [tabTag(id, "documenti")]
            : categoria === "corso"
              ? [tabTag(id, "corsi")]
              : [{ type: "Operatore", id }],
    }),
    anonimizzaOperatore: build.mutation<ResultOk, number>({
      query: (id) => ({ url: `${OPERATORI}/${id}/anonimizza/`, method: "POST" }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: "Operatore", id }, "List", "Log"]),
    }),
  }),
});

export const {
  useOperatoreQuery,
  useOperatoreQuickViewQuery,
  useCreateOperatoreMutation,
  useUpdateOperatoreMutation,
  useDeleteOperatoreMutation,
  useOperatoreTabQuery,
  useSaveOperatoreTabItemMutation,
  useDeleteOperatoreTabItemMutation,
  useOperatoreDisponibilitaQuery,
  useSaveOperatoreDisponibilitaMutation,
  useUploadOperatoreFileMutation,
  useAnonimizzaOperatoreMutation,
} = operatoriApi;
