/**
 * /api/anagrafiche/candidati/ — the candidates' pipeline (staff).
 *   GET  /                  list (generic engine)          erp_candidati
 *   POST /                  {data} → 201 the record        erp_candidati / erp_candidati_candidati
 *   GET/PUT/DELETE /{id}/   the record / {data} / {result:"OK"} (contracts/anagrafiche/candidati-record.ts)
 *   POST /{id}/assumi/      creates the operator → the record with operatore_id; 409 if already hired
 *   GET  /{id}/cv/          the CV (PDF), attachment
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { CandidatoOut, CandidatoRow, IdParams } from "../../../../src/domain/contracts/anagrafiche/candidati";
import { candidatoCalls } from "../../../../src/domain/contracts/anagrafiche/record-calls";
import { FileDownload } from "../../../../src/domain/contracts/common";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { sendStoredFile } from "../../../lib/files";
import { registerListRoute } from "../../../lib/list";
import { candidatiList } from "./candidati.list";
import {
  assumiCandidato,
  createCandidato,
  cvOf,
  deleteCandidato,
  getCandidato,
  updateCandidato,
} from "./candidati.service";

const tags = ["anagrafiche"];
const LIST = CAPABILITIES.candidati;
const RECORD = CAPABILITIES.candidatiScheda;

export const candidatiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  registerListRoute(app, "/", candidatiList, {
    permissions: LIST,
    tags,
    summary: "Lista candidati",
    row: CandidatoRow,
  });

  callRoutes(app, { tags }).record(candidatoCalls, {
    get: (request) => getCandidato(app.db, request.params.id),
    create: (request) => createCandidato(contextOf(request), request.body.data),
    update: (request) => updateCandidato(contextOf(request), request.params.id, request.body.data),
    remove: (request) => deleteCandidato(contextOf(request), request.params.id),
  });

  app.post(
    "/:id/assumi/",
    {
      config: { permissions: RECORD },
      schema: {
        tags,
        summary: "Assumi il candidato (crea l'operatore)",
        params: IdParams,
        response: { 200: CandidatoOut },
      },
    },
    async (request) => assumiCandidato(contextOf(request), request.params.id),
  );

  app.get(
    "/:id/cv/",
    {
      config: { permissions: RECORD },
      schema: {
        tags,
        summary: "Curriculum del candidato",
        params: IdParams,
        response: { 200: FileDownload("Il curriculum (PDF)", ["application/pdf"]) },
      },
    },
    async (request, reply) => {
      const file = await cvOf(app.db, request.params.id);
      return sendStoredFile(reply, app.config.dataDir, file);
    },
  );
};
