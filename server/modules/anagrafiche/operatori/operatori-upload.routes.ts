/**
 * POST /api/anagrafiche/operatori/{id}/files/ — multipart upload of one file after the fields
 * `categoria` (foto_primo_piano | foto_busto | foto_intera | foto_profilo | curriculum |
 * documento | corso) and, for documento/corso, `ref_id` (the document's or course's id).
 * Photos: images only (8 MB); curriculum: PDF (10 MB); documents and courses: image or PDF.
 * The file replaces the previous one of that slot (deleted). Answers 201 {id, url, nome, mime,
 * categoria, ref_id}. Photos and CV need the anagrafica permission, documents and courses the
 * documenti-corsi one. The file goes into the database as it arrives (files.ts openUpload), in the
 * transaction that links it. @fastify/multipart is registered in this plugin's scope only.
 */
import multipart from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { FIELD_LABELS } from "../../../../src/domain/contracts/anagrafiche/operatore-fields";
import { type FileRef, idParams, UploadedFileOut } from "../../../../src/domain/contracts/anagrafiche/operatori";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { operatori, operatoriCorsi, operatoriDocumenti } from "../../../db/schema/anagrafiche-operatori";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { forbidden, notFound, validationError } from "../../../lib/errors";
import { deleteFileRows, type FileKind, MAX_UPLOAD_BYTES, openUpload, removeStoredFiles } from "../../../lib/files";
import { currentUser } from "../../../plugins/auth-guard";
import { can } from "./access";
import { fileRefs } from "./file-refs";
import { CONTENT_TYPE, getOperatoreRow } from "./operatori.service";

const PHOTO_FIELDS = ["foto_primo_piano", "foto_busto", "foto_intera", "foto_profilo"] as const;
type Slot = (typeof PHOTO_FIELDS)[number] | "curriculum" | "documento" | "corso";
const SLOTS: readonly Slot[] = [...PHOTO_FIELDS, "curriculum", "documento", "corso"];

const ALLOWED: Record<Slot, FileKind[]> = {
  foto_primo_piano: ["image"],
  foto_busto: ["image"],
  foto_intera: ["image"],
  foto_profilo: ["image"],
  curriculum: ["pdf"],
  documento: ["image", "pdf"],
  corso: ["image", "pdf"],
};

export const operatoriUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1000, parts: 10, headerPairs: 100 },
  });

  app.post(
    "/:id/files/",
    {
      config: {
        permissions: [...new Set([...CAPABILITIES.operatoriAnagrafica, ...CAPABILITIES.operatoriDocumentiCorsi])],
      },
      schema: {
        tags: ["anagrafiche"],
        params: idParams,
        consumes: ["multipart/form-data"],
        response: { 201: UploadedFileOut },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const id = request.params.id;
      const upload = await openUpload(request);
      try {
        const slot = upload.field("categoria") as Slot;
        if (!SLOTS.includes(slot)) throw validationError({ categoria: "Categoria non valida" });
        if (!upload.file) throw validationError({ file: "Seleziona un file da caricare" });
        const tab = slot === "documento" || slot === "corso" ? "operatoriDocumentiCorsi" : "operatoriAnagrafica";
        if (!can(user, tab)) throw forbidden();

        const op = await getOperatoreRow(app.db, id);
        const refTable = slot === "documento" ? operatoriDocumenti : slot === "corso" ? operatoriCorsi : null;
        let refId: number | null = null;
        let previous: string | null = null;
        if (refTable) {
          refId = Number(upload.field("ref_id"));
          if (!Number.isInteger(refId) || refId <= 0)
            throw validationError({ ref_id: "Indica il documento o il corso" });
          const [ref] = await app.db
            .select({ file_id: refTable.file_id })
            .from(refTable)
            .where(and(eq(refTable.id, refId), eq(refTable.operatore_id, id)));
          if (!ref) throw notFound(slot === "documento" ? "Documento non trovato" : "Corso non trovato");
          previous = ref.file_id;
        } else {
          previous = op[slot as (typeof PHOTO_FIELDS)[number] | "curriculum"];
        }

        // The file goes in as it arrives, in this transaction: refused or interrupted, nothing is kept.
        const { row, removed } = await app.db.transaction(async (tx) => {
          const stored = await upload.store(tx, app.config.dataDir, {
            ownerType: CONTENT_TYPE,
            ownerId: id,
            categoria: slot,
            createdBy: user.id,
            allowed: ALLOWED[slot],
            now: app.clock(),
          });
          if (refTable && refId) {
            await tx.update(refTable).set({ file_id: stored.id }).where(eq(refTable.id, refId));
          } else {
            await tx
              .update(operatori)
              .set({ [slot]: stored.id, updated_at: app.clock() })
              .where(eq(operatori.id, id));
          }
          const gone = previous ? await deleteFileRows(tx, [previous]) : [];
          const label = refTable
            ? slot === "documento"
              ? "File del documento"
              : "File del corso"
            : FIELD_LABELS[slot as keyof typeof FIELD_LABELS];
          await writeAudit(tx, {
            azione: AZIONI.update,
            contentType: refTable ? `operatore_${slot}` : CONTENT_TYPE,
            objectId: refId ?? id,
            utenteId: user.id,
            note: `${op.cognome} ${op.nome}`,
            related: refTable ? [{ content_type: CONTENT_TYPE, object_id: id }] : [],
            changeLog: [`${label}: "${gone[0]?.nomeOriginale ?? "—"}" → "${stored.nomeOriginale}"`],
            ip: request.ip,
          });
          return { row: stored, removed: gone };
        });
        await removeStoredFiles(app.config.dataDir, removed);
        const ref = (await fileRefs(app.db, [row.id])).get(row.id);
        return reply.code(201).send({ ...(ref as FileRef), categoria: slot, ref_id: refId });
      } finally {
        upload.close();
      }
    },
  );
};
