/**
 * /api/anagrafiche/candidati/ — the candidates' pipeline (staff).
 *   GET  /                  list (generic engine)          erp_candidati
 *   POST /                  {data} → 201 the record        erp_candidati / erp_candidati_candidati
 *   GET/PUT/DELETE /{id}/   the record / {data} / {result:"OK"}
 *   POST /{id}/assumi/      creates the operator → the record with operatore_id; 409 if already hired
 *   GET  /{id}/cv/          the CV (PDF), attachment
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { sendStoredFile } from "../../../lib/files";
import { registerListRoute } from "../../../lib/list";
import { candidatiList } from "./candidati.list";
import { CandidatoData, CandidatoOut, IdParams, ResultOk } from "./candidati.schema";
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

  registerListRoute(app, "/", candidatiList, { permissions: LIST, tags, summary: "Lista candidati" });

  app.post(
    "/",
    {
      config: { permissions: RECORD },
      schema: {
        tags,
        summary: "Nuovo candidato",
        body: z.object({ data: CandidatoData }),
        response: { 201: CandidatoOut },
      },
    },
    async (request, reply) => reply.code(201).send(await createCandidato(contextOf(request), request.body.data)),
  );

  app.get(
    "/:id/",
    {
      config: { permissions: RECORD },
      schema: { tags, summary: "Scheda candidato", params: IdParams, response: { 200: CandidatoOut } },
    },
    async (request) => getCandidato(app.db, request.params.id),
  );

  app.put(
    "/:id/",
    {
      config: { permissions: RECORD },
      schema: {
        tags,
        summary: "Modifica candidato",
        params: IdParams,
        body: z.object({ data: CandidatoData }),
        response: { 200: CandidatoOut },
      },
    },
    async (request) => updateCandidato(contextOf(request), request.params.id, request.body.data),
  );

  app.delete(
    "/:id/",
    {
      config: { permissions: RECORD },
      schema: { tags, summary: "Elimina candidato", params: IdParams, response: { 200: ResultOk } },
    },
    async (request) => {
      await deleteCandidato(contextOf(request), request.params.id);
      return { result: "OK" as const };
    },
  );

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
    { config: { permissions: RECORD }, schema: { tags, summary: "Curriculum del candidato", params: IdParams } },
    async (request, reply) => {
      const file = await cvOf(app.db, request.params.id);
      return sendStoredFile(reply, app.config.dataDir, file);
    },
  );
};
