/**
 * The msw list handlers (mocks/list-engine.ts through mocks/users.handlers.ts) must answer the
 * generic list parameters like the real engine (server/lib/list): the real database is filled with
 * the mock's staff users, then the same requests go to both and must agree on status, JSON shape
 * (keys and value types, recursively) and — the data being the same — on the rows and counts.
 */
import { getResponse } from "msw";
import { authDb, resetAuthDb } from "../../../mocks/auth.fixtures";
import { handlers } from "../../../mocks/handlers";
import { auth, describeEachDb } from "../helpers/app";
import { shapeDiff, shapeOf } from "./shape";

interface Answer {
  status: number;
  body: string;
  json: unknown;
  contentType: string;
}

const parse = (text: string, type: string) => (type.includes("json") ? JSON.parse(text) : null);

describeEachDb("lists contract: msw list handlers vs the real list engine", (ctx) => {
  let realToken: string;
  const mockToken = "mock-contract";

  beforeAll(async () => {
    resetAuthDb();
    for (const u of authDb.users) {
      const created = await ctx().createUser({
        username: u.username,
        nome: u.nome,
        cognome: u.cognome,
        email: u.email,
        permissions: [...u.permissions],
        attivo: u.attivo,
      });
      if (u.username === "admin") realToken = created.token;
    }
  });
  beforeEach(() => {
    resetAuthDb();
    authDb.tokens.set(mockToken, authDb.users.find((u) => u.username === "admin")!.id);
  });

  async function both(url: string): Promise<{ real: Answer; mock: Answer }> {
    const res = await ctx().app.inject({ method: "GET", url, headers: auth(realToken) });
    const realType = String(res.headers["content-type"] ?? "");
    const response = await getResponse(
      handlers,
      new Request(`http://localhost${url}`, { headers: { authorization: `Token ${mockToken}` } }),
    );
    if (!response) throw new Error(`nessun handler msw per GET ${url}`);
    const mockBody = await response.text();
    const mockType = response.headers.get("content-type") ?? "";
    return {
      real: { status: res.statusCode, body: res.body, json: parse(res.body, realType), contentType: realType },
      mock: { status: response.status, body: mockBody, json: parse(mockBody, mockType), contentType: mockType },
    };
  }

  const usernames = (json: unknown) => (json as { results: { username: string }[] }).results.map((r) => r.username);

  it.each([
    ["the default page", ""],
    ["page_size and page", "?page=2&page_size=2"],
    ["order_field descending", "?order_field=cognome&order_asc=false&page_size=10"],
    ["order_field on a datetime", "?order_field=created_at&order_asc=true"],
    ["global search", "?global=VIGILANZA.TEST&order_field=email"],
    ["global search without results", "?global=nessuno-cosi"],
    ["the attivo filter", "?attivo=false"],
    ["the permesso filter", "?permesso=erp_dashboard&order_field=username"],
    ["an ignored timestamp and an unknown parameter", "?timestamp=1767225600000&colonne=tutte&page_size=3"],
  ])("%s: same status, shape, rows and count", async (_title, qs) => {
    const { real, mock } = await both(`/api/auth/users/${qs}`);
    expect([real.status, mock.status]).toEqual([200, 200]);
    expect(shapeDiff(shapeOf(real.json), shapeOf(mock.json))).toEqual([]);
    const r = real.json as { count: number; page: number };
    const m = mock.json as { count: number; page: number };
    expect({ count: r.count, page: r.page, rows: usernames(real.json) }).toEqual({
      count: m.count,
      page: m.page,
      rows: usernames(mock.json),
    });
  });

  it("group_by answers one row per value with its count, in the same shape", async () => {
    const { real, mock } = await both("/api/auth/users/?group_by=attivo");
    expect([real.status, mock.status]).toEqual([200, 200]);
    expect(shapeDiff(shapeOf(real.json), shapeOf(mock.json))).toEqual([]);
    expect(real.json).toEqual(mock.json);
    expect(real.json).toEqual({
      results: [
        { attivo: false, count: 1 },
        { attivo: true, count: authDb.users.length - 1 },
      ],
      count: 2,
      page: 1,
    });
  });

  it.each([
    ["an order_field outside the allow-list", "?order_field=password_hash", "order_field"],
    ["an injection attempt in order_field", "?order_field=username;DROP%20TABLE%20users", "order_field"],
    ["a group_by outside the allow-list", "?group_by=email", "group_by"],
    ["an unknown permission", "?permesso=root", "permesso"],
  ])("%s: 400 in both, with errors for that parameter", async (_title, qs, param) => {
    const { real, mock } = await both(`/api/auth/users/${qs}`);
    expect([real.status, mock.status]).toEqual([400, 400]);
    expect(shapeDiff(shapeOf(real.json), shapeOf(mock.json))).toEqual([]);
    expect(Object.keys((real.json as { errors: object }).errors)).toEqual([param]);
    expect(Object.keys((mock.json as { errors: object }).errors)).toEqual([param]);
    expect(real.body).not.toMatch(/SELECT|DROP/);
  });

  it("csv export: the same Italian header and the same rows for show_fields", async () => {
    const qs = "?file_type=csv&order_field=username&show_fields=username,cognome,attivo,permissions";
    const { real, mock } = await both(`/api/auth/users/${qs}`);
    expect([real.status, mock.status]).toEqual([200, 200]);
    expect(real.contentType).toBe(mock.contentType);
    const lines = (text: string) =>
      text
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
    expect(lines(real.body)[0]).toBe("Nome utente;Cognome;Attivo;Permessi");
    expect(lines(mock.body)[0]).toBe(lines(real.body)[0]);
    expect(lines(mock.body).length).toBe(lines(real.body).length);
    expect(lines(mock.body).map((l) => l.split(";")[0])).toEqual(lines(real.body).map((l) => l.split(";")[0]));
  });
});
