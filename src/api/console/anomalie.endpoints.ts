/**
 * Anomalies (issue 12 item 4): one with its shift and check-ins, state and notes, marking it read.
 * The list is the generic list query (GET comunicazioni/anomalie/). Every write refreshes the list
 * and the header's notifications (a new anomaly is one of them until it is opened or handled).
 */
import type { Anomalia, AnomaliaLetta, AnomaliaUpdateData } from "../../domain/contracts/console/anomalie";
import { api } from "../base";

export type { Anomalia, AnomaliaUpdateData };

const CHANGED = (id: number) => [
  { type: "Anomalia" as const, id },
  { type: "List" as const },
  { type: "Notifica" as const, id: "problemi" },
];

export const anomalieApi = api.injectEndpoints({
  endpoints: (build) => ({
    anomalia: build.query<Anomalia, number>({
      query: (id) => `comunicazioni/anomalie/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Anomalia", id }],
    }),
    segnaAnomaliaLetta: build.mutation<AnomaliaLetta, number>({
      query: (id) => ({ url: `comunicazioni/anomalie/${id}/letto/`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => CHANGED(id),
    }),
    aggiornaAnomalia: build.mutation<Anomalia, { id: number; data: AnomaliaUpdateData }>({
      query: ({ id, data }) => ({ url: `comunicazioni/anomalie/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => CHANGED(id),
    }),
  }),
});

export const { useAnomaliaQuery, useSegnaAnomaliaLettaMutation, useAggiornaAnomaliaMutation } = anomalieApi;
