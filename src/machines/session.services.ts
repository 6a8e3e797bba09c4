/**
 * The real side effects of the session machine: RTK Query calls through the store, the token in
 * localStorage, the browser alert of a failed login (SPEC §8), the navigation to /login and the
 * notification polling with its real calls.
 */
import { fromPromise } from "xstate";
import { authApi } from "../api/auth.endpoints";
import { api, errorMessage } from "../api/base";
import { tokenStorage } from "../api/token-storage";
import type { Account, LoginAnswer, LoginResponse } from "../domain/contracts/auth/credentials";
import type { AppStore } from "../lib/store-types";
import { appNotificationsMachine } from "./notifications.services";
import { LOGIN_FAILED, sessionMachine } from "./session.machine";

export interface SessionDeps {
  store: AppStore;
  navigate: (to: string) => void;
  alert?: (message: string) => void;
}

/**
 * A failed RTK Query call as an Error carrying the server's detail (traces keep only messages); a
 * field error (the code step's `errors.code`, `errors.challenge`) is more telling than the detail.
 */
function asError(err: unknown, fallback: string): Error {
  const body = (err as { data?: { detail?: unknown; errors?: Record<string, unknown> } } | null)?.data;
  const field = body?.errors ? Object.values(body.errors).find((v) => typeof v === "string") : undefined;
  const detail = typeof field === "string" ? field : body && typeof body.detail === "string" ? body.detail : "";
  const status = (err as { status?: unknown } | null)?.status;
  if (detail) return new Error(detail);
  if (status === "FETCH_ERROR" || status === "TIMEOUT_ERROR") return new Error(errorMessage(err));
  return new Error(fallback);
}

export function sessionImplementations({ store, navigate, alert }: SessionDeps) {
  return {
    actors: {
      fetchAccount: fromPromise<Account, void>(async () => {
        const sub = store.dispatch(authApi.endpoints.account.initiate(undefined, { forceRefetch: true }));
        try {
          return await sub.unwrap();
        } catch (err) {
          throw asError(err, "Sessione non valida");
        } finally {
          sub.unsubscribe();
        }
      }),
      login: fromPromise<LoginAnswer, { username: string; password: string }>(async ({ input }) => {
        try {
          return await store.dispatch(authApi.endpoints.login.initiate(input)).unwrap();
        } catch (err) {
          throw asError(err, LOGIN_FAILED);
        }
      }),
      loginCode: fromPromise<LoginResponse, { challenge: string; code: string }>(async ({ input }) => {
        try {
          return await store.dispatch(authApi.endpoints.loginCode.initiate(input)).unwrap();
        } catch (err) {
          throw asError(err, "Codice non valido");
        }
      }),
      loginSso: fromPromise<LoginResponse, { params: string }>(async ({ input }) => {
        try {
          return await store.dispatch(authApi.endpoints.oidcFinish.initiate(input)).unwrap();
        } catch (err) {
          throw asError(err, LOGIN_FAILED);
        }
      }),
      logout: fromPromise<unknown, void>(async () => {
        try {
          return await store.dispatch(authApi.endpoints.logout.initiate()).unwrap();
        } catch (err) {
          throw asError(err, "Logout non riuscito");
        }
      }),
      notifications: appNotificationsMachine(store),
    },
    actions: {
      storeToken: (_: unknown, params: { token: string }) => tokenStorage.set(params.token),
      removeToken: () => tokenStorage.clear(),
      resetApiCache: () => {
        store.dispatch(api.util.resetApiState());
      },
      navigateToLogin: () => navigate("/login"),
      alertLoginError: (_: unknown, params: { message: string }) => {
        const show = alert ?? (typeof window !== "undefined" ? window.alert.bind(window) : undefined);
        show?.(params.message);
      },
    },
  };
}

/** The session machine wired to the store, storage and router. */
export function appSessionMachine(deps: SessionDeps) {
  return sessionMachine.provide(sessionImplementations(deps));
}
