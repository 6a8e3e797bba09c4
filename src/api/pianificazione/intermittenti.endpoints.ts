/** Intermittent workers: the period's shifts (list engine) and the mandatory communication. */
import type { ListResponse } from "../../domain/contracts/common";
import type { ComunicazioneResult, Intermittente } from "../../domain/contracts/pianificazione/intermittenti";
import { api } from "../base";
import { type Id, P } from "./paths";

export type { ComunicazioneResult, Intermittente };

export const intermittentiApi = api.injectEndpoints({
  endpoints: (build) => ({
    intermittenti: build.query<
      ListResponse<Intermittente>,
      { dal: string; al: string; page?: number; page_size?: number }
    >({
      query: (params) => ({ url: `${P}/intermittenti/`, params }),
      providesTags: [{ type: "Servizio", id: "intermittenti" }],
    }),
    comunicazioneIntermittente: build.mutation<
      ComunicazioneResult,
      { id: Id; inviata_il: string; riferimento: string }
    >({
      query: ({ id, ...data }) => ({ url: `${P}/intermittenti/${id}/comunicazione/`, method: "POST", body: { data } }),
      invalidatesTags: [{ type: "Servizio", id: "intermittenti" }, "List"],
    }),
  }),
});

export const { useIntermittentiQuery, useComunicazioneIntermittenteMutation } = intermittentiApi;
