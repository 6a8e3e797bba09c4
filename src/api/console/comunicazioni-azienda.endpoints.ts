/**
 * Company communications' endpoints, derived from contracts/console/comunicazioni-azienda/calls.ts;
 * sending one is overridden: always multipart (the fields and the optional attachment `allegato`),
 * refreshing the lists only when it was sent.
 */
import { comunicazioniAziendaCalls as calls } from "../../domain/contracts/console/comunicazioni-azienda/calls";
import type { Comunicazione, ComunicazioneData } from "../../domain/contracts/console/comunicazioni-azienda/schemas";
import { api } from "../base";
import { callEndpoints, callTags } from "../calls";

export type { Comunicazione, ComunicazioneData };

export const comunicazioniAziendaApi = api.injectEndpoints({
  endpoints: (build) =>
    callEndpoints(build, calls, {
      inviaComunicazione: build.mutation<Comunicazione, { data: ComunicazioneData; allegato?: File | null }>({
        query: ({ data, allegato }) => {
          const body = new FormData();
          body.append("oggetto", data.oggetto);
          body.append("testo", data.testo);
          body.append("destinatari", data.destinatari);
          if (data.posizione) body.append("posizione", String(data.posizione));
          if (data.operatori?.length) body.append("operatori", data.operatori.join(","));
          if (allegato) body.append("allegato", allegato, allegato.name);
          return { url: calls.inviaComunicazione.path, method: calls.inviaComunicazione.method, body };
        },
        invalidatesTags: (_r, error) => (error ? [] : callTags(calls.inviaComunicazione.invalidates)),
      }),
    }),
});

export const { useComunicazioneQuery, useInviaComunicazioneMutation, useInviaPromemoriaMutation } =
  comunicazioniAziendaApi;
