/**
 * Every /api route declares the answer of its success status codes (`schema.response`), with a
 * zod schema from the shared contracts (src/domain/contracts): Fastify's zod serializer sends
 * only what the schema declares, so a field added to a query by mistake never reaches a client,
 * and the OpenAPI document at /api/docs describes every answer.
 *
 * A file download declares its answer by content type ({description, content: {<mime>: {schema}}}).
 */
import { z } from "zod";
import { createTestApp, type TestApp } from "../helpers/app";
import { apiRoutes, routeProbe, type SeenRoute, withModule } from "../helpers/routes";
import { testDbKinds } from "../setup/paths";

/** Routes that may answer without a declared schema, and why. */
const EXEMPT: Record<string, string> = {};

/** Routes not converted yet: this list only shrinks, and must be empty when the work is done. */
const NOT_YET: string[] = [
  "GET /api/anagrafiche/candidati",
  "GET /api/anagrafiche/candidati/:id/cv/",
  "POST /api/anagrafiche/candidature",
  "GET /api/anagrafiche/clienti",
  "GET /api/anagrafiche/files/:fileId/",
  "GET /api/anagrafiche/operatori",
  "POST /api/anagrafiche/operatori",
  "DELETE /api/anagrafiche/operatori/:id/",
  "GET /api/anagrafiche/operatori/:id/",
  "PUT /api/anagrafiche/operatori/:id/",
  "POST /api/anagrafiche/operatori/:id/anonimizza/",
  "GET /api/anagrafiche/operatori/:id/compensi/",
  "POST /api/anagrafiche/operatori/:id/compensi/",
  "DELETE /api/anagrafiche/operatori/:id/compensi/:subId/",
  "PUT /api/anagrafiche/operatori/:id/compensi/:subId/",
  "GET /api/anagrafiche/operatori/:id/contratti/",
  "POST /api/anagrafiche/operatori/:id/contratti/",
  "DELETE /api/anagrafiche/operatori/:id/contratti/:subId/",
  "PUT /api/anagrafiche/operatori/:id/contratti/:subId/",
  "GET /api/anagrafiche/operatori/:id/corsi/",
  "POST /api/anagrafiche/operatori/:id/corsi/",
  "DELETE /api/anagrafiche/operatori/:id/corsi/:subId/",
  "PUT /api/anagrafiche/operatori/:id/corsi/:subId/",
  "GET /api/anagrafiche/operatori/:id/disponibilita/",
  "PUT /api/anagrafiche/operatori/:id/disponibilita/",
  "GET /api/anagrafiche/operatori/:id/documenti/",
  "POST /api/anagrafiche/operatori/:id/documenti/",
  "DELETE /api/anagrafiche/operatori/:id/documenti/:subId/",
  "PUT /api/anagrafiche/operatori/:id/documenti/:subId/",
  "GET /api/anagrafiche/operatori/:id/export/",
  "POST /api/anagrafiche/operatori/:id/files/",
  "GET /api/anagrafiche/operatori/:id/indisponibilita/",
  "POST /api/anagrafiche/operatori/:id/indisponibilita/",
  "DELETE /api/anagrafiche/operatori/:id/indisponibilita/:subId/",
  "PUT /api/anagrafiche/operatori/:id/indisponibilita/:subId/",
  "GET /api/anagrafiche/operatori/:id/pratiche/",
  "POST /api/anagrafiche/operatori/:id/pratiche/",
  "DELETE /api/anagrafiche/operatori/:id/pratiche/:subId/",
  "PUT /api/anagrafiche/operatori/:id/pratiche/:subId/",
  "GET /api/auth/account/",
  "POST /api/auth/login/",
  "POST /api/auth/logout/",
  "GET /api/auth/permissions/",
  "POST /api/auth/reset-password/",
  "POST /api/auth/reset-password/confirm/",
  "POST /api/auth/reset-password/verify-code/",
  "GET /api/auth/users/",
  "POST /api/auth/users/",
  "DELETE /api/auth/users/:id/",
  "GET /api/auth/users/:id/",
  "PUT /api/auth/users/:id/",
  "GET /api/health",
  "GET /api/log/content-types/",
  "GET /api/log/list/",
  "GET /api/pianificazione/contratti",
  "POST /api/pianificazione/contratti",
  "DELETE /api/pianificazione/contratti/:id/",
  "GET /api/pianificazione/contratti/:id/",
  "PUT /api/pianificazione/contratti/:id/",
  "GET /api/pianificazione/contratti/:idContratto/compensi/",
  "POST /api/pianificazione/contratti/:idContratto/compensi/",
  "DELETE /api/pianificazione/contratti/:idContratto/compensi/:idRiga/",
  "PUT /api/pianificazione/contratti/:idContratto/compensi/:idRiga/",
  "GET /api/pianificazione/contratti/:idContratto/non-graditi/",
  "POST /api/pianificazione/contratti/:idContratto/non-graditi/",
  "DELETE /api/pianificazione/contratti/:idContratto/non-graditi/:idRiga/",
  "PUT /api/pianificazione/contratti/:idContratto/non-graditi/:idRiga/",
  "GET /api/pianificazione/contratti/:idContratto/prezzi/",
  "POST /api/pianificazione/contratti/:idContratto/prezzi/",
  "DELETE /api/pianificazione/contratti/:idContratto/prezzi/:idRiga/",
  "PUT /api/pianificazione/contratti/:idContratto/prezzi/:idRiga/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/",
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/allegati/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/allegati/:fileId/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/allegati/:fileId/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/costi/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/costi/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/costi/:idRiga/",
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/costi/:idRiga/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/dotazioni/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/dotazioni/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/dotazioni/:idRiga/",
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/dotazioni/:idRiga/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/",
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/candidati/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/consolida/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/",
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/candidati/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/consolida/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/operatori-conf/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/operatori/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/giorni/:idGiorno/turni/:idTurno/operatori/bulk/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/note-ed-allegati/",
  "POST /api/pianificazione/contratti/:idContratto/servizi/:idServizio/note-ed-allegati/",
  "DELETE /api/pianificazione/contratti/:idContratto/servizi/:idServizio/note-ed-allegati/:idRiga/",
  "PUT /api/pianificazione/contratti/:idContratto/servizi/:idServizio/note-ed-allegati/:idRiga/",
  "GET /api/pianificazione/contratti/:idContratto/servizi/:idServizio/operatori-assegnati/",
  "GET /api/pianificazione/intermittenti/",
  "POST /api/pianificazione/intermittenti/:id/comunicazione/",
  "GET /api/pianificazione/profili-regole",
  "PUT /api/pianificazione/profili-regole",
  "GET /api/pianificazione/storico-turni/",
];

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The success codes a route declares, each with a zod schema (directly or per content type). */
function declaredSuccess(r: SeenRoute): { codes: string[]; bad: string[] } {
  const response = r.schema.response ?? {};
  const codes = Object.keys(response).filter((c) => /^2\d\d$|^2XX$/.test(c));
  const bad = codes.filter((c) => {
    const s = response[c] as { content?: Record<string, { schema?: unknown }> } | undefined;
    if (s instanceof z.ZodType) return false;
    const content = s?.content;
    return !content || !Object.values(content).every((m) => m?.schema instanceof z.ZodType);
  });
  return { codes, bad };
}

