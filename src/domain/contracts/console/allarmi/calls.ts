/**
 * The desk's side of the guards' alarms (issue 33 item 6), under /api/comunicazioni/allarmi/: the
 * list (newest first; state, operator, client, period; export), one alarm, taking it in charge and
 * closing it, and the open ones for the header — a wait that answers as soon as they change, in any
 * server process (PostgreSQL NOTIFY 'erp_allarmi'). Every write refreshes the alarm and the lists.
 */

import { CAPABILITIES } from "../../../permissions";
import { type CallTag, declareCalls } from "../../calls";
import { IdParams } from "../../common";
import {
  AllarmeList,
  AllarmeOut,
  AllarmeRow,
  AllarmiApertiOut,
  AllarmiApertiQuery,
  ChiudiAllarmeBody,
} from "./schemas";

const permissions = CAPABILITIES.allarmi;
const CHANGED: readonly CallTag[] = [{ type: "Allarme", id: ":id" }, "List"];

export const allarmiCalls = declareCalls({
  allarmiList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/allarmi/",
    summary: "Lista allarmi (SOS delle guardie)",
    permissions,
    list: AllarmeList,
    row: AllarmeRow,
  },
  /**
   * The header's live alarms: written by hand in the shell (src/app/layout/allarmi-live.ts) without
   * zod, which a derived endpoint would bring into the back office's first load.
   */
  allarmiAperti: {
    method: "GET",
    path: "comunicazioni/allarmi/aperti/",
    summary: "Allarmi aperti; con la versione già nota attende (al massimo 25 s) che cambino",
    permissions,
    query: AllarmiApertiQuery,
    answer: AllarmiApertiOut,
    noSpa: "letta dall'intestazione con fetch, senza zod (src/app/layout/allarmi-live.ts)",
  },
  allarme: {
    method: "GET",
    path: "comunicazioni/allarmi/:id/",
    summary: "Un allarme con turno, posizione e gestione",
    permissions,
    params: IdParams,
    answer: AllarmeOut,
    provides: [{ type: "Allarme", id: ":id" }],
  },
  prendiAllarme: {
    method: "POST",
    path: "comunicazioni/allarmi/:id/prendi/",
    summary: "Prende in carico l'allarme",
    permissions,
    params: IdParams,
    answer: AllarmeOut,
    invalidates: CHANGED,
  },
  chiudiAllarme: {
    method: "POST",
    path: "comunicazioni/allarmi/:id/chiudi/",
    summary: "Chiude l'allarme (con una nota)",
    permissions,
    params: IdParams,
    body: ChiudiAllarmeBody,
    answer: AllarmeOut,
    invalidates: CHANGED,
  },
});
