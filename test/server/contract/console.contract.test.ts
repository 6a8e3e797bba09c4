/**
 * The console's msw handlers (mocks/console.handlers.ts) must answer like the real server: the
 * same requests go to both and the JSON SHAPES (keys and value types, recursively; null matches
 * any type) and statuses must agree (see ./shape.ts).
 */
import { getResponse } from "msw";
import { issueMockToken, resetAuthDb } from "../../../mocks/auth.fixtures";
import { resetConsoleDb } from "../../../mocks/console.handlers";
import { handlers } from "../../../mocks/handlers";
import { operatori } from "../../../server/db/schema/anagrafiche-operatori";
import { ticketSupporto } from "../../../server/db/schema/console";
import { auth, describeEachDb } from "../helpers/app";
import { shapeDiff, shapeOf } from "./shape";

async function askMock(method: string, url: string, token?: string): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Token ${token}`;
  const res = await getResponse(handlers, new Request(`http://localhost${url}`, { method, headers }));
  if (!res) throw new Error(`nessun handler msw per ${method} ${url}`);
  return { status: res.status, json: await res.json() };
}

describeEachDb("console contract: msw mocks vs server", (ctx) => {
  let real: { admin: string; planner: string };
  let mock: { admin: string; planner: string };
  let ticketId: number;

  beforeAll(async () => {
    const admin = await ctx().createUser({ permissions: ["superadmin"] });
    const planner = await ctx().createUser({ permissions: ["erp_dashboard", "erp_contratti"] });
    real = { admin: admin.token, planner: planner.token };
    const db = ctx().database.db;
    const [op] = await db.insert(operatori).values({ nome: "Giuseppe", cognome: "Russo" }).returning();
    const rows = await db
      .insert(ticketSupporto)
      .values([
        { operatoreId: op.id, dataOra: new Date("2026-03-10T07:15:00Z"), tipo: "problema", oggetto: "Varco" },
        { operatoreId: op.id, dataOra: new Date("2026-03-09T11:00:00Z"), tipo: "richiesta", oggetto: "Divisa" },
      ])
      .returning({ id: ticketSupporto.id });
    ticketId = rows[0].id;
  });

  beforeEach(() => {
    resetAuthDb();
    resetConsoleDb();
    mock = { admin: issueMockToken(1), planner: issueMockToken(2) }; // fixture users admin, pianificatore
  });

  async function both(method: "GET" | "POST", realUrl: string, mockUrl: string, who?: "admin" | "planner") {
    const r = await ctx().app.inject({ method, url: realUrl, headers: who ? auth(real[who]) : {} });
    const m = await askMock(method, mockUrl, who ? mock[who] : undefined);
    return { real: { status: r.statusCode, json: r.json() as unknown }, mock: m };
  }

  function expectSame(res: Awaited<ReturnType<typeof both>>, status: number) {
    expect([res.real.status, res.mock.status]).toEqual([status, status]);
    expect(shapeDiff(shapeOf(res.real.json), shapeOf(res.mock.json))).toEqual([]);
  }

  it("problemi-attivi and summary answer with the same shapes, statuses and refusals", async () => {
    for (const path of ["/api/comunicazioni/problemi-attivi/", "/api/comunicazioni/summary/"]) {
      const ok = await both("GET", path, path, "admin");
      expectSame(ok, 200);
      if (Array.isArray(ok.real.json)) {
        expect(ok.real.json.length).toBeGreaterThan(0);
        expect((ok.mock.json as unknown[]).length).toBeGreaterThan(0);
      }
      expectSame(await both("GET", path, path), 401);
      const refused = await both("GET", path, path, "planner");
      expectSame(refused, 403);
      expect(refused.mock.json).toEqual(refused.real.json);
    }
  });

  it("marking a ticket read answers alike, and so do an unknown and a malformed id", async () => {
    expectSame(
      await both("POST", `/api/comunicazioni/ticket/${ticketId}/letto/`, "/api/comunicazioni/ticket/1/letto/", "admin"),
      200,
    );
    const missing = await both(
      "POST",
      "/api/comunicazioni/ticket/987654/letto/",
      "/api/comunicazioni/ticket/987654/letto/",
      "admin",
    );
    expectSame(missing, 404);
    expect(missing.mock.json).toEqual(missing.real.json);
    const bad = await both(
      "POST",
      "/api/comunicazioni/ticket/abc/letto/",
      "/api/comunicazioni/ticket/abc/letto/",
      "admin",
    );
    expectSame(bad, 400);
    expect(Object.keys((bad.mock.json as { errors: object }).errors)).toEqual(
      Object.keys((bad.real.json as { errors: object }).errors),
    );
    expectSame(
      await both(
        "POST",
        `/api/comunicazioni/ticket/${ticketId}/letto/`,
        "/api/comunicazioni/ticket/1/letto/",
        "planner",
      ),
      403,
    );
  });
});
