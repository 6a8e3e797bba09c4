/**
 * The SPA's test mocks (mocks/) answer with the API's own schemas: every sample request of a
 * module is answered by the msw handlers (on fresh mock data), and the answer must parse with the
 * response schema that the matching route of the real server declares for that status (the
 * contracts of src/domain/contracts, the routes' `schema.response`); an error with the API's
 * error body; a download or a list export with the route's content types. Every mock handler of
 * the module must be a route of the server and answer at least one sample — a mock cannot invent
 * an endpoint or an answer. What the server DOES is tested where it lives (test/server/<module>).
 *
 *   describeMockAnswers("anagrafiche", anagraficheHandlers, [
 *     { url: "/api/anagrafiche/operatori/1/" },
 *     { method: "PUT", url: "/api/anagrafiche/operatori/1/", body: { data: { citta: "Brescia" } } },
 *   ]);
 */
import { getResponse, HttpHandler, type RequestHandler } from "msw";
import { z } from "zod";
import { issueMockToken } from "../../../mocks/http";
import { resetStore } from "../../../mocks/store";
import { CONTENT_TYPES } from "../../../server/lib/list";
import { type Call, callUrl, fillPath } from "../../../src/domain/contracts/calls";
import { type ChildDeclaration, childItemPath } from "../../../src/domain/contracts/children";
import { ApiErrorBody } from "../../../src/domain/contracts/common";
import { createTestApp, type TestApp } from "../helpers/app";
import { apiRoutes, routeProbe, type SeenRoute, withModule } from "../helpers/routes";
import { testDbKinds } from "../setup/paths";

export interface Sample {
  method?: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  /** JSON body. */
  body?: unknown;
  /** Multipart body. */
  form?: () => FormData;
  /** Sent with a token of this fixture user (mocks/fixtures/auth.ts). */
  as?: number;
  /** The status expected (default: the success status the route declares). */
  status?: number;
}

/**
 * A sample of a declared call (src/domain/contracts/calls.ts): its method and URL with `params`
 * filled in (a number is the `id`), `query` appended.
 *
 *   sampleOf(ticketSupportoCalls.aggiornaTicket, 1, { body: { data: { stato: "chiuso" } } })
 */
export function sampleOf(
  call: Call,
  params?: Record<string, unknown> | number,
  extra: Omit<Sample, "method" | "url"> & { query?: string } = {},
): Sample {
  const { query, ...rest } = extra;
  return { method: call.method, url: `${callUrl(call, params)}${query ? `?${query}` : ""}`, ...rest };
}

/** A sample of a declared child table's route (src/domain/contracts/children.ts) for these ids. */
export function sampleOfChild(
  d: ChildDeclaration,
  route: "list" | "create" | "update" | "remove",
  ids: Record<string, unknown>,
  extra: Omit<Sample, "method" | "url"> = {},
): Sample {
  const method = ({ list: "GET", create: "POST", update: "PUT", remove: "DELETE" } as const)[route];
  const path = route === "list" || route === "create" ? d.path : childItemPath(d);
  return { method, url: `/api/${fillPath(path, ids)}`, ...extra };
}

/** `/api/a/:x/b` and `*\/api/a/:y/b/` alike: params unnamed, one trailing slash. */
const shape = (path: string) => `${path.replace(/^\*/, "").replace(/:\w+/g, ":").replace(/\/$/, "")}/`;

function routeOf(routes: SeenRoute[], method: string, pathname: string): SeenRoute | undefined {
  const fits = (r: SeenRoute) =>
    r.method === method && new RegExp(`^${shape(r.url).replace(/:/g, "[^/]+")}$`).test(shape(pathname));
  // A static segment wins over a parameter (…/operatori/bulk/ before …/operatori/:id/).
  return routes.filter(fits).sort((a, b) => a.url.split(":").length - b.url.split(":").length)[0];
}

/** Why an answer does not fit the route's declared answer for its status ([] when it fits). */
async function misfit(route: SeenRoute, res: Response): Promise<string[]> {
  const declared = route.schema.response?.[String(res.status)] as
    | z.ZodType
    | { content?: Record<string, unknown> }
    | undefined;
  const type = res.headers.get("content-type") ?? "";
  if (!type.includes("json")) {
    const types = declared && !(declared instanceof z.ZodType) ? Object.keys(declared.content ?? {}) : [];
    const exports = route.config.list ? Object.values(CONTENT_TYPES) : [];
    return [...types, ...exports].some((t) => type.startsWith(t.split(";")[0])) ? [] : [`content-type ${type}`];
  }
  const json = await res.json();
  const schema = declared instanceof z.ZodType ? declared : res.status >= 400 ? ApiErrorBody : undefined;
  if (!schema) return [`nessuno schema per lo stato ${res.status}`];
  return (schema.safeParse(json).error?.issues ?? []).map((i) => `${i.path.join(".")}: ${i.message}`);
}

export function describeMockAnswers(module: string, handlers: RequestHandler[], samples: Sample[]) {
  const mocks = handlers.filter((h): h is HttpHandler => h instanceof HttpHandler);
  const key = (h: HttpHandler) => `${h.info.method} ${h.info.path}`;

  describe(`the ${module} mocks answer with the server's schemas`, () => {
    const seen: SeenRoute[] = [];
    const answered = new Set<HttpHandler>();
    let t: TestApp;
    beforeAll(async () => {
      t = await withModule(routeProbe(seen), () => createTestApp(testDbKinds()[0]));
    });
    afterAll(async () => {
      await t?.close();
    });

    it("every mock handler is a route of the server", () => {
      const routes = apiRoutes(seen);
      const invented = mocks.filter(
        (h) => !routes.some((r) => r.method === h.info.method && shape(r.url) === shape(String(h.info.path))),
      );
      expect(invented.map(key)).toEqual([]);
    });

    it.each(samples.map((s) => [`${s.method ?? "GET"} ${s.url}`, s] as const))("%s", async (_name, s) => {
      resetStore();
      const method = s.method ?? "GET";
      const headers = new Headers(s.as ? { authorization: `Token ${issueMockToken(s.as)}` } : {});
      if (s.body !== undefined) headers.set("content-type", "application/json");
      const body = s.form ? s.form() : s.body === undefined ? undefined : JSON.stringify(s.body);
      const request = () => new Request(`http://localhost${s.url}`, { method, headers, body });
      // The first handler that answers (one may pass the request on, as msw does).
      let res: Response | undefined;
      for (const h of mocks) {
        res = await getResponse([h], request());
        if (res) {
          answered.add(h);
          break;
        }
      }
      if (!res) throw new Error(`nessun mock risponde a ${method} ${s.url}`);
      const route = routeOf(apiRoutes(seen), method, new URL(s.url, "http://localhost").pathname);
      if (!route) throw new Error(`nessuna route del server per ${method} ${s.url}`);
      const success = Object.keys(route.schema.response ?? {}).find((c) => c.startsWith("2"));
      expect({ status: res.status, misfit: await misfit(route, res) }).toEqual({
        status: s.status ?? Number(success),
        misfit: [],
      });
    });

    it("every mock handler answers a sample", () => {
      expect(mocks.filter((h) => !answered.has(h)).map(key)).toEqual([]);
    });
  });
}
