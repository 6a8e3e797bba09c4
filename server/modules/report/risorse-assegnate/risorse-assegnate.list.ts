/** GET /api/report/risorse-assegnate/?dal&al: the assignments of a period with their hours (assegnazioni.ts). */
import { RisorseAssegnateList } from "../../../../src/domain/contracts/report/risorse-assegnate";
import { defineList } from "../../../lib/list";
import { assegnazioniSql } from "../assegnazioni";

export const risorseAssegnateList = defineList(RisorseAssegnateList, assegnazioniSql);
