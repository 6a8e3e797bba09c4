/**
 * Automatic staffing (issue 16): ask a proposal, read it while it runs, cancel it, accept chosen
 * cells. The flow is src/machines/auto-assegnazione.machine.ts; accepting invalidates the services
 * it touched so their grids reload.
 */
import type {
  AccettaResult,
  AutoAssegnazioneRichiesta,
  CellaProposta,
  PostoScoperto,
  Proposta,
  RisultatoProposta,
  StatoProposta,
} from "../../domain/contracts/pianificazione/auto-assegnazione";
import { api } from "../base";
import { P, servizioTag } from "./paths";

export type {
  AccettaResult,
  AutoAssegnazioneRichiesta,
  CellaProposta,
  PostoScoperto,
  Proposta,
  RisultatoProposta,
  StatoProposta,
};

const path = (id?: number) => `${P}/auto-assegnazione/${id ? `${id}/` : ""}`;

export const autoAssegnazioneApi = api.injectEndpoints({
  endpoints: (build) => ({
    creaProposta: build.mutation<{ id: number; stato: StatoProposta }, AutoAssegnazioneRichiesta>({
      query: (data) => ({ url: path(), method: "POST", body: { data } }),
    }),
    /** Read by the machine while the proposal runs (never cached: each poll is a new request). */
    proposta: build.query<Proposta, number>({
      query: (id) => path(id),
      keepUnusedDataFor: 0,
    }),
    annullaProposta: build.mutation<Proposta, number>({
      query: (id) => ({ url: `${path(id)}annulla/`, method: "POST", body: { data: {} } }),
    }),
    accettaProposta: build.mutation<
      AccettaResult,
      { id: number; celle: { turno: number; operatore: number }[]; servizi: number[] }
    >({
      query: ({ id, celle }) => ({ url: `${path(id)}accetta/`, method: "POST", body: { data: { celle } } }),
      // no tags: the screen reloads the services through their assignment machine (usePlanReload)
    }),
  }),
});
