/**
 * A candidate's record (issue 31, the call table's records) under /api/anagrafiche/candidati/:id/,
 * for who may open the candidate's card. The office creates candidates only through the public
 * application form (candidature): the create is for other clients. The schemas: `candidatoCalls`
 * in ./record-calls.ts.
 */
import { CAPABILITIES } from "../../permissions";
import { declareRecord } from "../records";
import type { Candidato, CandidatoFields } from "./candidati";

const RECORD = CAPABILITIES.candidatiScheda;

export const candidatoRecord = declareRecord<{ record: Candidato; data: CandidatoFields }>()({
  path: "anagrafiche/candidati/",
  tag: "Candidato",
  names: { get: "candidato", create: "createCandidato", update: "updateCandidato", remove: "deleteCandidato" },
  permissions: { get: RECORD, create: RECORD, update: RECORD, remove: RECORD },
  invalidates: { update: ["List", "Log"], remove: ["List"] },
  noSpa: { create: "il back office non crea candidati: arrivano dal modulo pubblico (candidature)" },
  upsert: true,
});
