/**
 * Anomalies (issue 12 item 4), under /api/comunicazioni/anomalie/: the list (new first; kind, state,
 * operator, client, period; export), one with its shift and check-ins, state and notes (the user
 * handles it), marking it read (it leaves the header's notifications). Every write refreshes the
 * anomaly, the lists and the header's notifications.
 */

import { CAPABILITIES } from "../../../permissions";
import { type CallTag, declareCalls } from "../../calls";
import { IdParams } from "../../common";
import { AnomaliaLettaOut, AnomaliaList, AnomaliaOut, AnomaliaRow, AnomaliaUpdateBody } from "./schemas";

const permissions = CAPABILITIES.anomalie;
const CHANGED: readonly CallTag[] = [{ type: "Anomalia", id: ":id" }, "List", { type: "Notifica", id: "problemi" }];

export const anomalieCalls = declareCalls({
  anomalieList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/anomalie/",
    summary: "Lista anomalie",
    permissions,
    list: AnomaliaList,
    row: AnomaliaRow,
  },
  anomalia: {
    method: "GET",
    path: "comunicazioni/anomalie/:id/",
    summary: "Anomalia con turno e timbrature",
    permissions,
    params: IdParams,
    answer: AnomaliaOut,
    provides: [{ type: "Anomalia", id: ":id" }],
  },
  aggiornaAnomalia: {
    method: "PUT",
    path: "comunicazioni/anomalie/:id/",
    summary: "Cambia stato o note",
    permissions,
    params: IdParams,
    body: AnomaliaUpdateBody,
    answer: AnomaliaOut,
    invalidates: CHANGED,
  },
  segnaAnomaliaLetta: {
    method: "POST",
    path: "comunicazioni/anomalie/:id/letto/",
    summary: "Segna l'anomalia come letta",
    permissions,
    params: IdParams,
    answer: AnomaliaLettaOut,
    invalidates: CHANGED,
  },
});
