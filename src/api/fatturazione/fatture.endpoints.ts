/** Invoices (issue 35 item 2): drafts of a month, one invoice, issue, credit note, delete. The list is the generic list's. */
import type { BozzeData, BozzeOut, Fattura, Impostazioni } from "../../domain/contracts/fatturazione/fatture";
import { api } from "../base";

export type { Fattura };

const F = "fatturazione/fatture";
const LISTA = { type: "List" as const, id: `${F}/` };
const una = (id: number) => ({ type: "Fattura" as const, id });

export const fattureApi = api.injectEndpoints({
  endpoints: (build) => ({
    fattura: build.query<Fattura, number>({ query: (id) => `${F}/${id}/`, providesTags: (_r, _e, id) => [una(id)] }),
    creaBozze: build.mutation<BozzeOut, BozzeData>({
      query: (data) => ({ url: `${F}/bozze/`, method: "POST", body: { data } }),
      invalidatesTags: [LISTA],
    }),
    emettiFattura: build.mutation<Fattura, number>({
      query: (id) => ({ url: `${F}/${id}/emetti/`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => [una(id), LISTA],
    }),
    notaDiCredito: build.mutation<Fattura, number>({
      query: (id) => ({ url: `${F}/${id}/nota-di-credito/`, method: "POST" }),
      invalidatesTags: (_r, _e, id) => [una(id), LISTA],
    }),
    eliminaBozza: build.mutation<unknown, number>({
      query: (id) => ({ url: `${F}/${id}/`, method: "DELETE" }),
      invalidatesTags: [LISTA],
    }),
  }),
});

export const {
  useFatturaQuery,
  useCreaBozzeMutation,
  useEmettiFatturaMutation,
  useNotaDiCreditoMutation,
  useEliminaBozzaMutation,
} = fattureApi;

const IMPOSTAZIONI = [{ type: "Fattura" as const, id: "impostazioni" }];

/** The company's invoicing data (administrators). */
export const impostazioniFatturazioneApi = api.injectEndpoints({
  endpoints: (build) => ({
    impostazioniFatturazione: build.query<Impostazioni, void>({
      query: () => "fatturazione/impostazioni/",
      providesTags: IMPOSTAZIONI,
    }),
    salvaImpostazioniFatturazione: build.mutation<Impostazioni, Partial<Impostazioni>>({
      query: (data) => ({ url: "fatturazione/impostazioni/", method: "PUT", body: { data } }),
      invalidatesTags: IMPOSTAZIONI,
    }),
  }),
});

export const { useImpostazioniFatturazioneQuery, useSalvaImpostazioniFatturazioneMutation } =
  impostazioniFatturazioneApi;
