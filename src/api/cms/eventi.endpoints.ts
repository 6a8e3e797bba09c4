/**
 * CMS events (SPEC §7 CMS): the record (contracts/cms/eventi-record.ts), its gates and devices. The
 * list is the generic list.
 */

import type { Dispositivo, DispositivoData, Varco, VarcoData } from "../../domain/contracts/cms/eventi";
import { EVENTI_LIST_PATH, eventoRecord } from "../../domain/contracts/cms/eventi-record";
import type { ResultOk } from "../../domain/contracts/common";
import { api } from "../base";
import { recordEndpoints } from "../records";

export { EVENTI_LIST_PATH };

const EVENTI_LIST_TAG = { type: "List" as const, id: EVENTI_LIST_PATH };

export const eventiApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...recordEndpoints(build, eventoRecord),
    saveVarco: build.mutation<Varco, { id: number; subId?: number; data: Partial<VarcoData> }>({
      query: ({ id, subId, data }) => ({
        url: subId ? `cms/eventi/${id}/varchi/${subId}/` : `cms/eventi/${id}/varchi/`,
        method: subId ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Evento", id }, EVENTI_LIST_TAG],
    }),
    deleteVarco: build.mutation<ResultOk, { id: number; subId: number }>({
      query: ({ id, subId }) => ({ url: `cms/eventi/${id}/varchi/${subId}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Evento", id }, EVENTI_LIST_TAG],
    }),
    saveDispositivo: build.mutation<Dispositivo, { id: number; subId?: number; data: Partial<DispositivoData> }>({
      query: ({ id, subId, data }) => ({
        url: subId ? `cms/eventi/${id}/dispositivi/${subId}/` : `cms/eventi/${id}/dispositivi/`,
        method: subId ? "PUT" : "POST",
        body: { data },
      }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Evento", id }],
    }),
    deleteDispositivo: build.mutation<ResultOk, { id: number; subId: number }>({
      query: ({ id, subId }) => ({ url: `cms/eventi/${id}/dispositivi/${subId}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Evento", id }],
    }),
  }),
});

export const {
  useEventoQuery,
  useCreateEventoMutation,
  useUpdateEventoMutation,
  useDeleteEventoMutation,
  useSaveVarcoMutation,
  useDeleteVarcoMutation,
  useSaveDispositivoMutation,
  useDeleteDispositivoMutation,
} = eventiApi;
