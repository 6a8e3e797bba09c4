/** Candidates: the record (contracts/anagrafiche/candidati-record.ts), hiring (assumi), and the public application form (candidature). */
import type { Candidato, CandidaturaInviata, CandidaturaOpzioni } from "../../domain/contracts/anagrafiche/candidati";
import { candidatoRecord } from "../../domain/contracts/anagrafiche/candidati-record";
import { api } from "../base";
import { recordEndpoints } from "../records";

export type { CandidaturaOpzioni };

const CANDIDATI = "anagrafiche/candidati";

export const candidatiApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...recordEndpoints(build, candidatoRecord),
    assumiCandidato: build.mutation<Candidato, number>({
      query: (id) => ({ url: `${CANDIDATI}/${id}/assumi/`, method: "POST" }),
      invalidatesTags: (_r, error, id) => (error ? [] : [{ type: "Candidato", id }, "List"]),
    }),
    candidaturaOpzioni: build.query<CandidaturaOpzioni, void>({
      query: () => "anagrafiche/candidature/opzioni/",
    }),
    /** The public form: multipart with the optional CV. */
    inviaCandidatura: build.mutation<CandidaturaInviata, FormData>({
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
