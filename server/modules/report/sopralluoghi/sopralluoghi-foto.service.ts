/**
 * The photos of a site inspection: files of owner 'sopralluogo' (server/lib/files.ts — checked by
 * content, images only, re-encoded without metadata, the same path as the ticket photo of the
 * Console), at most MAX_FOTO_SOPRALLUOGO each; every add and removal audited in its transaction.
 */
import { sql } from "drizzle-orm";
import { type FotoSopralluogo, MAX_FOTO_SOPRALLUOGO } from "../../../../src/domain/contracts/report/sopralluoghi";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { deleteFileRows, type FileRow, getFileRow, removeStoredFiles, storeFile } from "../../../lib/files";

export const OWNER_SOPRALLUOGO = "sopralluogo";
export const FOTO_NON_TROVATA = "Foto non trovata";

/** The photos of one inspection, in the order they were added. */
export function fotoDelSopralluogo(ex: Executor, id: number): Promise<FotoSopralluogo[]> {
  return queryRows<FotoSopralluogo>(
    ex,
    sql`SELECT f.id::text AS id, f.nome_originale AS nome, f.mime, f.dimensione FROM files f
         WHERE f.owner_type = ${OWNER_SOPRALLUOGO} AND f.owner_id = ${String(id)}
         ORDER BY f.created_at, f.nome_originale, f.id`,
  );
}

/** Adds a photo (multipart field `foto`); 404 without the inspection, 409 past the limit. */
export async function addFotoSopralluogo(
  ctx: AppContext,
  id: number,
  file: { filename: string; data: Buffer } | null,
): Promise<void> {
  if (!file) throw validationError({ foto: "Seleziona una foto da caricare" });
  const written: FileRow[] = [];
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await queryOne(tx, sql`SELECT 1 FROM sopralluoghi WHERE id = ${id} FOR UPDATE`)))
        throw notFound("Sopralluogo non trovato");
      const n = (await fotoDelSopralluogo(tx, id)).length;
      if (n >= MAX_FOTO_SOPRALLUOGO) throw conflict(`Un sopralluogo può avere al massimo ${MAX_FOTO_SOPRALLUOGO} foto`);
      const stored = await storeFile(tx, ctx.config.dataDir, {
        ownerType: OWNER_SOPRALLUOGO,
        ownerId: id,
        categoria: "foto",
        originalName: file.filename,
        data: file.data,
        createdBy: ctx.actor.userId,
        allowed: ["image"],
        now: ctx.clock(),
      });
      written.push(stored);
      await writeAudit(tx, {
        azione: AZIONI.update,
        contentType: "sopralluogo",
        objectId: id,
        note: `Foto aggiunta: ${stored.nomeOriginale}`,
        ...auditBy(ctx.actor),
      });
    });
  } catch (err) {
    await removeStoredFiles(ctx.config.dataDir, written);
    throw err;
  }
}

/** The stored photo of that inspection (404 for any other file). */
export async function fotoFile(ex: Executor, id: number, fotoId: string): Promise<FileRow> {
  const file = await getFileRow(ex, fotoId);
  if (!file || file.ownerType !== OWNER_SOPRALLUOGO || file.ownerId !== String(id)) throw notFound(FOTO_NON_TROVATA);
  return file;
}

/** Removes a photo: the row and its audit entry in one transaction, the bytes after it commits. */
export async function deleteFotoSopralluogo(ctx: AppContext, id: number, fotoId: string): Promise<void> {
  const removed = await ctx.db.transaction(async (tx) => {
    const file = await fotoFile(tx, id, fotoId);
    const rows = await deleteFileRows(tx, [file.id]);
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: "sopralluogo",
      objectId: id,
      note: `Foto rimossa: ${file.nomeOriginale}`,
      ...auditBy(ctx.actor),
    });
    return rows;
  });
  await removeStoredFiles(ctx.config.dataDir, removed);
}
