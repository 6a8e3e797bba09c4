/**
 * Authentication calls (SPEC §7 'Authentication' and the reset/logout steps of issue 2).
 * The session machine drives login, account and logout; the public pages use the others.
 */
import type { Account, LoginResponse } from "../domain/api-types";
import { api } from "./base";

export interface LoginBody {
  username: string;
  password: string;
}

/** POST /api/auth/register/: `id` is the username. */
export interface RegisterBody {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface ResetPasswordBody {
  username: string;
  redirect_url: string;
}

export interface VerifyCodeBody {
  uid: string;
  token: string;
  code: string;
}

export interface ResetPasswordConfirmBody extends VerifyCodeBody {
  password: string;
}

export interface DetailResponse {
  detail: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({
      query: (body) => ({ url: "auth/login/", method: "POST", body }),
    }),
    account: build.query<Account, void>({
      query: () => "auth/account/",
      providesTags: ["Account"],
    }),
    register: build.mutation<Account, RegisterBody>({
      query: (body) => ({ url: "auth/register/", method: "POST", body }),
    }),
    resetPassword: build.mutation<DetailResponse, ResetPasswordBody>({
      query: (body) => ({ url: "auth/reset-password/", method: "POST", body }),
    }),
    verifyCode: build.mutation<DetailResponse, VerifyCodeBody>({
      query: (body) => ({ url: "auth/reset-password/verify-code/", method: "POST", body }),
    }),
    resetPasswordConfirm: build.mutation<DetailResponse, ResetPasswordConfirmBody>({
      query: (body) => ({ url: "auth/reset-password/confirm/", method: "POST", body }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: "auth/logout/", method: "POST" }),
    }),
  }),
});

export const {
  useLoginMutation,
  useAccountQuery,
  useRegisterMutation,
  useResetPasswordMutation,
  useVerifyCodeMutation,
  useResetPasswordConfirmMutation,
  useLogoutMutation,
} = authApi;
