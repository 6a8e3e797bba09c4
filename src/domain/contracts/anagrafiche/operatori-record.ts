/**
 * An operator's record (issue 31, the call table's records) under /api/anagrafiche/operatori/:id/.
 * The GET answers the full record or, with `?quick_view=true`, the quick view (its own endpoint in
 * the SPA, `operatoreQuickView`); who may read which part is decided by the server
 * (server/modules/anagrafiche/operatori/access.ts). An update refreshes the quick view too. The
 * schemas: `operatoreCalls` in ./record-calls.ts.
 */
import { CAPABILITIES } from "../../permissions";
import { declareRecord } from "../records";
import type { OperatoreRecord } from "./operatori";

/** Who may open the quick view: who reads operators, and the planners who hover them on every planning screen. */
export const QUICK_VIEW_CAPABILITY: readonly string[] = [
  ...new Set([...CAPABILITIES.operatori, ...CAPABILITIES.contratti, ...CAPABILITIES.intermittenti]),
];

/** Anyone who can open some part of an operator (route-level guard of GET /{id}/). */
export const ANY_OPERATORE_CAPABILITY: readonly string[] = [
  ...new Set([
    ...QUICK_VIEW_CAPABILITY,
    ...CAPABILITIES.operatoriAnagrafica,
    ...CAPABILITIES.operatoriDocumentiCorsi,
    ...CAPABILITIES.operatoriContrattiPratiche,
    ...CAPABILITIES.operatoriIndisponibilita,
    ...CAPABILITIES.operatoriAltro,
  ]),
];

const ANAGRAFICA = CAPABILITIES.operatoriAnagrafica;

export const operatoreRecord = declareRecord<{ record: OperatoreRecord; data: Record<string, unknown> }>()({
  path: "anagrafiche/operatori/",
  tag: "Operatore",
  names: { get: "operatore", create: "createOperatore", update: "updateOperatore", remove: "deleteOperatore" },
  permissions: {
    get: ANY_OPERATORE_CAPABILITY,
    create: ANAGRAFICA,
    update: [...new Set([...ANAGRAFICA, ...CAPABILITIES.operatoriAltro])],
    remove: ANAGRAFICA,
  },
  invalidates: { create: ["List"], update: ["List", "Log", { type: "Operatore", id: "qv-:id" }], remove: ["List"] },
  upsert: true,
});
