/**
 * A client's record (issue 31, the call table's records) under /api/anagrafiche/clienti/:id/:
 * read by who handles clients or contracts (the contracts' pickers), written by who handles
 * clients. A save answers the record with the geocoding's warnings; the SPA keeps the answer as
 * the record. The schemas: `clienteCalls` in ./record-calls.ts.
 */
import { CAPABILITIES } from "../../permissions";
import { declareRecord } from "../records";
import type { Cliente, ClienteFields, ClienteSaved } from "./clienti";

const READ = [...new Set([...CAPABILITIES.clienti, ...CAPABILITIES.contratti])];
const WRITE = CAPABILITIES.clienti;

export const clienteRecord = declareRecord<{ record: Cliente; saved: ClienteSaved; data: ClienteFields }>()({
  path: "anagrafiche/clienti/",
  tag: "Cliente",
  names: { get: "cliente", create: "createCliente", update: "updateCliente", remove: "deleteCliente" },
  permissions: { get: READ, create: WRITE, update: WRITE, remove: WRITE },
  invalidates: { create: ["List", "Cliente"], update: ["List", "Log"], remove: ["List", "Cliente"] },
  upsert: true,
});
