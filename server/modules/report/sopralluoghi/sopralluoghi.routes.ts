/** /api/report/sopralluoghi/ (administrators): the list (the sopralluoghi report), save one, read one. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataBody, FileDownload, IdParams } from "../../../../src/domain/contracts/common";
import {
  SopralluogoData,
  SopralluogoOut,
  SopralluogoRow,
  SopralluogoSavedOut,
} from "../../../../src/domain/contracts/report/sopralluoghi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { sendFile } from "../../../lib/files";
import { registerListRoute } from "../../../lib/list";
import { sopralluoghiList } from "./sopralluoghi.list";
import { createSopralluogo, getSopralluogo } from "./sopralluoghi.service";
import { sopralluogoPdf } from "./sopralluogo-pdf";

export const sopralluoghiRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const permissions = CAPABILITIES.sopralluoghi;
  const tags = ["report"];
  registerListRoute(base, "/", sopralluoghiList, { permissions, tags, row: SopralluogoRow });
  app.post(
    "/",
    {
      config: { permissions },
      schema: { tags, body: dataBody(SopralluogoData), response: { 201: SopralluogoSavedOut } },
    },
    async (request, reply) => reply.code(201).send(await createSopralluogo(contextOf(request), request.body.data)),
  );
  app.get(
    "/:id/",
    { config: { permissions }, schema: { tags, params: IdParams, response: { 200: SopralluogoOut } } },
    async (request) => getSopralluogo(contextOf(request), request.params.id),
  );
  app.get(
    "/:id/pdf/",
    {
      config: { permissions },
      schema: {
        tags,
        params: IdParams,
        response: { 200: FileDownload("Il verbale del sopralluogo (PDF)", ["application/pdf"]) },
      },
    },
    async (request, reply) => {
      const x = await getSopralluogo(contextOf(request), request.params.id);
      return sendFile(reply, {
        data: await sopralluogoPdf(x),
        mime: "application/pdf",
        filename: `sopralluogo-${x.id}.pdf`,
      });
    },
  );
};
