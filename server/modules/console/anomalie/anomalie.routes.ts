/**
 * /api/comunicazioni/anomalie/ — anomalies detected by the server (erp_anomalie and the admins).
 *   GET  /             the list (AnomaliaList): new first; kind, state, operator, client, period; export
 *   GET  /{id}/        the anomaly with its shift and check-ins
 *   PUT  /{id}/        {data: {stato?, note?}} (audited; only what it names; the user handles it)
 *   POST /{id}/letto/  marks it read by the signed-in user (audited; idempotent): it leaves the
 *                      header's notifications
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { IdParams } from "../../../../src/domain/contracts/common";
import {
  AnomaliaLettaOut,
  AnomaliaOut,
  AnomaliaRow,
  AnomaliaUpdateBody,
} from "../../../../src/domain/contracts/console/anomalie";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { registerListRoute } from "../../../lib/list";
import { anomalieList } from "./anomalie.list";
import { getAnomalia, segnaLetta, updateAnomalia } from "./anomalie.service";

const tags = ["comunicazioni"];
const PERMS = CAPABILITIES.anomalie;

export const anomalieRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  registerListRoute(app, "/", anomalieList, { permissions: PERMS, tags, summary: "Lista anomalie", row: AnomaliaRow });

  app.get(
    "/:id/",
    {
      config: { permissions: PERMS },
      schema: { tags, summary: "Anomalia con turno e timbrature", params: IdParams, response: { 200: AnomaliaOut } },
    },
    async (request) => getAnomalia(contextOf(request), request.params.id),
  );

  app.put(
    "/:id/",
    {
      config: { permissions: PERMS },
      schema: {
        tags,
        summary: "Cambia stato o note",
        params: IdParams,
        body: AnomaliaUpdateBody,
        response: { 200: AnomaliaOut },
      },
    },
    async (request) => updateAnomalia(contextOf(request), request.params.id, request.body.data),
  );

  app.post(
    "/:id/letto/",
    {
      config: { permissions: PERMS },
      schema: { tags, summary: "Segna l'anomalia come letta", params: IdParams, response: { 200: AnomaliaLettaOut } },
    },
    async (request) => segnaLetta(contextOf(request), request.params.id),
  );
};
