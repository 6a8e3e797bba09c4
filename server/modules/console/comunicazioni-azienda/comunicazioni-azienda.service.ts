/**
 * Company communications (issue 12 item 5). Sending fixes the recipients — every active operator,
 * the active operators with a qualification, or the chosen ones — in one transaction with the
 * message, its optional attachment (server/lib/files.ts: PDF or image, checked by content) and
 * the audit entry. The guards' app marks a message delivered when it lists it and read when the
 * guard confirms (app-comunicazioni.service.ts); a reminder stamps the recipients who have not read.
 */
import { sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type Comunicazione,
  ComunicazioneData,
  type Promemoria,
} from "../../../../src/domain/contracts/console/comunicazioni-azienda/schemas";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy, type ServiceContext } from "../../../lib/context";
import { type FieldErrors, notFound, validationError } from "../../../lib/errors";
import { type FileRow, getFileRow, removeStoredFiles, type StreamedUpload } from "../../../lib/files";
import { BUSINESS_TZ } from "../../../lib/list/values";

export const COMUNICAZIONE_CONTENT_TYPE = "comunicazione";
export const COMUNICAZIONE_NON_TROVATA = "Comunicazione non trovata";

const local = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE '${BUSINESS_TZ}', 'YYYY-MM-DD HH24:MI:SS')`);

/** The fields of a JSON body or a multipart form, validated; 400 with per-field errors otherwise. */
export function parseComunicazione(input: Record<string, unknown>): ComunicazioneData {
  const raw = { ...input };
  if (typeof raw.operatori === "string")
    raw.operatori = raw.operatori
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (raw.posizione === "") raw.posizione = null;
  const parsed = ComunicazioneData.safeParse(raw);
  if (!parsed.success) throw validationError(fieldErrors(parsed.error));
  return parsed.data;
}

function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "non_field_errors");
    errors[field] ??= issue.message;
  }
  return errors;
}

async function recipients(tx: Executor, data: ComunicazioneData): Promise<number[]> {
  if (data.destinatari === "qualifica") {
    const p = await queryOne(tx, sql`SELECT 1 FROM posizioni WHERE id = ${data.posizione}`);
    if (!p) throw validationError({ posizione: "Qualifica non trovata" });
  }
  if (data.destinatari === "operatori") {
    const ids = [...new Set(data.operatori ?? [])];
    const found = await queryRows<{ id: number }>(
      tx,
      sql`SELECT id FROM operatori WHERE id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
    if (found.length !== ids.length) throw validationError({ operatori: "Operatore non trovato" });
    return found.map((r) => r.id);
  }
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`SELECT o.id FROM operatori o WHERE o.attivo AND NOT o.cessato
        ${
          data.destinatari === "qualifica"
            ? sql`AND EXISTS (SELECT 1 FROM operatori_posizioni op WHERE op.operatore_id = o.id AND op.posizione_id = ${data.posizione})`
            : sql``
        }
         ORDER BY o.id`,
  );
  if (rows.length === 0) throw validationError({ destinatari: "Nessun operatore tra i destinatari" });
  return rows.map((r) => r.id);
}

export async function inviaComunicazione(
  ctx: AppContext,
  data: ComunicazioneData,
  file: Pick<StreamedUpload, "store"> | null,
): Promise<Comunicazione> {
  const stored: FileRow[] = [];
  let id: number;
  try {
    id = await ctx.db.transaction(async (tx) => {
      const ops = await recipients(tx, data);
      const now = ctx.clock();
      const row = (await queryOne<{ id: number }>(
        tx,
        sql`INSERT INTO comunicazioni (oggetto, testo, destinatari, posizione_id, inviata_il, inviata_da)
            VALUES (${data.oggetto}, ${data.testo}, ${data.destinatari},
                    ${data.destinatari === "qualifica" ? (data.posizione ?? null) : null}, ${now}::timestamptz, ${ctx.actor.userId})
            RETURNING id`,
      )) as { id: number };
      if (file) {
        const f = await file.store(tx, ctx.config.dataDir, {
          ownerType: COMUNICAZIONE_CONTENT_TYPE,
          ownerId: row.id,
          categoria: "allegato",
          allowed: ["pdf", "image"],
          createdBy: ctx.actor.userId,
          now,
        });
        stored.push(f);
        await tx.execute(sql`UPDATE comunicazioni SET allegato_id = ${f.id}::uuid WHERE id = ${row.id}`);
      }
      await tx.execute(sql`INSERT INTO comunicazioni_destinatari (comunicazione_id, operatore_id)
        SELECT ${row.id}, unnest(${`{${ops.join(",")}}`}::int[])`);
      await writeAudit(tx, {
        ...auditBy(ctx.actor),
        azione: AZIONI.create,
        contentType: COMUNICAZIONE_CONTENT_TYPE,
        objectId: row.id,
        note: `Comunicazione "${data.oggetto.slice(0, 150)}" inviata a ${ops.length} operatori`,
        dati: { destinatari: data.destinatari, operatori: ops.length, allegato: file !== null },
      });
      return row.id;
    });
  } catch (err) {
    await removeStoredFiles(ctx.config.dataDir, stored);
    throw err;
  }
  return getComunicazione(ctx, id);
}

