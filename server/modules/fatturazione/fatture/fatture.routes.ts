/** /api/fatturazione/fatture/ and /impostazioni/: invoices (drafts, issue, credit note, XML, PDF) and the company's data. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataBody, FileDownload, IdParams, ResultOk } from "../../../../src/domain/contracts/common";
import {
  BozzeData,
  BozzeOut,
  FatturaOut,
  FatturaRow,
  ImpostazioniData,
  ImpostazioniOut,
  ZipQuery,
} from "../../../../src/domain/contracts/fatturazione/fatture";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { sendFile } from "../../../lib/files";
import { registerListRoute } from "../../../lib/list";
import { fatturaPdf } from "./fattura-pdf";
import { fattureList } from "./fatture.list";
import { creaBozze, eliminaBozza, emetti, leggiFattura, notaDiCredito, xmlFattura, zipMese } from "./fatture.service";
import { aggiornaImpostazioni, leggiImpostazioni } from "./impostazioni.service";

export const fattureRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["fatturazione"];
  const leggere = { permissions: CAPABILITIES.fatture };
  const emettere = { permissions: CAPABILITIES.fattureEmetti };
  registerListRoute(app, "/", fattureList, { permissions: CAPABILITIES.fatture, tags, row: FatturaRow });

  app.post(
    "/bozze/",
    { config: leggere, schema: { tags, body: dataBody(BozzeData), response: { 200: BozzeOut } } },
    async (req) => creaBozze(contextOf(req), req.body.data),
  );
  app.get(
    "/zip/",
    {
      config: leggere,
      schema: {
        tags,
        querystring: ZipQuery,
        response: {
          200: FileDownload("Le fatture emesse nel mese (zip di XML) per l'intermediario SdI", ["application/zip"]),
        },
      },
    },
    async (req, reply) => {
      const z = await zipMese(app.db, req.query.mese);
      return sendFile(reply, { data: z.data, mime: "application/zip", filename: z.filename });
    },
  );
  app.get(
    "/:id/",
    { config: leggere, schema: { tags, params: IdParams, response: { 200: FatturaOut } } },
    async (req) => leggiFattura(app.db, req.params.id),
  );
  app.delete(
    "/:id/",
    { config: leggere, schema: { tags, params: IdParams, response: { 200: ResultOk } } },
    async (req) => {
      await eliminaBozza(contextOf(req), req.params.id);
      return { result: "OK" as const };
    },
  );
  app.post(
    "/:id/emetti/",
    { config: emettere, schema: { tags, params: IdParams, response: { 200: FatturaOut } } },
    async (req) => emetti(contextOf(req), req.params.id),
  );
  app.post(
    "/:id/nota-di-credito/",
    { config: emettere, schema: { tags, params: IdParams, response: { 201: FatturaOut } } },
    async (req, reply) => reply.code(201).send(await notaDiCredito(contextOf(req), req.params.id)),
  );
  app.get(
    "/:id/xml/",
    {
      config: leggere,
      schema: {
        tags,
        params: IdParams,
        response: { 200: FileDownload("Il file FatturaPA (XML)", ["application/xml"]) },
      },
    },
    async (req, reply) => {
      const f = await xmlFattura(app.db, req.params.id);
      return sendFile(reply, { data: Buffer.from(f.xml, "utf8"), mime: "application/xml", filename: f.nome_file });
    },
  );
  app.get(
    "/:id/pdf/",
    {
      config: leggere,
      schema: {
        tags,
        params: IdParams,
        response: { 200: FileDownload("La copia di cortesia (PDF)", ["application/pdf"]) },
      },
    },
    async (req, reply) => {
      const f = await xmlFattura(app.db, req.params.id);
      const data = await fatturaPdf(await leggiFattura(app.db, req.params.id), await leggiImpostazioni(app.db));
      return sendFile(reply, { data, mime: "application/pdf", filename: f.nome_file.replace(/\.xml$/, ".pdf") });
    },
  );
};

export const impostazioniRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["fatturazione"];
  const config = { permissions: CAPABILITIES.fatturazioneImpostazioni };
  app.get("/", { config, schema: { tags, response: { 200: ImpostazioniOut } } }, async () => leggiImpostazioni(app.db));
  app.put(
    "/",
    { config, schema: { tags, body: dataBody(ImpostazioniData), response: { 200: ImpostazioniOut } } },
    async (req) => aggiornaImpostazioni(contextOf(req), req.body.data),
  );
};
