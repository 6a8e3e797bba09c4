import { createActor, fromPromise, waitFor } from "xstate";
import { SETTINGS } from "../../../mocks/auth.fixtures";
import type { Account, LoginResponse } from "../../../src/domain/api-types";
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
  login?: (input: { username: string; password: string }) => Promise<LoginResponse>;
  logout?: () => Promise<unknown>;
}) {
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
      login: fromPromise<LoginResponse, { username: string; password: string }>(({ input }) =>
        (opts.login ?? (async () => ({ token: "t-1", user: account })))(input),
      ),
      logout: fromPromise<unknown, void>(opts.logout ?? (async () => ({}))),
    },
    actions: {
      storeToken: (_, p) => calls.storeToken(p.token),
      removeToken: () => calls.removeToken(),
      resetApiCache: () => calls.resetApiCache(),
      navigateToLogin: () => calls.navigateToLogin(),
      alertLoginError: (_, p) => calls.alertLoginError(p.message),
    },
  });
  const actor = createActor(machine, { input: { hasStoredToken: opts.hasStoredToken } });
  actor.start();
  return { actor, calls };
}

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

  it("ACCOUNT_REFRESH reloads the account and stays logged in", async () => {
    let n = 0;
    const { actor } = setupActor({
      hasStoredToken: true,
      fetchAccount: async () => ({
        ...account,
        permissions: n++ === 0 ? ["erp_dashboard"] : ["erp_dashboard", "erp_contratti"],
      }),
    });
    await waitFor(actor, (s) => s.matches("loggedIn"));
    actor.send({ type: "ACCOUNT_REFRESH" });
    expect(actor.getSnapshot().value).toEqual({ loggedIn: "refreshing" });
    const snap = await waitFor(
      actor,
      (s) => s.matches({ loggedIn: "idle" }) && s.context.user?.permissions.length === 2,
    );
    expect(snap.context.user?.permissions).toContain("erp_contratti");
  });
});
