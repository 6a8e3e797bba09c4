/**
 * Attendance against the plan (erp_attivita and the admins), under /api/comunicazioni/attivita/:
 * the list of AttivitaList (filters: giorno, cliente, servizio, operatore; export; `group_by=giorno`
 * sums planned and worked hours).
 */

import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { AttivitaList, AttivitaRow } from "./schemas";

export const attivitaCalls = declareCalls({
  attivitaList: {
    kind: "list",
    method: "GET",
    path: "comunicazioni/attivita/",
    summary: "Attività: presenze rispetto al pianificato",
    permissions: CAPABILITIES.attivita,
    list: AttivitaList,
    row: AttivitaRow,
  },
});
