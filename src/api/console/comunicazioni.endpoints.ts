/**
 * Company communications (issue 12 item 5): one with its recipients, sending a new one (always as
 * multipart: the fields and the optional attachment `allegato`), the reminder to non-readers. The
 * list is the generic list query (GET comunicazioni/azienda/).
 */
import type { Comunicazione, ComunicazioneData, Promemoria } from "../../domain/contracts/console/comunicazioni";
import { api } from "../base";

export type { Comunicazione, ComunicazioneData };

export const comunicazioniApi = api.injectEndpoints({
  endpoints: (build) => ({
    comunicazione: build.query<Comunicazione, number>({
      query: (id) => `comunicazioni/azienda/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Comunicazione", id }],
    }),
    inviaComunicazione: build.mutation<Comunicazione, { data: ComunicazioneData; allegato?: File | null }>({
      query: ({ data, allegato }) => {
        const body = new FormData();
        body.append("oggetto", data.oggetto);
        body.append("testo", data.testo);
        body.append("destinatari", data.destinatari);
        if (data.posizione) body.append("posizione", String(data.posizione));
        if (data.operatori?.length) body.append("operatori", data.operatori.join(","));
        if (allegato) body.append("allegato", allegato, allegato.name);
        return { url: "comunicazioni/azienda/", method: "POST", body };
      },
      invalidatesTags: (_r, error) => (error ? [] : [{ type: "List" }]),
    }),
    inviaPromemoria: build.mutation<Promemoria, number>({
      query: (id) => ({ url: `comunicazioni/azienda/${id}/promemoria/`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => [{ type: "Comunicazione", id }, { type: "List" }],
    }),
  }),
});

export const { useComunicazioneQuery, useInviaComunicazioneMutation, useInviaPromemoriaMutation } = comunicazioniApi;
