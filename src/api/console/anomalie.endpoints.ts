/**
 * Anomalies' endpoints, derived from contracts/console/anomalie/calls.ts (the list is the generic
 * list query on its declared path).
 */
import { anomalieCalls } from "../../domain/contracts/console/anomalie/calls";
import type { Anomalia, AnomaliaUpdateData } from "../../domain/contracts/console/anomalie/schemas";
import { api } from "../base";
import { callEndpoints } from "../calls";

export type { Anomalia, AnomaliaUpdateData };

export const anomalieApi = api.injectEndpoints({ endpoints: (build) => callEndpoints(build, anomalieCalls) });

export const { useAnomaliaQuery, useSegnaAnomaliaLettaMutation, useAggiornaAnomaliaMutation } = anomalieApi;
