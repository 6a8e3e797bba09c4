/** CMS users (SPEC §7 CMS): viewers for the event form, the ERP operators' search, writes. The list is the generic list. */

import type { OperatoreErp, UtenteCms, UtenteCmsData } from "../../domain/contracts/cms/utenti";
import type { DataBody, ListResponse, ResultOk } from "../../domain/contracts/common";
import { api } from "../base";

export const UTENTI_LIST_PATH = "cms/utenti/";
const UTENTI_LIST_TAG = { type: "List" as const, id: UTENTI_LIST_PATH };

export const utentiCmsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/cms/utenti/?page_size=99999&tipologia_id=V: the events' viewer candidates. */
    visualizzatori: build.query<ListResponse<UtenteCms>, void>({
      query: () => ({ url: UTENTI_LIST_PATH, params: { page_size: 99999, tipologia_id: "V" } }),
      providesTags: [UTENTI_LIST_TAG],
    }),
    /** Every active CMS user (the stewards an event links, ours beside SPEC's viewers). */
    utentiAttivi: build.query<ListResponse<UtenteCms>, void>({
      query: () => ({ url: UTENTI_LIST_PATH, params: { page_size: 99999, stato: "A" } }),
      providesTags: [UTENTI_LIST_TAG],
    }),
    /** GET /api/cms/utenti/erp/?global={text}&page_size=50 (the drawer debounces it 500 ms). */
    operatoriErp: build.query<ListResponse<OperatoreErp>, string>({
      query: (global) => ({ url: "cms/utenti/erp/", params: { global, page_size: 50 } }),
    }),
    createUtenteCms: build.mutation<UtenteCms, UtenteCmsData>({
      query: (data) => ({ url: UTENTI_LIST_PATH, method: "POST", body: { data } satisfies DataBody<UtenteCmsData> }),
      invalidatesTags: [UTENTI_LIST_TAG],
    }),
    updateUtenteCms: build.mutation<UtenteCms, { id: number; data: Partial<UtenteCmsData> }>({
      query: ({ id, data }) => ({ url: `cms/utenti/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: [UTENTI_LIST_TAG],
    }),
    /** DELETE /api/cms/utenti/{id} — without the trailing slash, as SPEC §7 writes it. */
    deleteUtenteCms: build.mutation<ResultOk, number>({
      query: (id) => ({ url: `cms/utenti/${id}`, method: "DELETE" }),
      invalidatesTags: [UTENTI_LIST_TAG],
    }),
    reissueCodiceAccesso: build.mutation<{ codice_accesso: string }, number>({
      query: (id) => ({ url: `cms/utenti/${id}/codice-accesso/`, method: "POST" }),
      invalidatesTags: [UTENTI_LIST_TAG],
    }),
  }),
});

export const {
  useVisualizzatoriQuery,
  useUtentiAttiviQuery,
  useLazyOperatoriErpQuery,
  useCreateUtenteCmsMutation,
  useUpdateUtenteCmsMutation,
  useDeleteUtenteCmsMutation,
  useReissueCodiceAccessoMutation,
} = utentiCmsApi;
