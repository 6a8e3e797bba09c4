/**
 * A CMS event's record (issue 31, the call table's records) under /api/cms/eventi/:id/ (SPEC §7
 * CMS): read by the CMS's viewers, written by its editors, deleted by its administrators. A write
 * refreshes the events' list. The schemas: `eventoCalls` in ./record-calls.ts.
 */
import { CAPABILITIES } from "../../permissions";
import { declareRecord } from "../records";
import type { Evento, EventoData } from "./eventi";

/** The events' list (the generic list at the collection's path) and its cache tag. */
export const EVENTI_LIST_PATH = "cms/eventi/";
const LIST = { type: "List", id: EVENTI_LIST_PATH } as const;

export const eventoRecord = declareRecord<{ record: Evento; data: EventoData }>()({
  path: EVENTI_LIST_PATH,
  tag: "Evento",
  names: { get: "evento", create: "createEvento", update: "updateEvento", remove: "deleteEvento" },
  permissions: {
    get: CAPABILITIES.cmsView,
    create: CAPABILITIES.cmsEdit,
    update: CAPABILITIES.cmsEdit,
    remove: CAPABILITIES.cmsAdmin,
  },
  invalidates: { create: [LIST], update: [{ type: "Evento", id: ":id" }, LIST], remove: [LIST] },
});
