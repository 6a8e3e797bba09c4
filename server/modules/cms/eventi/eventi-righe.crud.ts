/**
 * An event's rows as sub-resources (server/lib/crud) under /api/cms/eventi/{id}/: its gates
 * (varchi: name, capacity, direction in/out/both) and its counting devices (dispositivi, each
 * assigned to one of the event's gates). Written by cms_edit / cms_admin; read with the record.
 */
import { sql } from "drizzle-orm";
import { OBBLIGATORIO } from "../../../../src/domain/cms";
import {
  DispositivoData,
  DispositivoOut,
  IdParams,
  SubParams,
  VarcoData,
  VarcoOut,
} from "../../../../src/domain/contracts/cms/eventi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { AZIONI } from "../../../lib/audit";
import { type ChildCrud, defineChildCrud, type Row } from "../../../lib/crud";
import { notFound, validationError } from "../../../lib/errors";
import { CONTENT_TYPES, DISPOSITIVO_LABELS, EVENTO_NON_TROVATO, merge, VARCO_LABELS } from "../cms-fields";

interface EventoOfRow {
  id: number;
  titolo: string;
}

export async function eventoOf(ex: Executor, id: number): Promise<EventoOfRow> {
  const row = await queryOne<EventoOfRow>(ex, sql`SELECT id, titolo FROM cms_eventi WHERE id = ${id}`);
  if (!row) throw notFound(EVENTO_NON_TROVATO);
  return { id: Number(row.id), titolo: row.titolo };
}

const ofEvento = {
  params: IdParams,
  itemParams: SubParams,
  item: "subId",
  tags: ["cms"],
  permissions: CAPABILITIES.cmsEdit,
  list: false,
  parent: {
    find: (ex: Executor, ids: Record<string, number>) => eventoOf(ex, ids.id),
    id: (e: EventoOfRow) => e.id,
    related: (e: EventoOfRow) => [{ content_type: CONTENT_TYPES.evento, object_id: e.id }],
  },
  parentColumn: "evento_id",
} satisfies Partial<ChildCrud<EventoOfRow>>;

const noteOf = (title: string) => (e: EventoOfRow, row: Row, azione: string) =>
  azione === AZIONI.delete ? String(row[title]) : `${e.titolo} — ${row[title]}`;

const EMPTY_VARCO = { nome: "", capienza: null as number | null, direzione: "both" };

export const varchi = defineChildCrud({
  ...ofEvento,
  path: "/:id/varchi",
  summaries: { create: "Nuovo varco", update: "Modifica varco", remove: "Elimina varco" },
  contract: { create: VarcoData, update: VarcoData, row: VarcoOut },
  table: "cms_varchi",
  columns: { nome: "nome", capienza: "capienza", direzione: "direzione" },
  select: sql`x.id, x.nome, x.capienza, x.direzione`,
  orderBy: sql`x.nome, x.id`,
  notFound: "Varco non trovato",
  audit: { contentType: CONTENT_TYPES.varco, labels: VARCO_LABELS, note: noteOf("nome") },
  values: (data, before) => merge(before ?? EMPTY_VARCO, data),
  validate: (v) => {
    const errors: Record<string, string> = {};
    if (!String(v.nome ?? "").trim()) errors.nome = OBBLIGATORIO;
    if (v.capienza === null || v.capienza === undefined) errors.capienza = OBBLIGATORIO;
    else if (!Number.isInteger(v.capienza) || (v.capienza as number) <= 0)
      errors.capienza = "La capienza deve essere un numero intero maggiore di zero";
    return errors;
  },
  prepare: async (ctx, { parent, before, values }) => {
    const dup = await queryOne<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM cms_varchi WHERE evento_id = ${parent.id} AND lower(nome) = lower(${String(values.nome)})
            AND id <> ${Number(before?.id ?? 0)}`,
    );
    if (dup) throw validationError({ nome: "Esiste già un varco con questo nome" });
    return undefined;
  },
});

const EMPTY_DISPOSITIVO = { codice: "", descrizione: "", varco_id: null as number | null };

export const dispositivi = defineChildCrud({
  ...ofEvento,
  path: "/:id/dispositivi",
  summaries: { create: "Nuovo dispositivo", update: "Modifica dispositivo", remove: "Elimina dispositivo" },
  contract: { create: DispositivoData, update: DispositivoData, row: DispositivoOut },
  table: "cms_dispositivi",
  columns: { codice: "codice", descrizione: "descrizione", varco_id: "varco_id" },
  select: sql`x.id, x.codice, x.descrizione, x.varco_id`,
  orderBy: sql`x.codice, x.id`,
  notFound: "Dispositivo non trovato",
  audit: { contentType: CONTENT_TYPES.dispositivo, labels: DISPOSITIVO_LABELS, note: noteOf("codice") },
  values: (data, before) => merge(before ?? EMPTY_DISPOSITIVO, data),
  validate: (v): Record<string, string> => (String(v.codice ?? "").trim() ? {} : { codice: OBBLIGATORIO }),
  prepare: async (ctx, { parent, before, values }) => {
    if (values.varco_id !== null && values.varco_id !== undefined) {
      const varco = await queryOne<{ id: number }>(
        ctx.db,
        sql`SELECT id FROM cms_varchi WHERE id = ${Number(values.varco_id)} AND evento_id = ${parent.id}`,
      );
      if (!varco) throw validationError({ varco_id: "Il varco non appartiene a questo evento" });
    }
    const dup = await queryOne<{ id: number }>(
      ctx.db,
      sql`SELECT id FROM cms_dispositivi WHERE evento_id = ${parent.id} AND codice = ${String(values.codice)}
            AND id <> ${Number(before?.id ?? 0)}`,
    );
    if (dup) throw validationError({ codice: "Esiste già un dispositivo con questo codice per l'evento" });
    return undefined;
  },
});
