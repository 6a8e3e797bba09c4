/** /api/fatturazione/clienti/{id}/ and /contratti/{id}/: a client's FatturaPA data and its contracts' CIG / CUP. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataBody, IdParams } from "../../../../src/domain/contracts/common";
import {
  CigCupData,
  CigCupOut,
  DatiFatturaPAData,
  DatiFatturaPAOut,
} from "../../../../src/domain/contracts/fatturazione/dati-fatturapa";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { leggiDatiFatturaPA, salvaCigCup, salvaDatiFatturaPA } from "./dati-fatturapa.service";

export const clientiFatturaPARoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["fatturazione"];
  app.get(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.fatture },
      schema: { tags, params: IdParams, response: { 200: DatiFatturaPAOut } },
    },
    async (req) => leggiDatiFatturaPA(app.db, req.params.id),
  );
  app.put(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.fattureEmetti },
      schema: { tags, params: IdParams, body: dataBody(DatiFatturaPAData), response: { 200: DatiFatturaPAOut } },
    },
    async (req) => salvaDatiFatturaPA(contextOf(req), req.params.id, req.body.data),
  );
};

export const contrattiFatturaPARoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.put(
    "/:id/",
    {
      config: { permissions: CAPABILITIES.fattureEmetti },
      schema: { tags: ["fatturazione"], params: IdParams, body: dataBody(CigCupData), response: { 200: CigCupOut } },
    },
    async (req) => salvaCigCup(contextOf(req), req.params.id, req.body.data),
  );
};
