/**
 * Authentication calls (SPEC §7 'Authentication' and the reset/logout steps of issue 2).
 * The session machine drives login, account and logout; the public pages use the others, the
 * profile menu's 'Cambia password' dialog uses changePassword.
 */
import type {
  Account,
  ChangePasswordData,
  DetailOut,
  LoginAnswer,
  LoginBody,
  LoginResponse,
  RegisterBody,
  ResetConfirmBody,
  ResetRequestBody,
  VerifyCodeBody,
} from "../domain/contracts/auth/credentials";
import type { DataBody } from "../domain/contracts/common";
import { api } from "./base";

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, LoginBody>({
      query: (body) => ({ url: "auth/login/", method: "POST", body }),
    }),
    /** Issue 37: single sign-on — whether it is on (the login's "Accedi con …"), its start and its end. */
    oidcInfo: build.query<{ enabled: boolean; label: string }, void>({ query: () => "auth/oidc/" }),
    oidcStart: build.mutation<{ url: string }, void>({ query: () => ({ url: "auth/oidc/start/", method: "POST" }) }),
    oidcFinish: build.mutation<LoginResponse, { params: string }>({
      query: (body) => ({ url: "auth/oidc/finish/", method: "POST", body }),
    }),
    /** Issue 37: the second step of a login, with the challenge the first one answered. */
    loginCode: build.mutation<LoginResponse, { challenge: string; code: string }>({
      query: (body) => ({ url: "auth/login/code/", method: "POST", body }),
    }),
    account: build.query<Account, void>({
      query: () => "auth/account/",
      providesTags: ["Account"],
    }),
    changePassword: build.mutation<DetailOut, ChangePasswordData>({
      query: (data) => ({
        url: "auth/change-password/",
        method: "POST",
        body: { data } satisfies DataBody<ChangePasswordData>,
      }),
    }),
    register: build.mutation<DetailOut, RegisterBody>({
      query: (body) => ({ url: "auth/register/", method: "POST", body }),
    }),
    resetPassword: build.mutation<DetailOut, ResetRequestBody>({
      query: (body) => ({ url: "auth/reset-password/", method: "POST", body }),
    }),
    verifyCode: build.mutation<DetailOut, VerifyCodeBody>({
      query: (body) => ({ url: "auth/reset-password/verify-code/", method: "POST", body }),
    }),
    resetPasswordConfirm: build.mutation<DetailOut, ResetConfirmBody>({
      query: (body) => ({ url: "auth/reset-password/confirm/", method: "POST", body }),
    }),
    logout: build.mutation<DetailOut, void>({
      query: () => ({ url: "auth/logout/", method: "POST" }),
    }),
  }),
});

export const {
  useLoginMutation,
  useAccountQuery,
  useChangePasswordMutation,
  useRegisterMutation,
  useResetPasswordMutation,
  useVerifyCodeMutation,
  useResetPasswordConfirmMutation,
  useLogoutMutation,
} = authApi;
