/** Impostazioni → Costo del lavoro's endpoints, derived from contracts/report/costo-lavoro/calls.ts. */
import { costoLavoroCalls } from "../../domain/contracts/report/costo-lavoro/calls";
import { api } from "../base";
import { callEndpoints } from "../calls";

export const costoLavoroApi = api.injectEndpoints({ endpoints: (build) => callEndpoints(build, costoLavoroCalls) });

export const { useCostoLavoroQuery, useAggiornaCostoLavoroMutation } = costoLavoroApi;
