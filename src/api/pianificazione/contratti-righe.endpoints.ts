/**
 * A contract's rows: prices, pay and refused operators (tabs prezzi, compensi,
 * operatori-non-graditi), and the operator search of their pickers.
 */
import type { ListResponse } from "../../domain/api-types";
import { api } from "../base";
import { asArray, contrattoPath, type Id } from "./paths";

/** A qualification as the server names it. */
export interface PosizioneRef {
  id: number;
  descrizione: string;
}

export interface OperatoreRef {
  id: number;
  cognome: string;
  nome: string;
}

/** GET …/contratti/{id}/prezzi/ rows (amounts as numbers, surcharges in %). */
export interface PrezzoContratto {
  id: number;
  posizione: PosizioneRef;
  posizione_descrizione: string;
  prezzo_orario: number;
  maggiorazione_notturna: number;
  maggiorazione_festiva: number;
  maggiorazione_domenicale: number;
}
export interface PrezzoInput {
  posizione: number;
  prezzo_orario: number | string;
  maggiorazione_notturna?: number | string;
  maggiorazione_festiva?: number | string;
  maggiorazione_domenicale?: number | string;
}

export interface CompensoContratto {
  id: number;
  posizione: PosizioneRef;
  posizione_descrizione: string;
  compenso_orario: number;
}
export interface CompensoInput {
  posizione: number;
  compenso_orario: number | string;
}

export interface NonGradito {
  id: number;
  operatore: OperatoreRef;
  operatore_nome: string;
  motivo: string;
  created_at: string;
}
export interface NonGraditoInput {
  operatore: number;
  motivo: string;
}

export const contrattiRigheApi = api.injectEndpoints({
  endpoints: (build) => ({
    prezzi: build.query<PrezzoContratto[], Id>({
      query: (id) => `${contrattoPath(id)}prezzi/`,
      transformResponse: asArray<PrezzoContratto>,
      providesTags: (_r, _e, id) => [{ type: "Contratto", id: `prezzi-${id}` }],
    }),
    savePrezzo: build.mutation<PrezzoContratto, { idContratto: Id; id?: Id; data: PrezzoInput }>({
      query: ({ idContratto, id, data }) => ({
        url: id ? `${contrattoPath(idContratto)}prezzi/${id}/` : `${contrattoPath(idContratto)}prezzi/`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `prezzi-${idContratto}` }],
    }),
    deletePrezzo: build.mutation<{ result: string }, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}prezzi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `prezzi-${idContratto}` }],
    }),
    compensi: build.query<CompensoContratto[], Id>({
      query: (id) => `${contrattoPath(id)}compensi/`,
      transformResponse: asArray<CompensoContratto>,
      providesTags: (_r, _e, id) => [{ type: "Contratto", id: `compensi-${id}` }],
    }),
    saveCompenso: build.mutation<CompensoContratto, { idContratto: Id; id?: Id; data: CompensoInput }>({
      query: ({ idContratto, id, data }) => ({
        url: id ? `${contrattoPath(idContratto)}compensi/${id}/` : `${contrattoPath(idContratto)}compensi/`,
        method: id ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `compensi-${idContratto}` }],
    }),
    deleteCompenso: build.mutation<{ result: string }, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}compensi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `compensi-${idContratto}` }],
    }),
    nonGraditi: build.query<NonGradito[], Id>({
      query: (id) => `${contrattoPath(id)}non-graditi/`,
      transformResponse: asArray<NonGradito>,
      providesTags: (_r, _e, id) => [{ type: "Contratto", id: `non-graditi-${id}` }],
    }),
    addNonGradito: build.mutation<NonGradito, { idContratto: Id; data: NonGraditoInput }>({
      query: ({ idContratto, data }) => ({
        url: `${contrattoPath(idContratto)}non-graditi/`,
        method: "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `non-graditi-${idContratto}` }],
    }),
    deleteNonGradito: build.mutation<{ result: string }, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}non-graditi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `non-graditi-${idContratto}` }],
    }),
    operatoriSearch: build.query<
      ListResponse<{ id: number; cognome: string; nome: string; codice?: string; citta?: string }>,
      string
    >({
      query: (global) => ({ url: "anagrafiche/operatori/", params: { global, page_size: 50 } }),
    }),
  }),
});

export const {
  usePrezziQuery,
  useSavePrezzoMutation,
  useDeletePrezzoMutation,
  useCompensiQuery,
  useSaveCompensoMutation,
  useDeleteCompensoMutation,
  useNonGraditiQuery,
  useAddNonGraditoMutation,
  useDeleteNonGraditoMutation,
  useOperatoriSearchQuery,
} = contrattiRigheApi;
