/** The working-time rule profiles (GET for planners, PUT for administrators): /api/pianificazione/profili-regole/. */
import type { ProfiloRegole } from "../../domain/contracts/pianificazione/profili-regole";
import { api } from "../base";
import { P } from "./paths";

export type { ProfiloRegole };

/** A profile's change: its code and the limits named (a PUT changes only what it names). */
export type ProfiloInput = Pick<ProfiloRegole, "codice"> &
  Partial<Pick<ProfiloRegole, "descrizione" | "riposo_minimo_ore" | "max_ore_7_giorni" | "max_ore_turno" | "fonte">>;

const TAG = [{ type: "Servizio" as const, id: "profili-regole" }];

export const profiliRegoleApi = api.injectEndpoints({
  endpoints: (build) => ({
    profiliRegole: build.query<ProfiloRegole[], void>({
      query: () => `${P}/profili-regole/`,
      transformResponse: (r: { results: ProfiloRegole[] }) => r.results,
      providesTags: TAG,
    }),
    saveProfiloRegole: build.mutation<unknown, ProfiloInput>({
      query: (profilo) => ({ url: `${P}/profili-regole/`, method: "PUT", body: { data: { profili: [profilo] } } }),
      invalidatesTags: TAG,
    }),
  }),
});

export const { useProfiliRegoleQuery, useSaveProfiloRegoleMutation } = profiliRegoleApi;
