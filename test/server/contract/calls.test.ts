/**
 * The call table (src/domain/contracts/calls.ts) is what the server serves and the mocks answer:
 * every declared call is a route of the server with the same method, path and permissions; every
 * route of a converted prefix is declared; every declared call has a mock or says why not
 * (`noMock`); every JSON call is an endpoint of the SPA's api under its key, and keys are unique.
 * A child table's routes (src/domain/contracts/children.ts) are checked the same way, and its save
 * and delete are SPA endpoints.
 */
import { HttpHandler, type RequestHandler } from "msw";
import { anagraficheHandlers } from "../../../mocks/anagrafiche.handlers";
import { cmsHandlers } from "../../../mocks/cms.handlers";
import { consoleHandlers } from "../../../mocks/console.handlers";
import { pianificazioneHandlers } from "../../../mocks/pianificazione.handlers";
import { reportHandlers } from "../../../mocks/report.handlers";
import { api } from "../../../src/api/base";
import { candidatoRecord } from "../../../src/domain/contracts/anagrafiche/candidati-record";
import { clienteRecord } from "../../../src/domain/contracts/anagrafiche/clienti-record";
import { contattiCliente, sediCliente } from "../../../src/domain/contracts/anagrafiche/clienti-righe";
import { operatoreRecord } from "../../../src/domain/contracts/anagrafiche/operatori-record";
import { candidatoCalls, clienteCalls, operatoreCalls } from "../../../src/domain/contracts/anagrafiche/record-calls";
import type { Call, CallTable } from "../../../src/domain/contracts/calls";
import { type ChildDeclaration, childRoutes } from "../../../src/domain/contracts/children";
import { eventoRecord } from "../../../src/domain/contracts/cms/eventi-record";
import { eventoCalls } from "../../../src/domain/contracts/cms/record-calls";
import * as consoleCalls from "../../../src/domain/contracts/console/calls";
import { contrattoRecord } from "../../../src/domain/contracts/pianificazione/contratti-record";
import { contrattoCalls } from "../../../src/domain/contracts/pianificazione/record-calls";
import { recordTable } from "../../../src/domain/contracts/record-calls";
import * as reportCalls from "../../../src/domain/contracts/report/calls";
import { createTestApp, type TestApp } from "../helpers/app";
import { apiRoutes, routeProbe, type SeenRoute, withModule } from "../helpers/routes";
import { testDbKinds } from "../setup/paths";
import "../../../src/api/console/notifiche.endpoints";
import "../../../src/api/anagrafiche/clienti.endpoints";
import "../../../src/api/anagrafiche/candidati.endpoints";
import "../../../src/api/anagrafiche/operatori.endpoints";
import "../../../src/api/pianificazione/contratti.endpoints";
import "../../../src/api/cms/eventi.endpoints";
import "../../../src/api/console/allarmi.endpoints";
import "../../../src/api/console/anomalie.endpoints";
import "../../../src/api/console/credenziali-app.endpoints";
import "../../../src/api/console/comunicazioni-azienda.endpoints";
import "../../../src/api/console/fogli-notizie.endpoints";
import "../../../src/api/console/relazioni.endpoints";
import "../../../src/api/console/ticket-supporto.endpoints";
import "../../../src/api/report/costo-lavoro.endpoints";

/** The modules on the call table: their tables, the URL prefixes they fully declare (but `except`), their mocks. */
const MODULES: {
  name: string;
  tables: Record<string, CallTable>;
  prefixes: string[];
  except?: string[];
  /** Its child tables (src/domain/contracts/children.ts). */
  children?: ChildDeclaration[];
  handlers: RequestHandler[];
}[] = [
  {
    name: "anagrafiche",
    tables: {
      cliente: recordTable(clienteRecord, clienteCalls),
      candidato: recordTable(candidatoRecord, candidatoCalls),
      operatore: recordTable(operatoreRecord, operatoreCalls),
    },
    prefixes: [],
    children: [sediCliente, contattiCliente],
    handlers: anagraficheHandlers,
  },
  {
    name: "pianificazione",
    tables: { contratto: recordTable(contrattoRecord, contrattoCalls) },
    prefixes: [],
    handlers: pianificazioneHandlers,
  },
  {
    name: "cms",
    tables: { evento: recordTable(eventoRecord, eventoCalls) },
    prefixes: [],
    handlers: cmsHandlers,
  },
  {
    name: "console",
    tables: consoleCalls,
    prefixes: ["/api/comunicazioni/", "/api/app/"],
    except: ["/api/app/cms/"],
    handlers: consoleHandlers,
  },
  {
    name: "report",
    tables: reportCalls,
    prefixes: ["/api/report/costo-lavoro/", "/api/report/ronde/"],
    handlers: reportHandlers,
  },
];

