/**
 * msw handlers for generic lists: `createListHandler(path, rows, def)` answers the list and its
 * export with the server's parameters (mocks/list-engine.ts). `listHandlers` mocks the demo
 * operators list (`GET /api/anagrafiche/operatori/`) over fixtures.
 */
import { HttpResponse, http } from "msw";
import { OPERATORI_FIXTURE, type OperatoreRow, operatoriListDef } from "./fixtures/list-operatori";
import { type MockListDef, runMockExport, runMockList } from "./list-engine";

/** A handler for `GET /api/<path>` (list, or export when `file_type` is given). */
export function createListHandler<R>(path: string, rows: readonly R[] | (() => readonly R[]), def: MockListDef<R>) {
  const url = `*/api/${path.replace(/^\/+/, "").replace(/^api\//, "")}`;
  return http.get(url, ({ request }) => {
    const query = new URL(request.url).searchParams;
    const data = typeof rows === "function" ? rows() : rows;
    const answer = query.has("file_type") ? runMockExport(data, query, def) : runMockList(data, query, def);
    if (typeof answer.body === "string") {
      return new HttpResponse(answer.body, { status: answer.status, headers: answer.headers });
    }
    return HttpResponse.json(answer.body as Record<string, unknown>, {
      status: answer.status,
      headers: answer.headers,
    });
  });
}

export const listHandlers = [
  createListHandler<OperatoreRow>("anagrafiche/operatori/", OPERATORI_FIXTURE, operatoriListDef),
];
