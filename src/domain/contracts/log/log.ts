/** The contract of /api/log/: the audit trail's entries (list engine) and the content types present. */
import { z } from "zod";

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

/** GET /api/log/content-types/: the content types present, with their Italian names. */
export const ContentTypesOut = z.array(z.object({ id: z.string(), descrizione: z.string() }));
export type ContentType = z.infer<typeof ContentTypesOut>[number];
