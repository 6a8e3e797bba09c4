/**
 * Staff second factor, re-authentication and sessions (issue 37): the messages and codes the
 * server, the mocks and the SPA share. Kept small: the login page imports it.
 */

/** The `code` of a 403 that asks the SPA to confirm the password (and code) before retrying. */
export const REAUTH_REQUIRED = "reauth_required";
/** Re-authentication is valid this long (OWASP ASVS 5.0 7.5.1). */
export const REAUTH_MINUTES = 5;
export const REAUTH_DETAIL =
  "Per questa operazione conferma la tua identità: inserisci di nuovo la password (e il codice, se attivo).";

/** The login's second step: `mfa` says which (the code, or the enrolment the policy demands). */
export type MfaStep = "code" | "enrol";

export const MFA_CODE_WRONG = "Codice non valido o già usato";
export const MFA_CHALLENGE_EXPIRED = "Accesso scaduto: inserisci di nuovo nome utente e password";
export const MFA_REQUIRED_NOTE = "La verifica in due passaggi è obbligatoria per il tuo profilo";

/**
 * The permissions the policy preset covers: the administrators and whoever sees personal data or
 * pay (GDPR art. 32: measures proportionate to the data). Migration 0106 writes the same list.
 */
export const MFA_DEFAULT_PERMISSIONS = [
  "superadmin",
  "admin",
  "erp_admin",
  "erp_operatori",
  "erp_operatori_anagrafica",
  "erp_operatori_documenti-corsi",
  "erp_operatori_contratti-pratiche",
  "erp_candidati",
  "erp_candidati_candidati",
  "erp_contratti_compensi",
  "erp_compensi",
  "erp_compensi_compensi",
  "erp_consuntivo",
  "erp_consuntivo_approva",
  "erp_fatture",
  "erp_fatture_emetti",
  "erp_allarmi",
] as const;

/** Whether a user with these permissions must have a second factor under the policy. */
export function mfaRequiredFor(
  policy: { mfa_required: boolean; mfa_required_permissions: readonly string[] },
  permissions: readonly string[],
): boolean {
  return policy.mfa_required && permissions.some((p) => policy.mfa_required_permissions.includes(p));
}
