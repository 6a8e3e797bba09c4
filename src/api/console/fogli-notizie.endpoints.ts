/**
 * The foglio notizie's endpoints, derived from contracts/console/fogli-notizie/calls.ts (the list is
 * the generic list query on its declared path; the PDF is fetched through `callUrl`).
 */
import { fogliNotizieCalls } from "../../domain/contracts/console/fogli-notizie/calls";
import type { FogliImpostazioni } from "../../domain/contracts/console/fogli-notizie/schemas";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { FogliImpostazioni };

export const fogliNotizieApi = api.injectEndpoints({ endpoints: (build) => callEndpoints(build, fogliNotizieCalls) });

export const {
  useGeneraFoglioNotizieMutation,
  useFogliNotizieImpostazioniQuery,
  useAggiornaFogliNotizieImpostazioniMutation,
} = fogliNotizieApi;
