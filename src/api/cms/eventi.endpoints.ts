/** CMS events (SPEC §7 CMS): the record with its gates and devices, its writes. The list is the generic list. */

import type {
  Dispositivo,
  DispositivoData,
  Evento,
  EventoData,
  Varco,
  VarcoData,
} from "../../domain/contracts/cms/eventi";
import type { DataBody, ResultOk } from "../../domain/contracts/common";
import { api } from "../base";

export const EVENTI_LIST_PATH = "cms/eventi/";
const EVENTI_LIST_TAG = { type: "List" as const, id: EVENTI_LIST_PATH };

export const eventiApi = api.injectEndpoints({
  endpoints: (build) => ({
    evento: build.query<Evento, number>({
      query: (id) => `cms/eventi/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Evento", id }],
    }),
    createEvento: build.mutation<Evento, EventoData>({
      query: (data) => ({ url: "cms/eventi/", method: "POST", body: { data } satisfies DataBody<EventoData> }),
      invalidatesTags: [EVENTI_LIST_TAG],
    }),
    updateEvento: build.mutation<Evento, { id: number; data: Partial<EventoData> }>({
      query: ({ id, data }) => ({ url: `cms/eventi/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: "Evento", id }, EVENTI_LIST_TAG],
    }),
    deleteEvento: build.mutation<ResultOk, number>({
      query: (id) => ({ url: `cms/eventi/${id}/`, method: "DELETE" }),
      invalidatesTags: [EVENTI_LIST_TAG],
    }),
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
