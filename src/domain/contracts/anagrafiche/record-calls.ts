/**
 * The records' calls of anagrafiche (issue 31): each record's declaration (clienti-record.ts, candidati-record.ts, operatori-record.ts) with its schemas —
 * what the server's routes, the mocks, the contract samples and the calls test read. The SPA never
 * imports this file (it derives its endpoints from the declarations alone, without zod).
 */
import { dataBody } from "../common";
import { recordCalls } from "../record-calls";
import { CandidatoData, CandidatoOut } from "./candidati";
import { candidatoRecord } from "./candidati-record";
import { ClienteData, ClienteOut, ClienteSavedOut } from "./clienti";
import { clienteRecord } from "./clienti-record";
import { OperatoreBody, OperatoreGetOut, OperatoreRecordOut, recordQuery } from "./operatori";
import { operatoreRecord } from "./operatori-record";

/** ./clienti-record.ts with its schemas. */
export const clienteCalls = recordCalls(clienteRecord, {
  answer: ClienteOut,
  saved: ClienteSavedOut,
  create: dataBody(ClienteData),
  update: dataBody(ClienteData),
  summaries: { get: "Scheda cliente", create: "Nuovo cliente", update: "Modifica cliente", remove: "Elimina cliente" },
});

/** ./candidati-record.ts with its schemas. */
export const candidatoCalls = recordCalls(candidatoRecord, {
  answer: CandidatoOut,
  create: dataBody(CandidatoData),
  update: dataBody(CandidatoData),
  summaries: {
    get: "Scheda candidato",
    create: "Nuovo candidato",
    update: "Modifica candidato",
    remove: "Elimina candidato",
  },
});

/** ./operatori-record.ts with its schemas. */
export const operatoreCalls = recordCalls(operatoreRecord, {
  answer: OperatoreGetOut,
  saved: OperatoreRecordOut,
  query: recordQuery,
  create: OperatoreBody,
  update: OperatoreBody,
  summaries: {
    get: "Scheda operatore (o la sua vista rapida)",
    create: "Nuovo operatore",
    update: "Modifica operatore",
    remove: "Elimina operatore",
  },
});
