/**
 * Contracts (SPEC §7 'Planning'): the record and its save, and the clients offered by its form.
 * Write bodies are `{data: …}`.
 */
import type { DataBody, ListResponse } from "../../domain/api-types";
import type { Contratto } from "../../domain/contratto";
import { api } from "../base";
import { contrattoPath, contrattoTag, type Id, P } from "./paths";

export type { Contratto };

export interface ClienteRef {
  id: number;
  ragione_sociale: string;
}

/** The body of a contract save: the client by id, empty strings already turned into null. */
export type ContrattoInput = Omit<Contratto, "id" | "cliente"> & { cliente: number | null };

export interface ClienteOption {
  id: number;
  ragione_sociale: string;
}

export const contrattiApi = api.injectEndpoints({
  endpoints: (build) => ({
    contratto: build.query<Contratto, Id>({
      query: (id) => contrattoPath(id),
      providesTags: (_r, _e, id) => contrattoTag(id),
    }),
    createContratto: build.mutation<Contratto, ContrattoInput>({
      query: (data) => ({ url: `${P}/contratti/`, method: "POST", body: { data } satisfies DataBody<ContrattoInput> }),
      invalidatesTags: [{ type: "Contratto", id: "LIST" }, "List"],
    }),
    updateContratto: build.mutation<Contratto, { id: Id; data: ContrattoInput }>({
      query: ({ id, data }) => ({ url: contrattoPath(id), method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => [...contrattoTag(id), "List"],
    }),
    deleteContratto: build.mutation<{ result: string }, Id>({
      query: (id) => ({ url: contrattoPath(id), method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [...contrattoTag(id), { type: "Contratto", id: "LIST" }, "List"],
    }),
    clientiOptions: build.query<ListResponse<ClienteOption>, void>({
      query: () => ({ url: "anagrafiche/clienti/", params: { page_size: 99999 } }),
    }),
  }),
});

export const {
  useContrattoQuery,
  useCreateContrattoMutation,
  useUpdateContrattoMutation,
  useDeleteContrattoMutation,
  useClientiOptionsQuery,
} = contrattiApi;
