/**
 * Intermittent workers: the mandatory communication of a shift. The period's shifts are read by the
 * screen through the generic list (`pianificazione/intermittenti/`, src/api/list.endpoints.ts).
 */
import type { ComunicazioneResult, Intermittente } from "../../domain/contracts/pianificazione/intermittenti";
import { api } from "../base";
import { type Id, P } from "./paths";

export type { ComunicazioneResult, Intermittente };

export const intermittentiApi = api.injectEndpoints({
  endpoints: (build) => ({
    comunicazioneIntermittente: build.mutation<
      ComunicazioneResult,
      { id: Id; inviata_il: string; riferimento: string }
    >({
      query: ({ id, ...data }) => ({ url: `${P}/intermittenti/${id}/comunicazione/`, method: "POST", body: { data } }),
      invalidatesTags: ["List"],
    }),
  }),
});

export const { useComunicazioneIntermittenteMutation } = intermittentiApi;
