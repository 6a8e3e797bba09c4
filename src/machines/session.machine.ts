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
 * Issue 37: when the login answers a challenge instead of a token (a second factor is due), the
 * machine waits in `secondFactor` (context.mfa) for the code (MFA_CODE → `verifyingCode`) or, when
 * the policy demands an enrolment, for the enrolment screen to finish (MFA_DONE with the token).
 * MFA_CANCEL goes back to the password. SSO (the provider's answer back on the login page) is
 * completed in `loggingInSso`.
 *
 * Side effects are named actors/actions with inert defaults: the app provides the real ones
 * (src/machines/session.services.ts), tests provide stubs.
 */
import { assign, setup } from "xstate";
import type { Account, LoginAnswer, LoginResponse } from "../domain/contracts/auth/credentials";
import type { MfaStep } from "../domain/mfa";
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
  /** Between the password and the second factor: which step, and the server's challenge. */
  mfa: { step: MfaStep; challenge: string } | null;
}

export type SessionEvent =
  | { type: "LOGIN"; username: string; password: string }
  | { type: "SSO"; params: string }
  | { type: "MFA_CODE"; code: string }
  | { type: "MFA_DONE"; token: string; user: Account }
  | { type: "MFA_CANCEL" }
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
    login: notProvided<LoginAnswer, { username: string; password: string }>("login"),
    loginCode: notProvided<LoginResponse, { challenge: string; code: string }>("loginCode"),
    loginSso: notProvided<LoginResponse, { params: string }>("loginSso"),
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
  context: ({ input }) => ({ hasStoredToken: input?.hasStoredToken ?? false, user: null, error: null, mfa: null }),
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
        SSO: { target: "loggingInSso", actions: assign({ error: null }) },
      },
    },
    loggingInSso: {
      invoke: {
        id: "loginSso",
        src: "loginSso",
        input: ({ event }) => ({ params: (event as Extract<SessionEvent, { type: "SSO" }>).params }),
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
    loggingIn: {
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: "LOGIN" }>;
          return { username: e.username, password: e.password };
        },
        onDone: [
          {
            guard: ({ event }) => "mfa" in event.output,
            target: "secondFactor",
            actions: assign({
              mfa: ({ event }) => {
                const o = event.output as Extract<LoginAnswer, { mfa: MfaStep }>;
                return { step: o.mfa, challenge: o.challenge };
              },
              error: null,
            }),
          },
          {
            target: "loggedIn",
            actions: [
              { type: "storeToken", params: ({ event }) => ({ token: (event.output as LoginResponse).token }) },
              assign({ user: ({ event }) => (event.output as LoginResponse).user, error: null }),
            ],
          },
        ],
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
    secondFactor: {
      on: {
        MFA_CODE: { target: "verifyingCode" },
        MFA_DONE: {
          target: "loggedIn",
          actions: [
            { type: "storeToken", params: ({ event }) => ({ token: event.token }) },
            assign({ user: ({ event }) => event.user, error: null, mfa: null }),
          ],
        },
        MFA_CANCEL: { target: "loggedOut", actions: assign({ mfa: null, error: null }) },
      },
    },
    verifyingCode: {
      invoke: {
        id: "loginCode",
        src: "loginCode",
        input: ({ context, event }) => ({
          challenge: context.mfa?.challenge ?? "",
          code: (event as Extract<SessionEvent, { type: "MFA_CODE" }>).code,
        }),
        onDone: {
          target: "loggedIn",
          actions: [
            { type: "storeToken", params: ({ event }) => ({ token: event.output.token }) },
            assign({ user: ({ event }) => event.output.user, error: null, mfa: null }),
          ],
        },
        onError: {
          target: "secondFactor",
          actions: assign({ error: ({ event }) => failureMessage(event.error, "Codice non valido") }),
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
