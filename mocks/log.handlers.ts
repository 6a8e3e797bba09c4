/** /api/log/: the audit trail's list (LogList over the fixture's entries), a shift's and an alarm's own entries, the content types. */
import { HttpResponse, http } from "msw";
import { LogList } from "../src/domain/contracts/log/log";
import { api } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

export const logHandlers = [
  listHandler("log/list/", LogList, () => db.log),
  listHandler("log/turno/:id/", LogList, (params) =>
    db.log.filter((e) => e.content_type === "turno" && String(e.object_id) === String(params.id)),
  ),
  listHandler("log/allarme/:id/", LogList, (params) =>
    db.log.filter((e) => e.content_type === "allarme" && String(e.object_id) === String(params.id)),
  ),
  http.get(api("log/content-types/"), () => HttpResponse.json(db.contentTypes)),
];
