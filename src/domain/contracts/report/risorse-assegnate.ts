/**
 * GET /api/report/risorse-assegnate/?dal&al (list engine): hours per operator / client / contract /
 * service in a period (group_by), planned beside worked — worked only where check-ins exist, planned
 * otherwise, and `fonte` says which.
 */
import { declareList } from "../list";
import { ASSEGNAZIONE_FIELDS, ASSEGNAZIONE_ORDER, AssegnazioneRow } from "./assegnazioni";

export const RisorsaAssegnataRow = AssegnazioneRow;

export const RisorseAssegnateList = declareList({
  name: "risorse-assegnate",
  title: "Risorse assegnate",
  fields: ASSEGNAZIONE_FIELDS,
  defaultOrder: ASSEGNAZIONE_ORDER,
});
