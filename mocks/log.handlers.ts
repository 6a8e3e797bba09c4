/** /api/log/: the audit trail's list (LogList over the fixture's entries) and its content types. */
import { HttpResponse, http } from "msw";
import { LogList } from "../src/domain/contracts/log/log";
import { api } from "./http";
import { listHandler } from "./list";
import { db } from "./store";

export const logHandlers = [
  listHandler("log/list/", LogList, () => db.log),
  http.get(api("log/content-types/"), () => HttpResponse.json(db.contentTypes)),
];
