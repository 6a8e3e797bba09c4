/** Clients: the picker, the record, its sites (sedi) and contacts (contatti). */
import type {
  Cliente,
  ClienteFields,
  ClienteRow,
  ClienteSaved,
  Contatto,
  ContattoFields,
  SedeFields,
  SedeSaved,
} from "../../domain/contracts/anagrafiche/clienti";
import type { ResultOk } from "../../domain/contracts/common";
import { api } from "../base";

/** A client in a picker: a list row's id and name. */
export type ClienteOption = Pick<ClienteRow, "id" | "ragione_sociale">;

const CLIENTI = "anagrafiche/clienti";

export const clientiApi = api.injectEndpoints({
  endpoints: (build) => ({
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
          dispatch(clientiApi.util.upsertQueryData("cliente", id, record));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : ["List", "Log"]),
    }),
    deleteCliente: build.mutation<ResultOk, number>({
      query: (id) => ({ url: `${CLIENTI}/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, error) => (error ? [] : ["List", "Cliente"]),
    }),
    saveClienteSede: build.mutation<SedeSaved, { id: number; subId?: number | null; data: Partial<SedeFields> }>({
      query: ({ id, subId, data }) =>
        subId
          ? { url: `${CLIENTI}/${id}/sedi/${subId}/`, method: "PUT", body: { data } }
          : { url: `${CLIENTI}/${id}/sedi/`, method: "POST", body: { data } },
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Cliente", id }]),
    }),
    deleteClienteSede: build.mutation<ResultOk, { id: number; subId: number }>({
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
    deleteClienteContatto: build.mutation<ResultOk, { id: number; subId: number }>({
      query: ({ id, subId }) => ({ url: `${CLIENTI}/${id}/contatti/${subId}/`, method: "DELETE" }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Cliente", id }]),
    }),
  }),
});

export const {
  useClienteQuery,
  useCreateClienteMutation,
  useUpdateClienteMutation,
  useDeleteClienteMutation,
  useSaveClienteSedeMutation,
  useDeleteClienteSedeMutation,
  useSaveClienteContattoMutation,
  useDeleteClienteContattoMutation,
} = clientiApi;
