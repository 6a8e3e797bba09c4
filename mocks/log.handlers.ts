/**
 * msw handlers of the log API: `GET /api/log/list/` (content_type, object_id, only_related,
 * show_related, azione, data_ora range and the generic list parameters) and
 * `GET /api/log/content-types/`.
 */
import { HttpResponse, http } from "msw";
import { LOG_FIXTURE, type MockLogEntry } from "./fixtures/log-entries";
import { createListHandler } from "./list.handlers";
import type { MockListDef } from "./list-engine";

function isRelated(e: MockLogEntry, contentType: string, objectId: string | null): boolean {
  return e.related.some((r) => r.content_type === contentType && (objectId === null || r.object_id === objectId));
}

function own(e: MockLogEntry, contentType: string, objectId: string | null): boolean {
  return e.content_type === contentType && (objectId === null || e.object_id === objectId);
}

export const logListDef: MockListDef<MockLogEntry> = {
  name: "log",
  labels: { azione: "Azione", data_ora: "Data", utente: "Operatore", note: "Note", change_log: "Changelog" },
  global: ["azione", "note", "utente", "change_log"],
  sortable: ["azione", "data_ora", "utente"],
  filters: { azione: "eq", data_ora: "range" },
  groupable: { azione: [], content_type: [] },
  read: {
    utente: (e) => (e.utente ? `${e.utente.first_name} ${e.utente.last_name}` : ""),
    change_log: (e) => e.dati.change_log.join("\n"),
  },
  defaultOrder: { field: "data_ora", asc: false },
  where: (e, q) => {
    const contentType = q.get("content_type");
    if (!contentType) return true;
    const objectId = q.get("object_id");
    if (q.get("only_related") === "true") return isRelated(e, contentType, objectId);
    if (q.get("show_related") === "true") return own(e, contentType, objectId) || isRelated(e, contentType, objectId);
    return own(e, contentType, objectId);
  },
};

export const logHandlers = [
  createListHandler("log/list/", LOG_FIXTURE, logListDef),
  http.get("*/api/log/content-types/", () =>
    HttpResponse.json(
      [...new Set(LOG_FIXTURE.map((e) => e.content_type))]
        .sort()
        .map((id) => ({ id, descrizione: id.charAt(0).toUpperCase() + id.slice(1) })),
    ),
  ),
];
