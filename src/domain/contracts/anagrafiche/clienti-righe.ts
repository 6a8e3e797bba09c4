/**
 * A client's child tables (issue 31, the call table's children): its sites (with the geocoding's
 * warnings in the answer of a save) and its contacts, under /api/anagrafiche/clienti/:id/. They
 * come with the client's record (no list route); a save or a delete refreshes the record. The
 * server's SQL and audit: server/modules/anagrafiche/clienti/clienti-righe.crud.ts.
 */
import { CAPABILITIES } from "../../permissions";
import { declareChild } from "../children";
import { IdParams, SubParams } from "../common";
import { ContattoData, ContattoOut, SedeData, SedeOut, SedeSavedOut } from "./clienti";

const ofCliente = {
  item: "subId",
  params: IdParams,
  itemParams: SubParams,
  permissions: CAPABILITIES.clienti,
  list: false,
  parentTag: { type: "Cliente", id: ":id" },
} as const;

export const sediCliente = declareChild({
  ...ofCliente,
  path: "anagrafiche/clienti/:id/sedi/",
  create: SedeData,
  update: SedeData,
  row: SedeOut,
  saved: SedeSavedOut,
  summaries: { create: "Nuova sede", update: "Modifica sede", remove: "Elimina sede" },
  save: "saveClienteSede",
  remove: "deleteClienteSede",
});

export const contattiCliente = declareChild({
  ...ofCliente,
  path: "anagrafiche/clienti/:id/contatti/",
  create: ContattoData,
  update: ContattoData,
  row: ContattoOut,
  summaries: { create: "Nuovo contatto", update: "Modifica contatto", remove: "Elimina contatto" },
  save: "saveClienteContatto",
  remove: "deleteClienteContatto",
});
