/**
 * The msw handlers of mocks/ must answer like the real server: the same requests go to both and
 * the JSON SHAPES (keys and value types, recursively; null matches any type) must agree.
 */
import { getResponse } from "msw";
import { authDb, MOCK_PASSWORD, resetAuthDb } from "../../../mocks/auth.fixtures";
import { handlers } from "../../../mocks/handlers";
import { auth, describeEachDb } from "../helpers/app";
import { shapeDiff, shapeOf } from "./shape";

interface Call {
  method: string;
  url: string;
  token?: string;
  body?: unknown;
}

async function askMock(call: Call): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (call.token) headers.authorization = `Token ${call.token}`;
  const request = new Request(`http://localhost${call.url}`, {
    method: call.method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const res = await getResponse(handlers, request);
  if (!res) throw new Error(`nessun handler msw per ${call.method} ${call.url}`);
  return { status: res.status, json: await res.json() };
}

describeEachDb("auth contract: msw mocks vs server", (ctx) => {
  beforeEach(() => resetAuthDb());

  async function both(realCall: Call, mockCall: Call) {
    const real = await ctx().app.inject({
      method: realCall.method as "GET",
      url: realCall.url,
      headers: realCall.token ? auth(realCall.token) : {},
      ...(realCall.body === undefined ? {} : { payload: realCall.body as object }),
    });
    const mock = await askMock(mockCall);
    return { real: { status: real.statusCode, json: real.json() as unknown }, mock };
  }

  it("login ok, login failure, account and the users list answer with the same shapes", async () => {
    const admin = await ctx().createUser({
      username: "contratto.admin",
      permissions: ["superadmin"],
      nome: "Marco",
      cognome: "Rossi",
    });
    const mockAdmin = authDb.users.find((u) => u.username === "admin")!;

    const ok = await both(
      { method: "POST", url: "/api/auth/login/", body: { username: admin.username, password: admin.password } },
      { method: "POST", url: "/api/auth/login/", body: { username: mockAdmin.username, password: MOCK_PASSWORD } },
    );
    expect([ok.real.status, ok.mock.status]).toEqual([200, 200]);
    expect(shapeDiff(shapeOf(ok.real.json), shapeOf(ok.mock.json))).toEqual([]);

    const fail = await both(
      { method: "POST", url: "/api/auth/login/", body: { username: admin.username, password: "Sbagliata-123" } },
      { method: "POST", url: "/api/auth/login/", body: { username: mockAdmin.username, password: "Sbagliata-123" } },
    );
    expect([fail.real.status, fail.mock.status]).toEqual([400, 400]);
    expect(shapeDiff(shapeOf(fail.real.json), shapeOf(fail.mock.json))).toEqual([]);
    expect(fail.mock.json).toEqual(fail.real.json);

    const realToken = (ok.real.json as { token: string }).token;
    const mockToken = (ok.mock.json as { token: string }).token;
    const account = await both(
      { method: "GET", url: "/api/auth/account/", token: realToken },
      { method: "GET", url: "/api/auth/account/", token: mockToken },
    );
    expect([account.real.status, account.mock.status]).toEqual([200, 200]);
    expect(shapeDiff(shapeOf(account.real.json), shapeOf(account.mock.json))).toEqual([]);

    const noToken = await both(
      { method: "GET", url: "/api/auth/account/" },
      { method: "GET", url: "/api/auth/account/" },
    );
    expect([noToken.real.status, noToken.mock.status]).toEqual([401, 401]);
    expect(shapeDiff(shapeOf(noToken.real.json), shapeOf(noToken.mock.json))).toEqual([]);

    const list = await both(
      { method: "GET", url: "/api/auth/users/?page=1&page_size=25", token: realToken },
      { method: "GET", url: "/api/auth/users/?page=1&page_size=25", token: mockToken },
    );
    expect([list.real.status, list.mock.status]).toEqual([200, 200]);
    expect((list.real.json as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect(shapeDiff(shapeOf(list.real.json), shapeOf(list.mock.json))).toEqual([]);

    const catalogue = await both(
      { method: "GET", url: "/api/auth/permissions/", token: realToken },
      { method: "GET", url: "/api/auth/permissions/", token: mockToken },
    );
    expect(shapeDiff(shapeOf(catalogue.real.json), shapeOf(catalogue.mock.json))).toEqual([]);

    const changeBody = (current: string) => ({
      data: { current_password: current, new_password: "Cancello-Nord-Chiuso-88" },
    });
    const wrongCurrent = await both(
      { method: "POST", url: "/api/auth/change-password/", token: realToken, body: changeBody("Sbagliata-123") },
      { method: "POST", url: "/api/auth/change-password/", token: mockToken, body: changeBody("Sbagliata-123") },
    );
    expect([wrongCurrent.real.status, wrongCurrent.mock.status]).toEqual([400, 400]);
    expect(wrongCurrent.mock.json).toEqual(wrongCurrent.real.json);
    const changed = await both(
      { method: "POST", url: "/api/auth/change-password/", token: realToken, body: changeBody(admin.password) },
      { method: "POST", url: "/api/auth/change-password/", token: mockToken, body: changeBody(MOCK_PASSWORD) },
    );
    expect([changed.real.status, changed.mock.status]).toEqual([200, 200]);
    expect(changed.mock.json).toEqual(changed.real.json);

    const logout = await both(
      { method: "POST", url: "/api/auth/logout/", token: realToken },
      { method: "POST", url: "/api/auth/logout/", token: mockToken },
    );
    expect([logout.real.status, logout.mock.status]).toEqual([200, 200]);
    expect(shapeDiff(shapeOf(logout.real.json), shapeOf(logout.mock.json))).toEqual([]);
  });

  it("register answers alike for a free and a taken name, on the server and in the mock", async () => {
    const registration = (id: string) => ({
      id,
      email: `${id}@example.it`,
      password: "Ronda-Notturna-2031",
      firstName: "Carla",
      lastName: "Bruni",
    });
    await ctx().createUser({ username: "pianificatore" });
    for (const id of ["contratto.nuovo", "pianificatore"]) {
      const r = await both(
        { method: "POST", url: "/api/auth/register/", body: registration(id) },
        { method: "POST", url: "/api/auth/register/", body: registration(id) },
      );
      expect([r.real.status, r.mock.status]).toEqual([202, 202]);
      expect(r.mock.json).toEqual(r.real.json);
    }
  });
});
