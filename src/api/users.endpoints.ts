/** Staff users (Impostazioni → Utenti): /api/auth/users/ and the permission catalogue. */
import type { PermissionCatalogue, StaffUser, StaffUserRow, UserCreateData } from "../domain/contracts/auth/users";
import type { DataBody, ListResponse, ResultOk } from "../domain/contracts/common";
import { api } from "./base";

export interface UsersQuery {
  page?: number;
  page_size?: number;
  global?: string;
  attivo?: boolean;
  order_field?: string;
  order_asc?: boolean;
}

/** The writable fields; `password` only when it is set or changed. */
export type StaffUserInput = Omit<UserCreateData, "password"> & { password?: string };

function cleanParams(q: UsersQuery): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== "") out[k] = v;
  return out;
}

/** The generic list of the users screen (src/api/list.endpoints.ts tags each list by its path). */
const USERS_LIST_TAG = { type: "List" as const, id: "auth/users/" };

export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    users: build.query<ListResponse<StaffUserRow>, UsersQuery>({
      query: (q) => ({ url: "auth/users/", params: cleanParams(q) }),
      providesTags: (res) => [
        { type: "User", id: "LIST" },
        ...(res?.results ?? []).map((u) => ({ type: "User" as const, id: u.id })),
      ],
    }),
    user: build.query<StaffUser, number>({
      query: (id) => `auth/users/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "User", id }],
    }),
    createUser: build.mutation<StaffUser, StaffUserInput>({
      query: (data) => ({ url: "auth/users/", method: "POST", body: { data } satisfies DataBody<StaffUserInput> }),
      invalidatesTags: [{ type: "User", id: "LIST" }, USERS_LIST_TAG],
    }),
    updateUser: build.mutation<StaffUser, { id: number; data: Partial<StaffUserInput> }>({
      query: ({ id, data }) => ({ url: `auth/users/${id}/`, method: "PUT", body: { data } }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: "User", id: "LIST" },
        { type: "User", id },
        "Account",
        USERS_LIST_TAG,
      ],
    }),
    deactivateUser: build.mutation<ResultOk, number>({
      query: (id) => ({ url: `auth/users/${id}/`, method: "DELETE" }),
      invalidatesTags: (_r, _e, id) => [{ type: "User", id: "LIST" }, { type: "User", id }, USERS_LIST_TAG],
    }),
    permissionCatalogue: build.query<PermissionCatalogue, void>({
      query: () => "auth/permissions/",
    }),
  }),
});

export const {
  useUsersQuery,
  useUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeactivateUserMutation,
  usePermissionCatalogueQuery,
} = usersApi;
