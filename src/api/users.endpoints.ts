/** Staff users (Impostazioni → Utenti): create, change, deactivate; the screen lists them through the generic list. */
import type { StaffUser, UserCreateData } from "../domain/contracts/auth/users";
import type { DataBody, ResultOk } from "../domain/contracts/common";
import { api } from "./base";

/** The writable fields; `password` only when it is set or changed. */
export type StaffUserInput = Omit<UserCreateData, "password"> & { password?: string };

/** The generic list of the users screen (src/api/list.endpoints.ts tags each list by its path). */
const USERS_LIST_TAG = { type: "List" as const, id: "auth/users/" };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    createUser: build.mutation<StaffUser, StaffUserInput>({
      query: (data) => ({ url: "auth/users/", method: "POST", body: { data } satisfies DataBody<StaffUserInput> }),
      invalidatesTags: [USERS_LIST_TAG],
    }),
    updateUser: build.mutation<StaffUser, { id: number; data: Partial<StaffUserInput> }>({
      query: ({ id, data }) => ({ url: `auth/users/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: ["Account", USERS_LIST_TAG],
    }),
    deactivateUser: build.mutation<ResultOk, number>({
      query: (id) => ({ url: `auth/users/${id}/`, method: "DELETE" }),
      invalidatesTags: [USERS_LIST_TAG],
    }),
  }),
});

export const { useCreateUserMutation, useUpdateUserMutation, useDeactivateUserMutation } = usersApi;
