/**
 * A contract's record (issue 31, the call table's records) under /api/pianificazione/contratti/:id/
 * (SPEC §7 'Planning'), for who plans contracts. A write refreshes the record, the lists and the
 * planning screens' list of contracts (`{Contratto: "LIST"}`). The schemas: `contrattoCalls` in
 * ./record-calls.ts.
 */
import { CAPABILITIES } from "../../permissions";
import { declareRecord } from "../records";
import type { Contratto } from "./contratti";

/** The body of a contract save: the client by id, empty strings already turned into null. */
export type ContrattoInput = Omit<Contratto, "id" | "cliente"> & { cliente: number | null };

const permissions = CAPABILITIES.contratti;
const LIST = { type: "Contratto", id: "LIST" } as const;

export const contrattoRecord = declareRecord<{ record: Contratto; data: ContrattoInput }>()({
  path: "pianificazione/contratti/",
  tag: "Contratto",
  names: { get: "contratto", create: "createContratto", update: "updateContratto", remove: "deleteContratto" },
  permissions: { get: permissions, create: permissions, update: permissions, remove: permissions },
  invalidates: {
    create: [LIST, "List"],
    update: [{ type: "Contratto", id: ":id" }, "List"],
    remove: [{ type: "Contratto", id: ":id" }, LIST, "List"],
  },
});