describe("every /api route declares its answer", () => {
  let t: TestApp;
  const seen: SeenRoute[] = [];

  beforeAll(async () => {
    t = await withModule(routeProbe(seen), () => createTestApp(testDbKinds()[0]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const routes = () => apiRoutes(seen).filter((r) => !r.url.startsWith("/api/__probe"));

  it("sees the routes of every module", () => {
    expect(routes().length).toBeGreaterThan(100);
  });

  it("declares a zod schema for a success status code on every route", () => {
    const missing = routes()
      .filter((r) => !(key(r) in EXEMPT) && !NOT_YET.includes(key(r)))
      .filter((r) => {
        const { codes, bad } = declaredSuccess(r);
        return codes.length === 0 || bad.length > 0;
      })
      .map(key);
    expect(missing).toEqual([]);
  });

  it("keeps the list of routes not converted yet honest (each still lacks a schema, each exists)", () => {
    const byKey = new Map(routes().map((r) => [key(r), r]));
    const stale = NOT_YET.filter((k) => !byKey.has(k) || declaredSuccess(byKey.get(k) as SeenRoute).codes.length > 0);
    expect(stale).toEqual([]);
  });

  it("describes every declared answer in the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    const undocumented: string[] = [];
    for (const r of routes()) {
      if (key(r) in EXEMPT || NOT_YET.includes(key(r))) continue;
      const path = r.url.replace(/:([A-Za-z]+)/g, "{$1}");
      const op = doc.paths[path]?.[r.method.toLowerCase()];
      const ok = Object.entries(op?.responses ?? {}).some(
        ([code, v]) => code.startsWith("2") && typeof v === "object" && v !== null && "content" in v,
      );
      if (!ok) undocumented.push(key(r));
    }
    expect(undocumented).toEqual([]);
  });
});
