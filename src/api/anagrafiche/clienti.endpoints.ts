/** Clients: the picker, the record, its sites (sedi) and contacts (contatti) — derived from contracts/anagrafiche/clienti-righe.ts. */
import type { Cliente, ClienteFields, ClienteRow, ClienteSaved } from "../../domain/contracts/anagrafiche/clienti";
import { contattiCliente, sediCliente } from "../../domain/contracts/anagrafiche/clienti-righe";
import type { ResultOk } from "../../domain/contracts/common";
import { api } from "../base";
import { childEndpoints } from "../calls";

/** A client in a picker: a list row's id and name. */
export type ClienteOption = Pick<ClienteRow, "id" | "ragione_sociale">;

const CLIENTI = "anagrafiche/clienti";

export const clientiApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...childEndpoints(build, sediCliente),
    ...childEndpoints(build, contattiCliente),
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
