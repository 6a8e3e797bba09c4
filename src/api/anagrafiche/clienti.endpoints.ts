/**
 * Clients: the picker, the record (contracts/anagrafiche/clienti-record.ts), its sites (sedi) and
 * contacts (contatti, contracts/anagrafiche/clienti-righe.ts) — all derived from the declarations.
 */
import type { ClienteRow } from "../../domain/contracts/anagrafiche/clienti";
import { clienteRecord } from "../../domain/contracts/anagrafiche/clienti-record";
import { contattiCliente, sediCliente } from "../../domain/contracts/anagrafiche/clienti-righe";
import { api } from "../base";
import { childEndpoints } from "../calls";
import { recordEndpoints } from "../records";

/** A client in a picker: a list row's id and name. */
export type ClienteOption = Pick<ClienteRow, "id" | "ragione_sociale">;

export const clientiApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...childEndpoints(build, sediCliente),
    ...childEndpoints(build, contattiCliente),
    ...recordEndpoints(build, clienteRecord),
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
