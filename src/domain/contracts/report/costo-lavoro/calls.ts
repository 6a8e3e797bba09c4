/** Impostazioni → Costo del lavoro (issue 32 item 11), under /api/report/costo-lavoro/: read, set. */
import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { CostoLavoroBody, CostoLavoroOut } from "./schemas";

export const costoLavoroCalls = declareCalls({
  costoLavoro: {
    method: "GET",
    path: "report/costo-lavoro/",
    summary: "Fattori del costo del lavoro per qualifica",
    permissions: CAPABILITIES.costoLavoro,
    answer: CostoLavoroOut,
    provides: [{ type: "List", id: "costo-lavoro" }],
  },
  aggiornaCostoLavoro: {
    method: "PUT",
    path: "report/costo-lavoro/",
    summary: "Imposta i fattori del costo del lavoro (solo le qualifiche nominate; null toglie il fattore)",
    permissions: CAPABILITIES.costoLavoroModifica,
    body: CostoLavoroBody,
    answer: CostoLavoroOut,
    invalidates: ["List"],
  },
});
