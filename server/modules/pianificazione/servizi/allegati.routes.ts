/**
 * A service's uploaded attachments, under /api/pianificazione/contratti/{idContratto}/servizi/{idServizio}/allegati/:
 * POST (multipart: optional `descrizione`, then `file`) stores the file as it arrives (files.ts
 * openUpload: content-checked PDF up to ALLEGATO_MAX_BYTES, JPEG/PNG/WebP up to 8 MB, owner_type `servizio`) and creates its note-ed-allegati row; GET /{fileId}/
 * downloads it (only a file of that service, else 404); DELETE /{fileId}/ removes the row and
 * the stored file. Every write has its audit entry in the same transaction. @fastify/multipart is
 * registered in this plugin's scope only.
 */

import multipart from "@fastify/multipart";
import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { FileDownload, ResultOk } from "../../../../src/domain/contracts/common";
import { OK } from "../../../../src/domain/contracts/pianificazione/fields";
import { type NotaAllegato, NotaAllegatoOut } from "../../../../src/domain/contracts/pianificazione/servizi-righe";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { AZIONI } from "../../../lib/audit";
import { contextOf } from "../../../lib/context";
import { readChild } from "../../../lib/crud";
import { notFound, validationError } from "../../../lib/errors";
import {
  deleteFileRows,
  type FileRow,
  fileTooLargeError,
  getFileRow,
  MB,
  openUpload,
  removeStoredFiles,
  sendStoredFile,
} from "../../../lib/files";
import { currentUser } from "../../../plugins/auth-guard";
import { audit, rel } from "../audit";
import { servizioScope } from "../scope";
import { noteEdAllegati, servizioParams } from "./servizi-righe.crud";

/** owner_type of the files attached to a service. */
export const SERVIZIO_FILE_OWNER = "servizio";
const CATEGORIA = "allegato";
const CONTENT_TYPE = "servizio_allegato";
const MAX_DESCRIZIONE = 5000;
/**
 * The largest attachment of a service (a PDF; images stay at 8 MB, FILE_LIMITS): 50 MB, more than
 * the 10 MB of other documents, because a service's attachments are site plans, scanned contracts
 * and manuals, and issue 36 asks that a 50 MB upload works. It costs no memory: the file goes into
 * the database a chunk at a time as it arrives (openUpload → storeFileStream).
 */
export const ALLEGATO_MAX_BYTES = 50 * MB;

const params = servizioParams;
const fileParams = params.extend({ fileId: z.string().max(64) });
const S = "/:idContratto/servizi/:idServizio/allegati";
const permissions = CAPABILITIES.contratti;
const tags = ["pianificazione"];

/** The file of that service (owned by it and linked from one of its rows), else 404. */
async function serviceFile(ex: Executor, servizioId: number, fileId: string): Promise<FileRow> {
  const file = await getFileRow(ex, fileId);
  const linked =
    file &&
    file.ownerType === SERVIZIO_FILE_OWNER &&
    file.ownerId === String(servizioId) &&
    (await queryOne(
      ex,
      sql`SELECT 1 FROM servizi_allegati WHERE servizio_id = ${servizioId} AND file_id = ${file.id}::uuid`,
    ));
  if (!file || !linked) throw notFound("File non trovato");
  return file;
}

export const allegatiRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: ALLEGATO_MAX_BYTES, files: 1, fields: 3, fieldSize: 20000, parts: 5, headerPairs: 100 },
  });

  app.post(
    `${S}/`,
    {
      config: { permissions },
      schema: { tags, params, consumes: ["multipart/form-data"], response: { 201: NotaAllegatoOut } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { idContratto, idServizio } = request.params;
      const scope = await servizioScope(app.db, idContratto, idServizio);
      const upload = await openUpload(request, { file: "file", tooLarge: () => fileTooLargeError(ALLEGATO_MAX_BYTES) });
      try {
        if (!upload.file) throw validationError({ file: "Seleziona un file da caricare" });
        const descrizione = upload.field("descrizione").trim();
        if (descrizione.length > MAX_DESCRIZIONE)
          throw validationError({ descrizione: `La descrizione può avere al massimo ${MAX_DESCRIZIONE} caratteri` });

        // The file goes in as it arrives, in this transaction: refused or interrupted, nothing is kept.
        const row = await app.db.transaction(async (tx) => {
          const stored = await upload.store(tx, app.config.dataDir, {
            ownerType: SERVIZIO_FILE_OWNER,
            ownerId: scope.servizio_id,
            categoria: CATEGORIA,
            createdBy: user.id,
            allowed: ["pdf", "image"],
            maxBytes: ALLEGATO_MAX_BYTES,
            now: app.clock(),
          });
          const inserted = await queryOne<{ id: number }>(
            tx,
            sql`INSERT INTO servizi_allegati (servizio_id, nota, file_id, created_by)
                VALUES (${scope.servizio_id}, ${descrizione}, ${stored.id}::uuid, ${user.id}) RETURNING id`,
          );
          await audit(tx, contextOf(request).actor, {
            azione: AZIONI.create,
            contentType: CONTENT_TYPE,
            objectId: inserted!.id,
            note: stored.nomeOriginale,
            related: [rel("servizio", scope.servizio_id), rel("contratto", scope.contratto_id)],
            changeLog: [
              `File: "${stored.nomeOriginale}"`,
              ...(descrizione ? [`Nota: "${descrizione.slice(0, 200)}"`] : []),
            ],
          });
          // The note-ed-allegati row, as GET …/note-ed-allegati/ answers it.
          const row = await readChild({ db: tx, clock: app.clock }, noteEdAllegati, scope.servizio_id, inserted!.id);
          return row as NotaAllegato;
        });
        return reply.code(201).send(row);
      } finally {
        upload.close();
      }
    },
  );

  app.get(
    `${S}/:fileId/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: fileParams,
        response: {
          200: FileDownload("L'allegato", ["application/pdf", "image/jpeg", "image/png", "image/webp"]),
        },
      },
    },
    async (request, reply) => {
      const { idContratto, idServizio, fileId } = request.params;
      const scope = await servizioScope(app.db, idContratto, idServizio);
      const file = await serviceFile(app.db, scope.servizio_id, fileId);
      return sendStoredFile(reply, app.config.dataDir, file);
    },
  );

  app.delete(
    `${S}/:fileId/`,
    {
      config: { permissions },
      schema: {
        tags,
        params: fileParams,
        response: { 200: ResultOk },
      },
    },
    async (request) => {
      const { idContratto, idServizio, fileId } = request.params;
      const removed = await app.db.transaction(async (tx) => {
        const scope = await servizioScope(tx, idContratto, idServizio);
        const file = await serviceFile(tx, scope.servizio_id, fileId);
        const row = await queryOne<{ id: number; nota: string }>(
          tx,
          sql`DELETE FROM servizi_allegati WHERE servizio_id = ${scope.servizio_id} AND file_id = ${file.id}::uuid
            RETURNING id, nota`,
        );
        const gone = await deleteFileRows(tx, [file.id]);
        await audit(tx, contextOf(request).actor, {
          azione: AZIONI.delete,
          contentType: CONTENT_TYPE,
          objectId: row?.id ?? null,
          note: file.nomeOriginale,
          related: [rel("servizio", scope.servizio_id), rel("contratto", scope.contratto_id)],
          changeLog: [`File: "${file.nomeOriginale}"`, ...(row?.nota ? [`Nota: "${row.nota.slice(0, 200)}"`] : [])],
        });
        return gone;
      });
      await removeStoredFiles(app.config.dataDir, removed);
      return OK;
    },
  );
};
