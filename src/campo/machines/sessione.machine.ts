/**
 * The field app's session (issue 33): the guard signs in with the app credentials HR set
 * (`POST /api/app/login/`); the token and the name stay on the phone, so the app opens signed in
 * with no network (a shift in a basement must not lock the guard out). A 401 from the server
 * (token revoked, credentials reset) ends the session: SESSION_EXPIRED.
 *
 * Side effects are named actors/actions with inert defaults: src/campo/machines/sessione.services.ts
 * provides the real ones, tests provide stubs.
 */
import { assign, setup } from "xstate";
import type { AppLoginOut } from "../../domain/contracts/console/app-guardie/schemas";
import { notProvided } from "../../machines/not-provided";

export interface SessioneInput {
  /** The sign-in kept on the phone, if any. */
  stored: AppLoginOut | null;
}

export interface SessioneContext {
  operatore: AppLoginOut["operatore"] | null;
  error: string | null;
}

export type SessioneEvent =
  | { type: "LOGIN"; username: string; password: string }
  | { type: "LOGOUT" }
  | { type: "SESSION_EXPIRED" };

export const ACCESSO_NON_RIUSCITO = "Accesso non riuscito";

export const sessioneMachine = setup({
  types: {
    context: {} as SessioneContext,
    events: {} as SessioneEvent,
    input: {} as SessioneInput,
  },
  actors: {
    login: notProvided<AppLoginOut, { username: string; password: string }>("login"),
    logout: notProvided<unknown>("logout"),
  },
  actions: {
    store: (_, _params: { sessione: AppLoginOut }) => {},
    forget: () => {},
    resetApiCache: () => {},
  },
  guards: {
    signedIn: ({ context }) => context.operatore !== null,
  },
}).createMachine({
  id: "sessione",
  initial: "initialising",
  context: ({ input }) => ({ operatore: input?.stored?.operatore ?? null, error: null }),
  states: {
    initialising: {
      always: [{ guard: "signedIn", target: "loggedIn" }, { target: "loggedOut" }],
    },
    loggedOut: {
      on: { LOGIN: { target: "loggingIn", actions: assign({ error: null }) } },
    },
    loggingIn: {
      invoke: {
        id: "login",
        src: "login",
        input: ({ event }) => {
          const e = event as Extract<SessioneEvent, { type: "LOGIN" }>;
          return { username: e.username, password: e.password };
        },
        onDone: {
          target: "loggedIn",
          actions: [
            { type: "store", params: ({ event }) => ({ sessione: event.output }) },
            assign({ operatore: ({ event }) => event.output.operatore, error: null }),
          ],
        },
        onError: {
          target: "loggedOut",
          actions: assign({
            operatore: null,
            error: ({ event }) => (event.error as Error | undefined)?.message || ACCESSO_NON_RIUSCITO,
          }),
        },
      },
    },
    loggedIn: {
      on: {
        LOGOUT: { target: "loggingOut" },
        SESSION_EXPIRED: {
          target: "loggedOut",
          actions: ["forget", "resetApiCache", assign({ operatore: null, error: "Sessione scaduta: accedi di nuovo" })],
        },
      },
    },
    loggingOut: {
      invoke: {
        id: "logout",
        src: "logout",
        onDone: { target: "loggedOut", actions: ["forget", "resetApiCache", assign({ operatore: null })] },
        onError: { target: "loggedOut", actions: ["forget", "resetApiCache", assign({ operatore: null })] },
      },
    },
  },
});

export type SessioneMachine = typeof sessioneMachine;
