/**
 * The office's side of guard tours (issue 34) under /api/pianificazione/contratti/:id/servizi/:subId/:
 *   GET punti-ronda/qr/   the printable QR sheet (PDF)
 *   GET ronde/?giorno=    the rounds of a day (noon to noon) with state, times and points
 * The checkpoints and plans themselves are child tables: ./ronde.crud.ts.
 */
import type { FastifyPluginAsync } from "fastify";
import { rondeCalls as calls } from "../../../../src/domain/contracts/pianificazione/ronde/calls";
import { callRoutes } from "../../../lib/calls";
import { contextOf } from "../../../lib/context";
import { sendFile } from "../../../lib/files";
import { foglioQr, rondeServizio } from "./ronde.service";

export const rondeRoutes: FastifyPluginAsync = async (app) => {
  const route = callRoutes(app, { tags: ["pianificazione"] });
  route.call(calls.foglioQrRonda, async (request, reply) =>
    sendFile(reply, await foglioQr(contextOf(request), request.params.id, request.params.subId)),
  );
  route.call(calls.rondeServizio, (request) =>
    rondeServizio(contextOf(request), request.params.id, request.params.subId, request.query.giorno),
  );
};