interface Head {
  id: number;
  oggetto: string;
  testo: string;
  destinatari: Comunicazione["destinatari"];
  posizione_id: number | null;
  posizione: string | null;
  allegato_id: string | null;
  inviata_il: string;
  inviata_da_id: number | null;
  inviata_da_nome: string | null;
  promemoria_il: string | null;
}

async function readHead(ex: Executor, id: number): Promise<Head | undefined> {
  return queryOne<Head>(
    ex,
    sql`SELECT c.id, c.oggetto, c.testo, c.destinatari, p.id AS posizione_id, p.descrizione AS posizione,
               c.allegato_id::text AS allegato_id, ${local("c.inviata_il")} AS inviata_il,
               u.id AS inviata_da_id, trim(u.nome || ' ' || u.cognome) AS inviata_da_nome,
               ${local("c.promemoria_il")} AS promemoria_il
          FROM comunicazioni c
          LEFT JOIN posizioni p ON p.id = c.posizione_id
          LEFT JOIN users u ON u.id = c.inviata_da
         WHERE c.id = ${id}`,
  );
}

export async function getComunicazione(ctx: ServiceContext, id: number): Promise<Comunicazione> {
  const h = await readHead(ctx.db, id);
  if (!h) throw notFound(COMUNICAZIONE_NON_TROVATA);
  const file = h.allegato_id ? await getFileRow(ctx.db, h.allegato_id) : undefined;
  const totali = await queryOne<Comunicazione["totali"]>(
    ctx.db,
    sql`SELECT count(*)::int AS destinatari, count(d.consegnata_il)::int AS consegnate, count(d.letta_il)::int AS lette
          FROM comunicazioni_destinatari d WHERE d.comunicazione_id = ${id}`,
  );
  return {
    id: h.id,
    oggetto: h.oggetto,
    testo: h.testo,
    destinatari: h.destinatari,
    posizione: h.posizione_id === null ? null : { id: h.posizione_id, descrizione: h.posizione ?? "" },
    allegato: file ? { nome: file.nomeOriginale || "allegato", mime: file.mime } : null,
    inviata_il: h.inviata_il,
    inviata_da: h.inviata_da_id === null ? null : { id: h.inviata_da_id, full_name: h.inviata_da_nome ?? "" },
    promemoria_il: h.promemoria_il,
    totali: totali ?? { destinatari: 0, consegnate: 0, lette: 0 },
  };
}

/** 404 unless the message exists (its recipients' list). */
export async function ensureComunicazione(ex: Executor, id: number): Promise<void> {
  if (!(await queryOne(ex, sql`SELECT 1 FROM comunicazioni WHERE id = ${id}`)))
    throw notFound(COMUNICAZIONE_NON_TROVATA);
}

export async function inviaPromemoria(ctx: ServiceContext, id: number): Promise<Promemoria> {
  return ctx.db.transaction(async (tx) => {
    const h = await queryOne<{ id: number }>(tx, sql`SELECT id FROM comunicazioni WHERE id = ${id} FOR UPDATE`);
    if (!h) throw notFound(COMUNICAZIONE_NON_TROVATA);
    const now = ctx.clock();
    const reminded = await queryRows<{ operatore_id: number }>(
      tx as Tx,
      sql`UPDATE comunicazioni_destinatari SET promemoria_il = ${now}::timestamptz, promemoria = promemoria + 1
           WHERE comunicazione_id = ${id} AND letta_il IS NULL RETURNING operatore_id`,
    );
    if (reminded.length === 0) return { result: "OK" as const, destinatari: 0 };
    await tx.execute(sql`UPDATE comunicazioni SET promemoria_il = ${now}::timestamptz WHERE id = ${id}`);
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: COMUNICAZIONE_CONTENT_TYPE,
      objectId: id,
      note: `Promemoria inviato a ${reminded.length} operatori che non hanno letto`,
      dati: { operatori: reminded.map((r) => r.operatore_id) },
    });
    return { result: "OK" as const, destinatari: reminded.length };
  });
}

/** The attachment's stored file (404 when the message has none). */
export async function allegatoComunicazione(ex: Executor, id: number): Promise<FileRow> {
  const h = await queryOne<{ allegato_id: string | null }>(
    ex,
    sql`SELECT allegato_id::text AS allegato_id FROM comunicazioni WHERE id = ${id}`,
  );
  if (!h) throw notFound(COMUNICAZIONE_NON_TROVATA);
  const file = h.allegato_id ? await getFileRow(ex, h.allegato_id) : undefined;
  if (!file) throw notFound("La comunicazione non ha allegati");
  return file;
}
