/**
 * Contracts (SPEC §7 'Planning'): the record (contracts/pianificazione/contratti-record.ts) and the
 * clients offered by its form.
 */
import type { ListResponse } from "../../domain/contracts/common";
import type { ClienteRef, Contratto, ContrattoRow } from "../../domain/contracts/pianificazione/contratti";
import { type ContrattoInput, contrattoRecord } from "../../domain/contracts/pianificazione/contratti-record";
import { api } from "../base";
import { recordEndpoints } from "../records";

export type { ClienteRef, Contratto, ContrattoInput };

/** A client in the contract form's picker. */
export type ClienteOption = Pick<ContrattoRow["cliente"], "id" | "ragione_sociale">;

export const contrattiApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...recordEndpoints(build, contrattoRecord),
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
