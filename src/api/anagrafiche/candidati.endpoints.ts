/** Candidates: the record, hiring (assumi), and the public application form (candidature). */
import type { Candidato, CandidatoFields } from "../../domain/candidato";
import { api } from "../base";

export interface CandidaturaOpzioni {
  posizioni: { id: number; descrizione: string }[];
  giorni: { id: number; nome: string }[];
  province: { name: string; abbr: string }[];
}

const CANDIDATI = "anagrafiche/candidati";

export const candidatiApi = api.injectEndpoints({
  endpoints: (build) => ({
    candidato: build.query<Candidato, number>({
      query: (id) => `${CANDIDATI}/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Candidato", id }],
    }),
    updateCandidato: build.mutation<Candidato, { id: number; data: Partial<CandidatoFields> }>({
      query: ({ id, data }) => ({ url: `${CANDIDATI}/${id}/`, method: "PUT", body: { data } }),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(candidatiApi.util.upsertQueryData("candidato", id, data));
        } catch {
          /* the screen shows the error */
        }
      },
      invalidatesTags: (_r, error) => (error ? [] : ["List", "Log"]),
    }),
    deleteCandidato: build.mutation<{ result: string }, number>({
      query: (id) => ({ url: `${CANDIDATI}/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, error) => (error ? [] : ["List"]),
    }),
    assumiCandidato: build.mutation<Candidato, number>({
      query: (id) => ({ url: `${CANDIDATI}/${id}/assumi/`, method: "POST" }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: "Candidato", id }, "List"]),
    }),
    candidaturaOpzioni: build.query<CandidaturaOpzioni, void>({
      query: () => "anagrafiche/candidature/opzioni/",
    }),
    /** The public form: multipart with the optional CV. */
    inviaCandidatura: build.mutation<{ result: string; detail: string }, FormData>({
      query: (body) => ({ url: "anagrafiche/candidature/", method: "POST", body }),
    }),
  }),
});

export const {
  useCandidatoQuery,
  useUpdateCandidatoMutation,
  useDeleteCandidatoMutation,
  useAssumiCandidatoMutation,
  useCandidaturaOpzioniQuery,
  useInviaCandidaturaMutation,
} = candidatiApi;
