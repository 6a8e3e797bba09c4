/**
 * The records' calls of cms (issue 31): each record's declaration (eventi-record.ts) with its schemas —
 * what the server's routes, the mocks, the contract samples and the calls test read. The SPA never
 * imports this file (it derives its endpoints from the declarations alone, without zod).
 */
import { dataBody } from "../common";
import { recordCalls } from "../record-calls";
import { updateSchema } from "../update-schema";
import { EventoData, EventoOut } from "./eventi";
import { eventoRecord } from "./eventi-record";

/** ./eventi-record.ts with its schemas. */
export const eventoCalls = recordCalls(eventoRecord, {
  answer: EventoOut,
  create: dataBody(EventoData),
  update: dataBody(updateSchema(EventoData)),
  summaries: { get: "Scheda evento", create: "Nuovo evento", update: "Modifica evento", remove: "Elimina evento" },
});
