/**
 * Records a real login/logout of the app's session machine (real store, RTK Query, msw backend)
 * and replays it; and replays the committed recording in traces/login-logout.json.
 * RECORD_TRACES=1 rewrites the committed recording.
 */
import fs from "node:fs";
import path from "node:path";
import { createActor, waitFor } from "xstate";
import { MOCK_PASSWORD } from "../../../mocks/fixtures/auth";
import { tokenStorage } from "../../../src/api/token-storage";
import { makeStore } from "../../../src/app/store";
import { sessionMachine } from "../../../src/machines/session.machine";
import { appSessionMachine } from "../../../src/machines/session.services";
import {
  createTraceRecorder,
  exportTrace,
  REDACTED,
  type TraceFile,
  traceFileName,
  unregisterTrace,
} from "../../../src/machines/trace";
import { setupMockServer } from "../helpers/msw";
import { machineTrace, replayTrace } from "../helpers/replay";

setupMockServer();

const TRACE_FILE = path.join(__dirname, "traces", "login-logout.json");

async function recordLoginLogout(): Promise<TraceFile> {
  const store = makeStore();
  const navigate = jest.fn();
  const alert = jest.fn();
  const recorder = createTraceRecorder("session", { skip: ["notifications"] }); // as the app records it
  const actor = createActor(appSessionMachine({ store, navigate, alert }), {
    input: { hasStoredToken: Boolean(tokenStorage.get()) },
    inspect: recorder.inspect,
  });
  actor.start();
  actor.send({ type: "LOGIN", username: "admin", password: "sbagliata-1" });
  await waitFor(actor, (s) => s.matches("loggedOut") && s.context.error !== null);
  expect(alert).toHaveBeenCalledWith("Impossibile accedere con le credenziali fornite");
  actor.send({ type: "LOGIN", username: "admin", password: MOCK_PASSWORD });
  await waitFor(actor, (s) => s.matches("loggedIn"));
  expect(tokenStorage.get()).toMatch(/^mock-token-/);
  actor.send({ type: "LOGOUT" });
  await waitFor(actor, (s) => s.matches("loggedOut"));
  expect(tokenStorage.get()).toBeNull();
  expect(navigate).toHaveBeenCalledWith("/login");
  actor.stop();
  const file = JSON.parse(exportTrace()) as TraceFile;
  unregisterTrace("session");
  return file;
}

describe("session traces", () => {
  it("records a real login/logout with secrets redacted and replays it to the same states", async () => {
    const file = await recordLoginLogout();
    const trace = machineTrace(file, "session");
    const text = JSON.stringify(file);
    expect(text).not.toContain(MOCK_PASSWORD);
    expect(text).not.toContain("sbagliata-1");
    expect(text).not.toMatch(/mock-token-/);
    const login = trace.entries.find((e) => e.kind === "event" && e.type === "LOGIN");
    expect(login && login.kind === "event" && login.event.password).toBe(REDACTED);
    const types = trace.entries
      .filter((e) => e.kind === "event" && e.root)
      .map((e) => (e.kind === "event" ? e.type : ""));
    expect(types).toEqual(
      expect.arrayContaining([
        "xstate.init",
        "LOGIN",
        "xstate.error.actor.login",
        "xstate.done.actor.login",
        "LOGOUT",
        "xstate.done.actor.logout",
      ]),
    );
    const error = trace.entries.find((e) => e.kind === "event" && e.type === "xstate.error.actor.login");
    expect(error?.kind === "event" && error.event.error).toEqual(
      expect.objectContaining({ message: "Impossibile accedere con le credenziali fornite" }),
    );

    const result = await replayTrace(sessionMachine, trace);
    expect(result.recorded).toEqual([
      "loggedOut",
      "loggingIn",
      "loggedOut",
      "loggingIn",
      "loggedIn",
      "loggingOut",
      "loggedOut",
    ]);
    expect(result.states).toEqual(result.recorded);
    expect(result.actions).toEqual(
      expect.arrayContaining(["alertLoginError", "storeToken", "removeToken", "navigateToLogin"]),
    );

    if (process.env.RECORD_TRACES === "1" || !fs.existsSync(TRACE_FILE)) {
      fs.mkdirSync(path.dirname(TRACE_FILE), { recursive: true });
      fs.writeFileSync(TRACE_FILE, `${JSON.stringify(file, null, 2)}\n`);
    }
  });

  it("replays the committed login/logout recording to the states it recorded", async () => {
    const file = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as TraceFile;
    const trace = machineTrace(file, "session");
    const result = await replayTrace(sessionMachine, trace);
    expect(result.recorded.length).toBeGreaterThanOrEqual(5);
    expect(result.recorded).toContain("loggedIn");
    expect(result.states).toEqual(result.recorded);
  });

  it("a replay that diverges is detected", async () => {
    const file = JSON.parse(fs.readFileSync(TRACE_FILE, "utf8")) as TraceFile;
    const trace = machineTrace(file, "session");
    // Turn the successful login into a failure: the replay must no longer reach loggedIn.
    const tampered = {
      ...trace,
      entries: trace.entries.map((e) =>
        e.kind === "event" && e.type === "xstate.done.actor.login"
          ? {
              ...e,
              type: "xstate.error.actor.login",
              event: { type: "xstate.error.actor.login", error: { message: "x" } },
            }
          : e,
      ),
    };
    const result = await replayTrace(sessionMachine, tampered);
    expect(result.states).not.toEqual(result.recorded);
  });

  it("names the download trace-<timestamp>.json", () => {
    expect(traceFileName(new Date("2026-03-01T10:20:30.000Z"))).toBe("trace-2026-03-01T10-20-30-000Z.json");
  });
});
