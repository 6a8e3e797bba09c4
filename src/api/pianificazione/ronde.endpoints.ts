/**
 * Guard tours on a service (issue 34): its checkpoints and tour plans (the child tables' save and
 * delete from contracts/pianificazione/ronde/calls.ts, their lists read here), the rounds of a day.
 * Every save refreshes the service's tag, so the lists and the rounds read again.
 */
import { fillPath } from "../../domain/contracts/calls";
import { pianiRonda, puntiRonda, rondeCalls } from "../../domain/contracts/pianificazione/ronde/calls";
import type { Piano, Punto, Ronda } from "../../domain/contracts/pianificazione/ronde/schemas";
import { api } from "../base";
import { callEndpoints, childEndpoints } from "../calls";

/** The service in the path: contract `id`, service `subId`. */
export interface ServizioIds {
  id: number;
  subId: number;
}

const tag = ({ subId }: ServizioIds) => [{ type: "Servizio" as const, id: subId }];

export const rondeApi = api.injectEndpoints({
  endpoints: (build) => ({
    ...childEndpoints(build, puntiRonda),
    ...childEndpoints(build, pianiRonda),
    puntiRonda: build.query<{ results: Punto[] }, ServizioIds>({
      query: (ids) => fillPath(puntiRonda.path, { ...ids }),
      providesTags: (_r, _e, ids) => tag(ids),
    }),
    pianiRonda: build.query<{ results: Piano[] }, ServizioIds>({
      query: (ids) => fillPath(pianiRonda.path, { ...ids }),
      providesTags: (_r, _e, ids) => tag(ids),
    }),
    ...callEndpoints(build, rondeCalls, {
      rondeServizio: build.query<{ results: Ronda[] }, ServizioIds & { giorno: string }>({
        query: ({ giorno, ...ids }) => ({
          url: fillPath(rondeCalls.rondeServizio.path, { ...ids }),
          params: { giorno },
        }),
        providesTags: (_r, _e, ids) => tag(ids),
      }),
    }),
  }),
});

export const {
  usePuntiRondaQuery,
  usePianiRondaQuery,
  useRondeServizioQuery,
  useSavePuntoRondaMutation,
  useDeletePuntoRondaMutation,
  useSavePianoRondaMutation,
  useDeletePianoRondaMutation,
} = rondeApi;
