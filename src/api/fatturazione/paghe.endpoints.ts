/** Payroll (issue 35 item 3): the month's presence totals and the settings (layout, causali codes). The files are downloads. */
import type { ImpostazioniPaghe, ImpostazioniPagheData, Paghe } from "../../domain/contracts/fatturazione/paghe";
import { api } from "../base";

const P = "fatturazione/paghe";
const IMPOSTAZIONI = [{ type: "Fattura" as const, id: "paghe-impostazioni" }];

export const pagheApi = api.injectEndpoints({
  endpoints: (build) => ({
    pagheMese: build.query<Paghe, string>({ query: (mese) => `${P}/?mese=${mese}` }),
    impostazioniPaghe: build.query<ImpostazioniPaghe, void>({
      query: () => `${P}/impostazioni/`,
      providesTags: IMPOSTAZIONI,
    }),
    salvaImpostazioniPaghe: build.mutation<ImpostazioniPaghe, ImpostazioniPagheData>({
      query: (data) => ({ url: `${P}/impostazioni/`, method: "PUT", body: { data } }),
      invalidatesTags: IMPOSTAZIONI,
    }),
  }),
});

export const { usePagheMeseQuery, useImpostazioniPagheQuery, useSalvaImpostazioniPagheMutation } = pagheApi;
