/**
 * Operators (SPEC §7 'Master data', issue 4): the full record, the quick view, the tabs'
 * sub-resources, availability, file uploads and GDPR anonymisation. Paths under
 * /api/anagrafiche/operatori/ end with '/'; write bodies are `{data: …}`; DELETE answers
 * `{result: "OK"}`.
 */
import type { DisponibilitaGiorno, FileRef, OperatoreQuickView, OperatoreRecord } from "../../domain/operatore";
import { api } from "../base";
import { QUICK_VIEW_CACHE_SECONDS } from "./files.endpoints";

export { QUICK_VIEW_CACHE_SECONDS };

export type OperatoreInput = Record<string, unknown>;

/** The tab sub-resources with the same CRUD (GET list, POST, PUT /{subId}/, DELETE /{subId}/). */
export type OperatoreTab = "documenti" | "corsi" | "contratti" | "compensi" | "pratiche" | "indisponibilita";

export type TabItem = { id: number } & Record<string, unknown>;

/** Upload slots of POST /operatori/{id}/files/ (documento/corso need ref_id). */
export type FileSlot =
  | "foto_primo_piano"
  | "foto_busto"
  | "foto_intera"
  | "foto_profilo"
  | "curriculum"
  | "documento"
  | "corso";

export interface UploadedFile extends FileRef {
  categoria: FileSlot;
  ref_id: number | null;
}

const OPERATORI = "anagrafiche/operatori";

const tabTag = (id: number, tab: string) => ({ type: "Operatore" as const, id: `${id}-${tab}` });

export const operatoriApi = api.injectEndpoints({
  endpoints: (build) => ({
    operatore: build.query<OperatoreRecord, number>({
      query: (id) => `${OPERATORI}/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Operatore", id }],
    }),
    operatoreQuickView: build.query<OperatoreQuickView, { id: number; cliente?: number | null }>({
      query: ({ id, cliente }) => ({
        url: `${OPERATORI}/${id}/`,
        params: cliente ? { quick_view: "true", cliente: String(cliente) } : { quick_view: "true" },
      }),
      keepUnusedDataFor: QUICK_VIEW_CACHE_SECONDS,
      providesTags: (_r, _e, { id }) => [{ type: "Operatore", id: `qv-${id}` }],
    }),
    createOperatore: build.mutation<OperatoreRecord, OperatoreInput>({
      query: (data) => ({ url: `${OPERATORI}/`, method: "POST", body: { data } }),
      invalidatesTags: ["List"],
    }),
    updateOperatore: build.mutation<OperatoreRecord, { id: number; data: OperatoreInput }>({
      query: ({ id, data }) => ({ url: `${OPERATORI}/${id}/`, method: "PUT", body: { data } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(operatoriApi.util.upsertQueryData("operatore", id, data));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: (_r, error, { id }) => (error ? [] : ["List", "Log", { type: "Operatore", id: `qv-${id}` }]),
    }),
    deleteOperatore: build.mutation<{ result: string }, number>({
      query: (id) => ({ url: `${OPERATORI}/${id}/`, method: "DELETE" }),
      invalidatesTags: ["List"],
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
    deleteOperatoreTabItem: build.mutation<{ result: string }, { id: number; tab: OperatoreTab; itemId: number }>({
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
    anonimizzaOperatore: build.mutation<{ result: string }, number>({
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
