/** /api/fatturazione/paghe/: the payroll month's state, the presence file, the Libro Unico calendar and the settings. */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dataBody, FileDownload } from "../../../../src/domain/contracts/common";
import {
  ImpostazioniPagheData,
  ImpostazioniPagheOut,
  LibroUnicoQuery,
  MESE_NON_APPROVATO,
  PagheOut,
  PagheQuery,
} from "../../../../src/domain/contracts/fatturazione/paghe";
import { CAPABILITIES, hasAny } from "../../../../src/domain/permissions";
import { contextOf } from "../../../lib/context";
import { conflict, notFound } from "../../../lib/errors";
import { sendFile } from "../../../lib/files";
import { leggiImpostazioni } from "../fatture/impostazioni.service";
import { filePresenze } from "./file-presenze";
import { libroUnicoPdf } from "./libro-unico-pdf";
import { aggiornaImpostazioniPaghe, leggiImpostazioniPaghe } from "./paghe-impostazioni.service";
import { presenzeMese, riepilogo } from "./presenze.service";

export const OPERATORE_SENZA_PRESENZE = "Nessuna presenza dell'operatore nel mese";

export const pagheRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const tags = ["fatturazione"];
  const config = { permissions: CAPABILITIES.compensi };
  const approvato = async (mese: string) => {
    const p = await presenzeMese(app.db, mese);
    if (!p.approvato)
      throw conflict(
        MESE_NON_APPROVATO(
          mese,
          p.da_approvare.map((c) => c.titolo),
        ),
      );
    return p;
  };

  app.get("/", { config, schema: { tags, querystring: PagheQuery, response: { 200: PagheOut } } }, async (req) =>
    riepilogo(await presenzeMese(app.db, req.query.mese)),
  );
  app.get(
    "/file/",
    {
      config,
      schema: {
        tags,
        querystring: PagheQuery,
        response: { 200: FileDownload("Il file presenze per le paghe", ["text/plain", "text/csv"]) },
      },
    },
    async (req, reply) => {
      const p = await approvato(req.query.mese);
      const imp = await leggiImpostazioniPaghe(app.db);
      const csv = imp.tracciato.separatore !== "";
      return sendFile(reply, {
        data: Buffer.from(filePresenze(p, imp), "utf8"),
        mime: csv ? "text/csv" : "text/plain",
        filename: `presenze-${req.query.mese}.${csv ? "csv" : "txt"}`,
      });
    },
  );
  app.get(
    "/libro-unico/",
    {
      config,
      schema: {
        tags,
        querystring: LibroUnicoQuery,
        response: { 200: FileDownload("Il calendario presenze del Libro Unico (PDF)", ["application/pdf"]) },
      },
    },
    async (req, reply) => {
      const p = await approvato(req.query.mese);
      const trovato = p.operatori.find((x) => x.operatore_id === req.query.operatore);
      if (!trovato) throw notFound(OPERATORE_SENZA_PRESENZE);
      // The codice fiscale only for who may see the operators' personal data (as the monthly pay file).
      const o = hasAny(contextOf(req).actor.permissions, CAPABILITIES.operatoriAnagrafica)
        ? trovato
        : { ...trovato, codice_fiscale: "" };
      const imp = await leggiImpostazioniPaghe(app.db);
      const data = await libroUnicoPdf(
        req.query.mese,
        o,
        await leggiImpostazioni(app.db),
        new Map(imp.causali.map((c) => [c.causale, c.codice])),
      );
      return sendFile(reply, {
        data,
        mime: "application/pdf",
        filename: `libro-unico-${req.query.mese}-${o.matricola}.pdf`,
      });
    },
  );

  const admin = { permissions: CAPABILITIES.fatturazioneImpostazioni };
  app.get("/impostazioni/", { config: admin, schema: { tags, response: { 200: ImpostazioniPagheOut } } }, async () =>
    leggiImpostazioniPaghe(app.db),
  );
  app.put(
    "/impostazioni/",
    { config: admin, schema: { tags, body: dataBody(ImpostazioniPagheData), response: { 200: ImpostazioniPagheOut } } },
    async (req) => aggiornaImpostazioniPaghe(contextOf(req), req.body.data),
  );
};
