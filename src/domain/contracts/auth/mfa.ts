/**
 * The contract of the staff second factor, re-authentication, sessions and the security policy
 * (issue 37, server/modules/auth/README.md).
 */
import { z } from "zod";
import { dataBody } from "../common";
import { AccountOut, passwordString, REQUIRED, requiredString } from "./credentials";

/** A TOTP code (6 digits) or a recovery code (10 letters and digits, dashes and spaces ignored). */
export const mfaCode = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(40, "Codice non valido")
    .regex(/^(\d{6}|[A-Za-z0-9 -]{10,40})$/, "Inserisci il codice di 6 cifre dell'app o un codice di recupero");
/** Only a code of the app (enrolment, disable): never a recovery code. */
export const totpCode = () =>
  z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{6}$/, "Il codice è composto da 6 cifre");

const challenge = requiredString(200);

export const LoginCodeBody = z.object({ challenge, code: mfaCode() });
export const LoginEnrolBody = z.object({ challenge });
export const LoginEnrolConfirmBody = z.object({ challenge, code: totpCode() });

/** A secret to add to an authenticator app: the otpauth:// URI (the QR code) and the secret in base32. */
export const MfaSetupOut = z.object({ secret: z.string(), otpauth_url: z.string() });
export type MfaSetupOut = z.infer<typeof MfaSetupOut>;

export const RecoveryCodesOut = z.object({ recovery_codes: z.array(z.string()) });
export const LoginEnrolledOut = z.object({ token: z.string(), user: AccountOut, recovery_codes: z.array(z.string()) });
export type LoginEnrolledOut = z.infer<typeof LoginEnrolledOut>;

export const MfaStatusOut = z.object({
  enabled: z.boolean(),
  confirmed_at: z.string().nullable(),
  recovery_codes_left: z.number(),
  required: z.boolean(),
});
export type MfaStatusOut = z.infer<typeof MfaStatusOut>;

export const MfaConfirmBody = z.object({ code: totpCode() });
export const MfaCodeBody = z.object({ code: mfaCode() });

export const ReauthBody = z.object({ password: passwordString(), code: mfaCode().optional() });

/** GET /api/auth/sessions/ and /api/auth/users/{id}/sessions/: the user's open tokens. */
export const SessionRow = z.object({
  id: z.number(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type SessionRow = z.infer<typeof SessionRow>;
export const SessionsOut = z.object({ results: z.array(SessionRow) });
export const EndedOut = z.object({ ended: z.number() });

/** GET/PUT /api/auth/security-settings/ (administrators). */
export const SecuritySettingsData = z.object({
  mfa_required: z.boolean(),
  mfa_required_permissions: z.array(z.string().max(100)).max(100),
  sso_required: z.boolean(),
  sso_break_glass_username: z.string().trim().max(150),
});
export const SecuritySettingsPut = dataBody(SecuritySettingsData.partial());
/** The answer: plain types, without the input's limits and trimming (the compiled JSON writer's fast path). */
export const SecuritySettingsOut = z.object({
  mfa_required: z.boolean(),
  mfa_required_permissions: z.array(z.string()),
  sso_required: z.boolean(),
  sso_break_glass_username: z.string(),
  sso_available: z.boolean(),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsOut>;

/** GET /api/auth/oidc/ (public): whether single sign-on is on, and the button's name. */
export const OidcInfoOut = z.object({ enabled: z.boolean(), label: z.string() });
export type OidcInfo = z.infer<typeof OidcInfoOut>;
export const OidcStartOut = z.object({ url: z.string() });
/** POST /api/auth/oidc/finish/: the query string the provider sent back to the login page. */
export const OidcFinishBody = z.object({ params: requiredString(4000) });
