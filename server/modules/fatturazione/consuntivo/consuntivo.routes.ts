/** /api/fatturazione/consuntivo/: the Consuntivo list, its state, corrections and the month's approval. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataBody } from "../../../../src/domain/contracts/common";
import {
  ApprovazioneData,
  ConsuntivoQuery,
  ConsuntivoRow,
  ConsuntivoStatoOut,
  RettificaData,
  RettificaOut,
} from "../../../../src/domain/contracts/fatturazione/consuntivo";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerListRoute } from "../../../lib/list";
import { consuntivoList } from "./consuntivo.list";
import { approvaMese, rettifica, statoConsuntivo } from "./consuntivo.service";

export const consuntivoRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["fatturazione"];
  registerListRoute(app, "/", consuntivoList, { permissions: CAPABILITIES.consuntivo, tags, row: ConsuntivoRow });

  app.get(
    "/stato/",
    {
      config: { permissions: CAPABILITIES.consuntivo },
      schema: { tags, querystring: ConsuntivoQuery, response: { 200: ConsuntivoStatoOut } },
    },
    async (req) => statoConsuntivo(contextOf(req), req.query.contratto, req.query.mese),
  );

  app.post(
    "/rettifiche/",
    {
      config: { permissions: CAPABILITIES.consuntivo },
      schema: { tags, body: dataBody(RettificaData), response: { 201: RettificaOut } },
    },
    async (req, reply) => reply.code(201).send(await rettifica(contextOf(req), req.body.data)),
  );

  app.post(
    "/approvazioni/",
    {
      config: { permissions: CAPABILITIES.consuntivoApprova },
      schema: { tags, body: dataBody(ApprovazioneData), response: { 200: ConsuntivoStatoOut } },
    },
    async (req) => approvaMese(contextOf(req), req.body.data),
  );
};
