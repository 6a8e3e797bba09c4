/**
 * Intermittent workers: the mandatory communication of a shift. The period's shifts are read by the
 * screen through the generic list (`pianificazione/intermittenti/`, src/api/list.endpoints.ts).
 */
import { api } from "../base";
import type { OperatoreRef } from "./contratti-righe.endpoints";
import { type Id, P } from "./paths";

/** GET /pianificazione/intermittenti/?dal&al rows (the list engine). */
export interface Intermittente {
  id: number;
  giorno: string;
  orario: string;
  /** Seconds of the shift. */
  ore: number;
  operatore: OperatoreRef;
  cliente: string;
  contratto: string;
  confermato: boolean;
  comunicazione_inviata: boolean;
  inviata_il: string | null;
  riferimento: string | null;
  turno_id: number;
  servizio_id: number;
  contratto_id: number;
  inizio_f1: string;
  fine_f1: string;
  inizio_f2: string | null;
  fine_f2: string | null;
}

export interface ComunicazioneResult {
  result: string;
  id: number;
  inviata_il: string;
  riferimento: string;
}

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
