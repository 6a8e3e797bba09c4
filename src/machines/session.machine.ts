/**
 * The session lifecycle (SPEC §4): initialising → validating a stored djangoToken with the
 * account call → loggedIn | loggedOut. Any failure removes the token; logout calls the server
 * (its failure is ignored), clears the token and the RTK Query cache and goes to /login.
 *
 * `context.user` is THE current user of the app (the account the login answered or the stored
 * token validated): screens and components read it through src/machines/session-context.tsx.
 * `loggedIn` invokes the notification polling (src/machines/notifications.machine.ts, id and
 * systemId "notifications") with the user's permissions: it polls exactly while logged in.
 *
 * Side effects are named actors/actions with inert defaults: the app provides the real ones
 * (src/machines/session.services.ts), tests provide stubs.
 */
import { assign, setup } from "xstate";
import type { Account, LoginResponse } from "../domain/contracts/auth/credentials";
import { notProvided } from "./not-provided";
import { notificationsMachine } from "./notifications.machine";

export interface SessionInput {
  /** Whether a djangoToken was in storage when the app started. */
  hasStoredToken: boolean;
}

export interface SessionContext {
  hasStoredToken: boolean;
  user: Account | null;
  /** The message of the last failed login (server detail or 'Login failed'). */
  error: string | null;
}

export type SessionEvent =
  | { type: "LOGIN"; username: string; password: string }
  | { type: "LOGOUT" }
  | { type: "SESSION_EXPIRED" };

export const LOGIN_FAILED = "Login failed";

/** The message to show for a failed call; error objects lose their fields when serialised. */
export function failureMessage(error: unknown, fallback = LOGIN_FAILED): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === "string" && error) return error;
  const detail = (error as { message?: unknown } | null)?.message;
  return typeof detail === "string" && detail ? detail : fallback;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    fetchAccount: notProvided<Account>("fetchAccount"),
    login: notProvided<LoginResponse, { username: string; password: string }>("login"),
    logout: notProvided<unknown>("logout"),
    notifications: notificationsMachine,
  },
  actions: {
    storeToken: (_, _params: { token: string }) => {},
    removeToken: () => {},
    resetApiCache: () => {},
    navigateToLogin: () => {},
    alertLoginError: (_, _params: { message: string }) => {},
  },
  guards: {
    hasStoredToken: ({ context }) => context.hasStoredToken,
  },
}).createMachine({
  id: "session",
  initial: "initialising",
  context: ({ input }) => ({ hasStoredToken: input?.hasStoredToken ?? false, user: null, error: null }),
  states: {
    initialising: {
      always: [{ guard: "hasStoredToken", target: "validating" }, { target: "loggedOut" }],
    },
    validating: {
      invoke: {
        id: "fetchAccount",
        src: "fetchAccount",
        onDone: { target: "loggedIn", actions: assign({ user: ({ event }) => event.output, error: null }) },
        onError: { target: "loggedOut", actions: ["removeToken", assign({ user: null })] },
      },
    },
    loggedOut: {
      on: {
        LOGIN: { target: "loggingIn", actions: assign({ error: null }) },
      },
    },
    loggingIn: {
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: "LOGIN" }>;
          return { username: e.username, password: e.password };
        },
        onDone: {
          target: "loggedIn",
          actions: [
            { type: "storeToken", params: ({ event }) => ({ token: event.output.token }) },
            assign({ user: ({ event }) => event.output.user, error: null }),
          ],
        },
        onError: {
          target: "loggedOut",
          actions: [
            "removeToken",
            assign({ user: null, error: ({ event }) => failureMessage(event.error) }),
            { type: "alertLoginError", params: ({ context }) => ({ message: context.error ?? LOGIN_FAILED }) },
          ],
        },
      },
    },
    loggedIn: {
      invoke: {
        id: "notifications",
        systemId: "notifications",
        src: "notifications",
        input: ({ context }) => ({ permissions: context.user?.permissions ?? [] }),
      },
      on: {
        LOGOUT: { target: "loggingOut" },
        SESSION_EXPIRED: { target: "loggedOut", actions: ["removeToken", "resetApiCache", assign({ user: null })] },
      },
    },
    loggingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        onDone: {
          target: "loggedOut",
          actions: ["removeToken", "resetApiCache", assign({ user: null }), "navigateToLogin"],
        },
        onError: {
          target: "loggedOut",
          actions: ["removeToken", "resetApiCache", assign({ user: null }), "navigateToLogin"],
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
