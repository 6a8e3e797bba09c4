/**
 * Issue 37: the second factor, re-authentication, active sessions and the security policy
 * (server/modules/auth/README.md). Loaded with the screens that use them, never with the login.
 */
import type { Account } from "../domain/contracts/auth/credentials";
import type {
  LoginEnrolledOut,
  MfaSetupOut,
  MfaStatusOut,
  SecuritySettings,
  SessionRow,
} from "../domain/contracts/auth/mfa";
import type { DetailOut } from "../domain/contracts/common";
import { api } from "./base";

type Settings = Omit<SecuritySettings, "sso_available">;

export const mfaApi = api.injectEndpoints({
  endpoints: (build) => ({
    loginEnrol: build.mutation<MfaSetupOut, { challenge: string }>({
      query: (body) => ({ url: "auth/login/enrol/", method: "POST", body }),
    }),
    loginEnrolConfirm: build.mutation<LoginEnrolledOut, { challenge: string; code: string }>({
      query: (body) => ({ url: "auth/login/enrol/confirm/", method: "POST", body }),
    }),
    mfaStatus: build.query<MfaStatusOut, void>({ query: () => "auth/mfa/" }),
    mfaSetup: build.mutation<MfaSetupOut, void>({ query: () => ({ url: "auth/mfa/setup/", method: "POST" }) }),
    mfaConfirm: build.mutation<{ recovery_codes: string[] }, { code: string }>({
      query: (body) => ({ url: "auth/mfa/confirm/", method: "POST", body }),
    }),
    mfaRecoveryCodes: build.mutation<{ recovery_codes: string[] }, { code: string }>({
      query: (body) => ({ url: "auth/mfa/recovery-codes/", method: "POST", body }),
    }),
    mfaDisable: build.mutation<DetailOut, { code: string }>({
      query: (body) => ({ url: "auth/mfa/disable/", method: "POST", body }),
    }),
    reauth: build.mutation<DetailOut, { password: string; code?: string }>({
      query: (body) => ({ url: "auth/reauth/", method: "POST", body }),
    }),
    sessions: build.query<{ results: SessionRow[] }, number | undefined>({
      query: (userId) => (userId === undefined ? "auth/sessions/" : `auth/users/${userId}/sessions/`),
    }),
    endSession: build.mutation<{ ended: number }, { id: number; userId?: number }>({
      query: ({ id, userId }) => ({
        url: userId === undefined ? `auth/sessions/${id}/` : `auth/users/${userId}/sessions/${id}/`,
        method: "DELETE",
      }),
    }),
    endOtherSessions: build.mutation<{ ended: number }, number | undefined>({
      query: (userId) => ({
        url: userId === undefined ? "auth/sessions/end-others/" : `auth/users/${userId}/sessions/end-all/`,
        method: "POST",
      }),
    }),
    securitySettings: build.query<SecuritySettings, void>({ query: () => "auth/security-settings/" }),
    saveSecuritySettings: build.mutation<SecuritySettings, Partial<Settings>>({
      query: (data) => ({ url: "auth/security-settings/", method: "PUT", body: { data } }),
    }),
  }),
});

export type { Account };
