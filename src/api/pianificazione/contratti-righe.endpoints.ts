/**
 * A contract's rows: prices, pay and refused operators (tabs prezzi, compensi,
 * operatori-non-graditi), and the operator search of their pickers.
 */
import type { ListResponse, ResultOk } from "../../domain/contracts/common";
import type {
  CompensoContratto,
  CompensoInput,
  NonGradito,
  NonGraditoInput,
  OperatoreRef,
  PosizioneRef,
  PrezzoContratto,
  PrezzoInput,
} from "../../domain/contracts/pianificazione/contratti-righe";
import { api } from "../base";
import { asArray, contrattoPath, type Id } from "./paths";

export type {
  CompensoContratto,
  CompensoInput,
  NonGradito,
  NonGraditoInput,
  OperatoreRef,
  PosizioneRef,
  PrezzoContratto,
  PrezzoInput,
};

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
    deletePrezzo: build.mutation<ResultOk, { idContratto: Id; id: Id }>({
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
    deleteCompenso: build.mutation<ResultOk, { idContratto: Id; id: Id }>({
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
    deleteNonGradito: build.mutation<ResultOk, { idContratto: Id; id: Id }>({
      query: ({ idContratto, id }) => ({ url: `${contrattoPath(idContratto)}non-graditi/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { idContratto }) => [{ type: "Contratto", id: `non-graditi-${idContratto}` }],
    }),
    operatoriSearch: build.query<ListResponse<OperatoreRef & { codice?: string; citta?: string }>, string>({
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
