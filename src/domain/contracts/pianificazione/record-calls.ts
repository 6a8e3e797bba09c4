/**
 * The records' calls of pianificazione (issue 31): each record's declaration (contratti-record.ts) with its schemas —
 * what the server's routes, the mocks, the contract samples and the calls test read. The SPA never
 * imports this file (it derives its endpoints from the declarations alone, without zod).
 */

import { recordCalls } from "../record-calls";
import { ContrattoOut, contrattoCreate, contrattoUpdate } from "./contratti";
import { contrattoRecord } from "./contratti-record";
import { wrap } from "./fields";

/** ./contratti-record.ts with its schemas. */
export const contrattoCalls = recordCalls(contrattoRecord, {
  answer: ContrattoOut,
  create: wrap(contrattoCreate),
  update: wrap(contrattoUpdate),
  summaries: {
    get: "Scheda contratto",
    create: "Nuovo contratto",
    update: "Modifica contratto",
    remove: "Elimina contratto",
  },
});