/** `/api/a/:x/b/` and `/api/a/:y/b`: params unnamed, one trailing slash. */
const shape = (path: string) => `${path.replace(/^\*/, "").replace(/:\w+/g, ":").replace(/\/$/, "")}/`;
/** The calls of a module's tables, and its children's routes (named after their SPA endpoints). */
const calls = (tables: Record<string, CallTable>, children: ChildDeclaration[] = []): [string, Call][] => [
  ...Object.values(tables).flatMap((t) => Object.entries(t) as [string, Call][]),
  ...children.flatMap((d) =>
    childRoutes(d).map((r): [string, Call] => [
      `${r.method === "DELETE" ? d.remove : d.save} (${r.method})`,
      { ...r, summary: "", permissions: d.permissions, answer: d.row, noSpa: `${d.save} / ${d.remove}` },
    ]),
  ),
];
const key = (c: { method: string; path: string }) => `${c.method} ${shape(`/api/${c.path}`)}`;

describe("the call table", () => {
  const seen: SeenRoute[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await withModule(routeProbe(seen), () => createTestApp(testDbKinds()[0]));
  });
  afterAll(async () => {
    await t?.close();
  });

  describe.each(MODULES)("$name", (m) => {
    it("every declared call is a route with its method, path and permissions", () => {
      const routes = new Map(apiRoutes(seen).map((r) => [`${r.method} ${shape(r.url)}`, r]));
      const wrong = calls(m.tables, m.children)
        .map(([name, c]) => ({ name, key: key(c), route: routes.get(key(c)) }))
        .filter(({ name, route }) => {
          const declared = calls(m.tables, m.children).find(([n]) => n === name)?.[1];
          return !route || JSON.stringify(route.config.permissions) !== JSON.stringify(declared?.permissions);
        })
        .map(({ name, key }) => `${name}: ${key}`);
      expect(wrong).toEqual([]);
    });

    it(`every route under ${m.prefixes.join(", ")} is declared`, () => {
      const declared = new Set(calls(m.tables, m.children).map(([, c]) => key(c)));
      const under = (url: string, prefixes: string[] = []) => prefixes.some((p) => shape(url).startsWith(p));
      const undeclared = apiRoutes(seen)
        .filter((r) => under(r.url, m.prefixes) && !under(r.url, m.except))
        .map((r) => `${r.method} ${shape(r.url)}`)
        .filter((k) => !declared.has(k));
      expect(undeclared).toEqual([]);
    });

    it("every declared call has a mock, or says why not", () => {
      const mocks = new Set(
        m.handlers
          .filter((h): h is HttpHandler => h instanceof HttpHandler)
          .map((h) => `${h.info.method} ${shape(String(h.info.path))}`),
      );
      const missing = calls(m.tables, m.children)
        .filter(([, c]) => !c.noMock && !mocks.has(key(c)))
        .map(([name, c]) => `${name}: ${key(c)}`);
      expect(missing).toEqual([]);
    });

    it("every JSON call is an SPA endpoint under its key", () => {
      const endpoints = api.endpoints as Record<string, unknown>;
      const missing = calls(m.tables, m.children)
        .filter(([name, c]) => c.kind !== "list" && c.kind !== "file" && !c.noSpa && !endpoints[name])
        .map(([name]) => name);
      expect(missing).toEqual([]);
    });
  });

  it("a call's key is unique in the whole SPA (it names the endpoint and its hook)", () => {
    const names = MODULES.flatMap((m) => calls(m.tables, m.children).map(([n]) => n));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});
