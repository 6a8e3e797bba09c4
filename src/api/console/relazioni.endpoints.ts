/**
 * The service reports' endpoints, derived from contracts/console/relazioni/calls.ts (the list is the
 * generic list query on its declared path; a photo is fetched through `callUrl`).
 */
import { relazioniCalls } from "../../domain/contracts/console/relazioni/calls";
import type { Relazione, RelazioneModificaData } from "../../domain/contracts/console/relazioni/schemas";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { Relazione, RelazioneModificaData };

export const relazioniApi = api.injectEndpoints({ endpoints: (build) => callEndpoints(build, relazioniCalls) });

export const {
  useRelazioneQuery,
  useAggiornaRelazioneMutation,
  useModificaRelazioneMutation,
  useApprovaRelazioneMutation,
} = relazioniApi;
