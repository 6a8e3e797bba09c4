/** A client's FatturaPA data and its contracts' CIG / CUP (issue 35 item 2); a save refreshes the client's record too (codice SDI, PEC). */
import type {
  CigCup,
  CigCupData,
  DatiFatturaPA,
  DatiFatturaPAData,
} from "../../domain/contracts/fatturazione/dati-fatturapa";
import { api } from "../base";

const tag = (id: number) => ({ type: "Cliente" as const, id: `fatturapa-${id}` });

export const datiFatturaPAApi = api.injectEndpoints({
  endpoints: (build) => ({
    datiFatturaPA: build.query<DatiFatturaPA, number>({
      query: (id) => `fatturazione/clienti/${id}/`,
      providesTags: (_r, _e, id) => [tag(id)],
    }),
    salvaDatiFatturaPA: build.mutation<DatiFatturaPA, { id: number; data: DatiFatturaPAData }>({
      query: ({ id, data }) => ({ url: `fatturazione/clienti/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => [tag(id), { type: "Cliente", id }],
    }),
    salvaCigCup: build.mutation<CigCup, { id: number; cliente: number; data: CigCupData }>({
      query: ({ id, data }) => ({ url: `fatturazione/contratti/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { cliente }) => [tag(cliente)],
    }),
  }),
});

export const { useDatiFatturaPAQuery, useSalvaDatiFatturaPAMutation, useSalvaCigCupMutation } = datiFatturaPAApi;
