/**
 * Authentication calls (SPEC §7 'Authentication' and the reset/logout steps of issue 2).
 * The session machine drives login, account and logout; the public pages use the others, the
 * profile menu's 'Cambia password' dialog uses changePassword.
 */
import type { Account, DataBody, LoginResponse } from "../domain/api-types";
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

/** POST /api/auth/change-password/ (wrapped in {data}). */
export interface ChangePasswordBody {
  current_password: string;
  new_password: string;
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
    changePassword: build.mutation<DetailResponse, ChangePasswordBody>({
      query: (data) => ({
        url: "auth/change-password/",
        method: "POST",
        body: { data } satisfies DataBody<ChangePasswordBody>,
      }),
    }),
    register: build.mutation<DetailResponse, RegisterBody>({
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
  useChangePasswordMutation,
  useRegisterMutation,
  useResetPasswordMutation,
  useVerifyCodeMutation,
  useResetPasswordConfirmMutation,
  useLogoutMutation,
} = authApi;
