/**
 * The Allarmi page's endpoints, derived from contracts/console/allarmi/calls.ts (the list is the
 * generic list query on its declared path; the header's live wait is src/machines/allarmi-live.services.ts).
 */
import { allarmiCalls } from "../../domain/contracts/console/allarmi/calls";
import type { Allarme } from "../../domain/contracts/console/allarmi/schemas";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { Allarme };

export const allarmiApi = api.injectEndpoints({ endpoints: (build) => callEndpoints(build, allarmiCalls) });

export const { useAllarmeQuery, usePrendiAllarmeMutation, useChiudiAllarmeMutation } = allarmiApi;
