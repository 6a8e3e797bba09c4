/** The contract of /api/log/: the audit trail's entries (list engine) and the content types present. */
import { z } from "zod";
import { declareList } from "../list";

/** SPEC §3 Log entry: a row of GET /api/log/list/. */
export const LogEntryRow = z.object({
  id: z.number(),
  azione: z.string(),
  /** 'YYYY-MM-DD HH:mm:ss' (Europe/Rome). */
  data_ora: z.string(),
  utente: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }).nullable(),
  note: z.string().nullable(),
  content_type: z.string(),
  object_id: z.string().nullable(),
  /** The other objects the entry concerns (e.g. the client of a site); keys in jsonb's order. */
  related: z.array(z.object({ object_id: z.string().optional(), content_type: z.string() })).nullable(),
  dati: z.object({ change_log: z.array(z.string()) }),
});
export type LogEntry = z.infer<typeof LogEntryRow>;

/**
 * The list of GET /api/log/list/ (also: content_type, object_id, only_related=true — the entries
 * whose `related` names the object —, show_related=true — its own entries and those).
 */
export const LogList = declareList({
  name: "log",
  title: "Registro delle modifiche",
  fields: {
    id: { label: "ID", type: "integer", sortable: true, exportable: false },
    azione: { label: "Azione", type: "text", sortable: true, global: true, groupable: true, filter: "eq" },
    data_ora: { label: "Data", type: "datetime", sortable: true, filter: "range" },
    /** Text in exports; in JSON {first_name, last_name}. */
    utente: { label: "Operatore", type: "text", sortable: true, global: true, groupable: true },
    utente_id: { label: "ID utente", type: "integer", filter: "eq", exportable: false },
    note: { label: "Note", type: "text", global: true },
    content_type: { label: "Tipo", type: "text", sortable: true, groupable: true },
    object_id: { label: "Oggetto", type: "text" },
    /** Lines in exports; in JSON under dati.change_log. */
    change_log: { label: "Changelog", type: "lines" },
  },
  defaultOrder: [{ field: "data_ora", asc: false }],
});

/** GET /api/log/content-types/: the content types present, with their Italian names. */
export const ContentTypesOut = z.array(z.object({ id: z.string(), descrizione: z.string() }));
export type ContentType = z.infer<typeof ContentTypesOut>[number];
