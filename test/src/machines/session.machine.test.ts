import { type AnyActorRef, createActor, fromPromise, SimulatedClock, waitFor } from "xstate";
import { SETTINGS } from "../../../mocks/fixtures/auth";
import type { Account, LoginAnswer, LoginResponse } from "../../../src/domain/contracts/auth/credentials";
import {
  type NotificationsContext,
  notificationsMachine,
  POLL_MS,
  type PollRequest,
  type PollResult,
} from "../../../src/machines/notifications.machine";
import { sessionMachine } from "../../../src/machines/session.machine";

const account: Account = {
  id: 7,
  username: "mrossi",
  email: "m.rossi@example.it",
  nome: "Mario",
  cognome: "Rossi",
  permissions: ["erp_dashboard"],
  settings: SETTINGS,
};

function setupActor(opts: {
  hasStoredToken: boolean;
  fetchAccount?: () => Promise<Account>;
  login?: (input: { username: string; password: string }) => Promise<LoginAnswer>;
  loginCode?: (input: { challenge: string; code: string }) => Promise<LoginResponse>;
  loginSso?: (input: { params: string }) => Promise<LoginResponse>;
  logout?: () => Promise<unknown>;
  /** The notification polling's poll (default: one problem, 3 unread). */
  poll?: (input: PollRequest) => Promise<PollResult>;
}) {
  const polls: PollRequest[] = [];
  const poll =
    opts.poll ??
    (async () => ({
      problems: {
        ok: true as const,
        data: [{ id: 1, operatore: { id: 2, full_name: "Giuseppe Russo" }, data_ora: "" }],
      },
      summary: { ok: true as const, data: 3 },
    }));
  const calls = {
    storeToken: jest.fn(),
    removeToken: jest.fn(),
    resetApiCache: jest.fn(),
    navigateToLogin: jest.fn(),
    alertLoginError: jest.fn(),
  };
  const machine = sessionMachine.provide({
    actors: {
      fetchAccount: fromPromise<Account, void>(opts.fetchAccount ?? (async () => account)),
      login: fromPromise<LoginAnswer, { username: string; password: string }>(({ input }) =>
        (opts.login ?? (async () => ({ token: "t-1", user: account })))(input),
      ),
      loginCode: fromPromise<LoginResponse, { challenge: string; code: string }>(({ input }) =>
        (opts.loginCode ?? (async () => ({ token: "t-2", user: account })))(input),
      ),
      loginSso: fromPromise<LoginResponse, { params: string }>(({ input }) =>
        (opts.loginSso ?? (async () => ({ token: "t-3", user: account })))(input),
      ),
      logout: fromPromise<unknown, void>(opts.logout ?? (async () => ({}))),
      notifications: notificationsMachine.provide({
        actors: {
          poll: fromPromise<PollResult, PollRequest>(({ input }) => {
            polls.push(input);
            return poll(input);
          }),
        },
      }),
    },
    actions: {
      storeToken: (_, p) => calls.storeToken(p.token),
      removeToken: () => calls.removeToken(),
      resetApiCache: () => calls.resetApiCache(),
      navigateToLogin: () => calls.navigateToLogin(),
      alertLoginError: (_, p) => calls.alertLoginError(p.message),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { input: { hasStoredToken: opts.hasStoredToken }, clock });
  actor.start();
  return { actor, calls, polls, clock };
}

/** The notification polling the session runs, or undefined. */
function polling(actor: AnyActorRef): AnyActorRef | undefined {
  return actor.getSnapshot().children.notifications;
}
const pollingContext = (actor: AnyActorRef) => polling(actor)?.getSnapshot().context as NotificationsContext;
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

describe("session machine", () => {
  it("without a stored token starts logged out", () => {
    const { actor } = setupActor({ hasStoredToken: false });
    expect(actor.getSnapshot().value).toBe("loggedOut");
  });

  it("a valid stored token: validating → loggedIn with the account", async () => {
    const { actor, calls } = setupActor({ hasStoredToken: true });
    expect(actor.getSnapshot().value).toBe("validating");
    const snap = await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(snap.context.user?.username).toBe("mrossi");
    expect(calls.removeToken).not.toHaveBeenCalled();
  });

  it("an invalid stored token is removed and the session is logged out", async () => {
    const { actor, calls } = setupActor({
      hasStoredToken: true,
      fetchAccount: async () => {
        throw new Error("Sessione scaduta");
      },
    });
    const snap = await waitFor(actor, (s) => s.matches("loggedOut"));
    expect(snap.context.user).toBeNull();
    expect(calls.removeToken).toHaveBeenCalledTimes(1);
  });

  it("login stores the token and keeps the user", async () => {
    const login = jest.fn(async () => ({ token: "tok-42", user: account }));
    const { actor, calls } = setupActor({ hasStoredToken: false, login });
    actor.send({ type: "LOGIN", username: "mrossi", password: "Segreta-2026" });
    expect(actor.getSnapshot().value).toBe("loggingIn");
    const snap = await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(login).toHaveBeenCalledWith({ username: "mrossi", password: "Segreta-2026" });
    expect(calls.storeToken).toHaveBeenCalledWith("tok-42");
    expect(snap.context.user?.nome).toBe("Mario");
  });

  it("a failed login goes back to loggedOut with the server detail and alerts it", async () => {
    const { actor, calls } = setupActor({
      hasStoredToken: false,
      login: async () => {
        throw new Error("Impossibile accedere con le credenziali fornite");
      },
    });
    actor.send({ type: "LOGIN", username: "x", password: "y" });
    const snap = await waitFor(actor, (s) => s.matches("loggedOut") && s.context.error !== null);
    expect(snap.context.error).toBe("Impossibile accedere con le credenziali fornite");
    expect(calls.alertLoginError).toHaveBeenCalledWith("Impossibile accedere con le credenziali fornite");
    expect(calls.storeToken).not.toHaveBeenCalled();
  });

  it("a failed login without a message reads 'Login failed'", async () => {
    const { actor, calls } = setupActor({
      hasStoredToken: false,
      login: () => Promise.reject({}),
    });
    actor.send({ type: "LOGIN", username: "x", password: "y" });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(calls.alertLoginError).toHaveBeenCalledWith("Login failed");
  });

  it("logout calls the server, clears the token and the cache, and goes to /login", async () => {
    const logout = jest.fn(async () => ({}));
    const { actor, calls } = setupActor({ hasStoredToken: true, logout });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    actor.send({ type: "LOGOUT" });
    const snap = await waitFor(actor, (s) => s.matches("loggedOut"));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(calls.removeToken).toHaveBeenCalledTimes(1);
    expect(calls.resetApiCache).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(1);
    expect(snap.context.user).toBeNull();
  });

  it("logout still clears the token when the server call fails", async () => {
    const { actor, calls } = setupActor({
      hasStoredToken: true,
      logout: async () => {
        throw new Error("rete assente");
      },
    });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    actor.send({ type: "LOGOUT" });
    await waitFor(actor, (s) => s.matches("loggedOut"));
    expect(calls.removeToken).toHaveBeenCalledTimes(1);
    expect(calls.navigateToLogin).toHaveBeenCalledTimes(1);
  });

  it("SESSION_EXPIRED removes the token and logs out", async () => {
    const { actor, calls } = setupActor({ hasStoredToken: true });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    actor.send({ type: "SESSION_EXPIRED" });
    expect(actor.getSnapshot().value).toBe("loggedOut");
    expect(calls.removeToken).toHaveBeenCalledTimes(1);
    expect(calls.resetApiCache).toHaveBeenCalledTimes(1);
  });

  it("polls the notifications exactly while logged in, with the user's permissions", async () => {
    const { actor, polls, clock } = setupActor({ hasStoredToken: false });
    await settle();
    clock.increment(POLL_MS * 2);
    await settle();
    expect(polling(actor)).toBeUndefined();
    expect(polls).toEqual([]);

    actor.send({ type: "LOGIN", username: "mrossi", password: "Segreta-2026" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    await settle();
    // erp_dashboard sees neither problems nor tickets: the polling runs but fetches nothing.
    expect(polling(actor)?.getSnapshot().value).toBe("notPermitted");
    expect(polls).toEqual([]);
    actor.send({ type: "LOGOUT" });
    await waitFor(actor, (s) => s.matches("loggedOut"));
    expect(polling(actor)).toBeUndefined();
  });

  it("an admin's polling fetches on login, every 120 s, and stops with its data on logout", async () => {
    const admin = { ...account, permissions: ["erp_admin"] };
    const { actor, polls, clock } = setupActor({ hasStoredToken: true, fetchAccount: async () => admin });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    await settle();
    expect(polls).toEqual([{ problems: true, summary: true }]);
    expect(pollingContext(actor)).toMatchObject({ unread: 3, rounds: 1 });
    clock.increment(POLL_MS);
    await settle();
    expect(polls).toHaveLength(2);

    const child = polling(actor)!;
    actor.send({ type: "LOGOUT" });
    await waitFor(actor, (s) => s.matches("loggedOut"));
    expect(child.getSnapshot().status).toBe("stopped");
    clock.increment(POLL_MS * 3);
    await settle();
    expect(polls).toHaveLength(2);

    // A new login starts a fresh polling: nothing of the previous one is left.
    let release: (r: PollResult) => void = () => {};
    const { actor: again } = setupActor({
      hasStoredToken: false,
      login: async () => ({ token: "t-2", user: admin }),
      poll: () => new Promise((r) => (release = r)),
    });
    again.send({ type: "LOGIN", username: "mrossi", password: "Segreta-2026" });
    await waitFor(again, (s) => s.matches("loggedIn"));
    expect(pollingContext(again)).toMatchObject({ problems: [], unread: 0, rounds: 0 });
    // A logout during a fetch drops its answer.
    const fetching = polling(again)!;
    again.send({ type: "SESSION_EXPIRED" });
    release({ problems: { ok: true, data: [] }, summary: { ok: true, data: 9 } });
    await settle();
    expect(fetching.getSnapshot().status).toBe("stopped");
    expect(fetching.getSnapshot().context.unread).toBe(0);
  });
});

describe("session: the second factor (issue 37)", () => {
  const challenge = { mfa: "code" as const, challenge: "c-1", detail: "Inserisci il codice" };

  it("a login answered with a challenge stores no token and waits for the code; a wrong code stays there", async () => {
    const codes: { challenge: string; code: string }[] = [];
    const { actor, calls } = setupActor({
      hasStoredToken: false,
      login: async () => challenge,
      loginCode: async (input) => {
        codes.push(input);
        if (input.code !== "123456") throw new Error("Codice non valido o già usato");
        return { token: "t-9", user: account };
      },
    });
    actor.send({ type: "LOGIN", username: "mrossi", password: "x" });
    await waitFor(actor, (s) => s.matches("secondFactor"));
    expect(actor.getSnapshot().context.mfa).toEqual({ step: "code", challenge: "c-1" });
    expect(calls.storeToken).not.toHaveBeenCalled();
    expect(polling(actor)).toBeUndefined();

    actor.send({ type: "MFA_CODE", code: "000000" });
    await waitFor(actor, (s) => s.matches("secondFactor") && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe("Codice non valido o già usato");
    expect(calls.alertLoginError).not.toHaveBeenCalled();

    actor.send({ type: "MFA_CODE", code: "123456" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(codes).toEqual([
      { challenge: "c-1", code: "000000" },
      { challenge: "c-1", code: "123456" },
    ]);
    expect(calls.storeToken).toHaveBeenCalledWith("t-9");
    expect(actor.getSnapshot().context).toMatchObject({ user: account, mfa: null, error: null });
  });

  it("an enrolment the policy demands ends with MFA_DONE and the token; MFA_CANCEL goes back to the password", async () => {
    const { actor, calls } = setupActor({ hasStoredToken: false, login: async () => ({ ...challenge, mfa: "enrol" }) });
    actor.send({ type: "LOGIN", username: "mrossi", password: "x" });
    await waitFor(actor, (s) => s.matches("secondFactor"));
    expect(actor.getSnapshot().context.mfa?.step).toBe("enrol");
    actor.send({ type: "MFA_CANCEL" });
    expect(actor.getSnapshot().matches("loggedOut")).toBe(true);
    expect(actor.getSnapshot().context.mfa).toBeNull();

    actor.send({ type: "LOGIN", username: "mrossi", password: "x" });
    await waitFor(actor, (s) => s.matches("secondFactor"));
    actor.send({ type: "MFA_DONE", token: "t-5", user: account });
    expect(actor.getSnapshot().matches("loggedIn")).toBe(true);
    expect(calls.storeToken).toHaveBeenCalledWith("t-5");
  });

  it("SSO: the provider's answer completes the login; a refusal alerts and stays signed out", async () => {
    const seen: string[] = [];
    const { actor, calls } = setupActor({
      hasStoredToken: false,
      loginSso: async ({ params }) => {
        seen.push(params);
        if (params.includes("error")) throw new Error("Accesso con SSO non riuscito: riprova.");
        return { token: "t-sso", user: account };
      },
    });
    actor.send({ type: "SSO", params: "?error=access_denied&state=s" });
    await waitFor(actor, (s) => s.matches("loggedOut") && s.context.error !== null);
    expect(calls.alertLoginError).toHaveBeenCalledWith("Accesso con SSO non riuscito: riprova.");
    actor.send({ type: "SSO", params: "?code=c&state=s" });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    expect(calls.storeToken).toHaveBeenCalledWith("t-sso");
    expect(seen).toEqual(["?error=access_denied&state=s", "?code=c&state=s"]);
  });
});
