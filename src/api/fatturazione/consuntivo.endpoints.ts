/** The Consuntivo (issue 35 item 1): a contract's month state, corrections, approval. The rows are the generic list's. */
import type {
  ApprovazioneData,
  ConsuntivoStato,
  RettificaData,
  RettificaOut,
} from "../../domain/contracts/fatturazione/consuntivo";
import { api } from "../base";

export type { ConsuntivoStato, RettificaData };

const C = "fatturazione/consuntivo";
const TAGS = [
  { type: "Consuntivo" as const, id: "stato" },
  { type: "List" as const, id: `${C}/` },
];

export const consuntivoApi = api.injectEndpoints({
  endpoints: (build) => ({
    consuntivoStato: build.query<ConsuntivoStato, ApprovazioneData>({
      query: (params) => ({ url: `${C}/stato/`, params: { contratto: String(params.contratto), mese: params.mese } }),
      providesTags: [{ type: "Consuntivo", id: "stato" }],
    }),
    rettificaConsuntivo: build.mutation<RettificaOut, RettificaData>({
      query: (data) => ({ url: `${C}/rettifiche/`, method: "POST", body: { data } }),
      invalidatesTags: TAGS,
    }),
    approvaConsuntivo: build.mutation<ConsuntivoStato, ApprovazioneData>({
      query: (data) => ({ url: `${C}/approvazioni/`, method: "POST", body: { data } }),
      invalidatesTags: TAGS,
    }),
  }),
});

export const { useConsuntivoStatoQuery, useRettificaConsuntivoMutation, useApprovaConsuntivoMutation } = consuntivoApi;
