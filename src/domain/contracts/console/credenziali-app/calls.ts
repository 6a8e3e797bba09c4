/**
 * HR sets or resets a guard's credentials for the app, under
 * /api/comunicazioni/operatori/:id/credenziali-app/: {data: {username, password?, password_utente}}
 * → {result, operatore_id, username, password (only when generated)}. Only with
 * erp_operatori_anagrafica (HR), not every planner's erp_operatori, and confirmed with the staff
 * user's own password (issue 30 item 5). A POST, not a PUT: it replaces the credentials as a whole.
 */

import { CAPABILITIES } from "../../../permissions";
import { declareCalls } from "../../calls";
import { IdParams } from "../../common";
import { CredenzialiAppBody, CredenzialiAppOut } from "../app-guardie/schemas";

export const credenzialiAppCalls = declareCalls({
  impostaCredenzialiApp: {
    method: "POST",
    path: "comunicazioni/operatori/:id/credenziali-app/",
    summary: "Imposta o reimposta le credenziali dell'app di un operatore",
    permissions: CAPABILITIES.operatoriAnagrafica,
    params: IdParams,
    body: CredenzialiAppBody,
    answer: CredenzialiAppOut,
    invalidates: ["Log"],
  },
});
