/**
 * Who may do what on operators (decided here, one place):
 * - the list and the full record's base fields: CAPABILITIES.operatori;
 * - the quick view: CAPABILITIES.operatori plus the planners (contratti, intermittenti), who
 *   hover operators on every planning screen;
 * - each tab's data and writes: its own erp_operatori_* permission (admins hold all);
 * - personal data (fiscal code, IBAN, addresses, birth data, photos except the head shot, CV):
 *   operatoriAnagrafica; documents and courses with their files: operatoriDocumentiCorsi.
 */
import { CAPABILITIES, type Capability, hasAny } from "../../../../src/domain/permissions";

export {
  ANY_OPERATORE_CAPABILITY,
  QUICK_VIEW_CAPABILITY,
} from "../../../../src/domain/contracts/anagrafiche/operatori-record";

/** Whether someone holding these permissions (a request's user, a service's actor) may use that capability. */
export function can(user: { permissions: readonly string[] }, capability: Capability): boolean {
  return hasAny(user.permissions, CAPABILITIES[capability]);
}
