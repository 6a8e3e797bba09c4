/**
 * Anagrafiche calls (SPEC §7 'Master data', issue 4): operators (full record, quick view, tabs,
 * files, GDPR), clients (record, sites, contacts, picker), candidates (record, assumi), the public
 * application form, provinces and geocoding. Every path is under /api/anagrafiche/ and ends with
 * '/'; write bodies are `{data: …}`; DELETE answers `{result: "OK"}`.
 *
 * Files need the token: they are fetched as blobs with the Authorization header and shown through
 * an object URL (`useFileObjectUrlQuery`), or saved with `downloadWithToken`.
 */
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";
import type { ListResponse } from "../domain/api-types";
import type { Candidato, CandidatoFields } from "../domain/candidato";
import type {
  Cliente,
  ClienteFields,
  ClienteSaved,
  Contatto,
  ContattoFields,
  Sede,
  SedeFields,
} from "../domain/cliente";
import type { DisponibilitaGiorno, FileRef, OperatoreQuickView, OperatoreRecord } from "../domain/operatore";
import type { ProvinciaApi } from "../domain/province";
import { api, apiUrl } from "./base";
import { filenameFromDisposition } from "./list.endpoints";
import { tokenStorage } from "./token-storage";

// ---------------------------------------------------------------- shapes

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

export interface GeocodingArgs {
  indirizzo?: string;
  cap?: string;
  citta?: string;
  prov?: string;
}

export interface CandidaturaOpzioni {
  posizioni: { id: number; descrizione: string }[];
  giorni: { id: number; nome: string }[];
  province: { name: string; abbr: string }[];
}

export interface ClienteOption {
  id: number;
  ragione_sociale: string;
}

/** How long a quick view stays cached after the last hover (RTK Query cache per id). */
export const QUICK_VIEW_CACHE_SECONDS = 300;

const OPERATORI = "anagrafiche/operatori";
const CLIENTI = "anagrafiche/clienti";
const CANDIDATI = "anagrafiche/candidati";

const tabTag = (id: number, tab: string) => ({ type: "Operatore" as const, id: `${id}-${tab}` });

// ---------------------------------------------------------------- files with the token

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

// ---------------------------------------------------------------- endpoints

export const anagraficheApi = api.injectEndpoints({
  endpoints: (build) => ({
    // ——— operators ———
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
          dispatch(anagraficheApi.util.upsertQueryData("operatore", id, data));
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

    // ——— provinces, geocoding ———
    province: build.query<ProvinciaApi[], void>({
      query: () => "anagrafiche/province/",
      keepUnusedDataFor: 24 * 3600,
    }),
    geocode: build.query<{ lat: number; lng: number }, GeocodingArgs>({
      query: (args) => ({
        url: "anagrafiche/geocoding/",
        params: Object.fromEntries(Object.entries(args).filter(([, v]) => v)),
      }),
      keepUnusedDataFor: 0,
    }),

    // ——— clients ———
    clientiPicker: build.query<ClienteOption[], void>({
      query: () => ({ url: `${CLIENTI}/`, params: { page_size: "99999" } }),
      transformResponse: (r: ListResponse<ClienteOption>) => r.results,
      providesTags: ["Cliente"],
    }),
    cliente: build.query<Cliente, number>({
      query: (id) => `${CLIENTI}/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Cliente", id }],
    }),
    createCliente: build.mutation<ClienteSaved, Partial<ClienteFields>>({
      query: (data) => ({ url: `${CLIENTI}/`, method: "POST", body: { data } }),
      invalidatesTags: ["List", "Cliente"],
    }),
    updateCliente: build.mutation<ClienteSaved, { id: number; data: Partial<ClienteFields> }>({
      query: ({ id, data }) => ({ url: `${CLIENTI}/${id}/`, method: "PUT", body: { data } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          const { warnings: _w, ...record } = data;
          dispatch(anagraficheApi.util.upsertQueryData("cliente", id, record));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : ["List", "Log"]),
    }),
    deleteCliente: build.mutation<{ result: string }, number>({
      query: (id) => ({ url: `${CLIENTI}/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, error) => (error ? [] : ["List", "Cliente"]),
    }),
    saveClienteSede: build.mutation<Sede, { id: number; subId?: number | null; data: Partial<SedeFields> }>({
      query: ({ id, subId, data }) =>
        subId
          ? { url: `${CLIENTI}/${id}/sedi/${subId}/`, method: "PUT", body: { data } }
          : { url: `${CLIENTI}/${id}/sedi/`, method: "POST", body: { data } },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Cliente", id }]),
    }),
    deleteClienteSede: build.mutation<{ result: string }, { id: number; subId: number }>({
      query: ({ id, subId }) => ({ url: `${CLIENTI}/${id}/sedi/${subId}/`, method: "DELETE" }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Cliente", id }]),
    }),
    saveClienteContatto: build.mutation<Contatto, { id: number; subId?: number | null; data: Partial<ContattoFields> }>(
      {
        query: ({ id, subId, data }) =>
          subId
            ? { url: `${CLIENTI}/${id}/contatti/${subId}/`, method: "PUT", body: { data } }
            : { url: `${CLIENTI}/${id}/contatti/`, method: "POST", body: { data } },
        invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Cliente", id }]),
      },
    ),
    deleteClienteContatto: build.mutation<{ result: string }, { id: number; subId: number }>({
      query: ({ id, subId }) => ({ url: `${CLIENTI}/${id}/contatti/${subId}/`, method: "DELETE" }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Cliente", id }]),
    }),

    // ——— candidates ———
    candidato: build.query<Candidato, number>({
      query: (id) => `${CANDIDATI}/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Candidato", id }],
    }),
    updateCandidato: build.mutation<Candidato, { id: number; data: Partial<CandidatoFields> }>({
      query: ({ id, data }) => ({ url: `${CANDIDATI}/${id}/`, method: "PUT", body: { data } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(anagraficheApi.util.upsertQueryData("candidato", id, data));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : ["List", "Log"]),
    }),
    deleteCandidato: build.mutation<{ result: string }, number>({
      query: (id) => ({ url: `${CANDIDATI}/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, error) => (error ? [] : ["List"]),
    }),
    assumiCandidato: build.mutation<Candidato, number>({
      query: (id) => ({ url: `${CANDIDATI}/${id}/assumi/`, method: "POST" }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: "Candidato", id }, "List"]),
    }),
    candidaturaOpzioni: build.query<CandidaturaOpzioni, void>({
      query: () => "anagrafiche/candidature/opzioni/",
    }),
    /** The public form: multipart with the optional CV. */
    inviaCandidatura: build.mutation<{ result: string; detail: string }, FormData>({
      query: (body) => ({ url: "anagrafiche/candidature/", method: "POST", body }),
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
  useFileObjectUrlQuery,
  useProvinceQuery,
  useLazyGeocodeQuery,
  useClientiPickerQuery,
  useClienteQuery,
  useCreateClienteMutation,
  useUpdateClienteMutation,
  useDeleteClienteMutation,
  useSaveClienteSedeMutation,
  useDeleteClienteSedeMutation,
  useSaveClienteContattoMutation,
  useDeleteClienteContattoMutation,
  useCandidatoQuery,
  useUpdateCandidatoMutation,
  useDeleteCandidatoMutation,
  useAssumiCandidatoMutation,
  useCandidaturaOpzioniQuery,
  useInviaCandidaturaMutation,
} = anagraficheApi;
