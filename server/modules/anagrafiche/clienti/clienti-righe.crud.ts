/**
 * A client's rows as sub-resources (server/lib/crud) under /api/anagrafiche/clienti/{id}/: sedi
 * (operating sites, geocoded) and contatti, declared in contracts/anagrafiche/clienti-righe.ts
 * (paths, permissions, bodies, answers). Write only: the rows are read with the client's record. A body is merged onto the stored row (null clears a field) and
 * normalised, then checked by the domain's validator; the audit note names the client.
 */
import { eq, sql } from "drizzle-orm";
import {
  CONTATTO_LABELS,
  normalizeCliente,
  SEDE_LABELS,
  validateContatto,
  validateSede,
} from "../../../../src/domain/cliente";
import type { ContattoFields, SedeFields } from "../../../../src/domain/contracts/anagrafiche/clienti";
import { contattiCliente, sediCliente } from "../../../../src/domain/contracts/anagrafiche/clienti-righe";
import type { Executor } from "../../../db/client";
import { clienti } from "../../../db/schema/anagrafiche-clienti";
import { AZIONI } from "../../../lib/audit";
import { type ChildCrud, defineChildCrud, fromDeclaration } from "../../../lib/crud";
import { notFound } from "../../../lib/errors";
import { placeAddress } from "../../../lib/geocoding";
import { CLIENTE_NON_TROVATO, CONTENT_TYPES, EMPTY_ADDRESS, merge } from "./cliente-fields";

interface ClienteOfRow {
  id: number;
  ragioneSociale: string;
}

async function clienteOf(ex: Executor, id: number): Promise<ClienteOfRow> {
  const [row] = await ex
    .select({ id: clienti.id, ragioneSociale: clienti.ragioneSociale })
    .from(clienti)
    .where(eq(clienti.id, id));
  if (!row) throw notFound(CLIENTE_NON_TROVATO);
  return row;
}

const ofCliente = {
  tags: ["anagrafiche"],
  parent: {
    find: (ex: Executor, ids: Record<string, number>) => clienteOf(ex, ids.id),
    id: (c: ClienteOfRow) => c.id,
    related: (c: ClienteOfRow) => [{ content_type: CONTENT_TYPES.cliente, object_id: c.id }],
  },
  parentColumn: "cliente_id",
  touch: "updated_at",
} satisfies Partial<ChildCrud<ClienteOfRow>>;

/** The audit note: "<ragione sociale> — <row>" on a save, the row's name alone on a delete. */
const noteOf = (title: string) => (c: ClienteOfRow, row: Record<string, unknown>, azione: string) =>
  azione === AZIONI.delete ? String(row[title]) : `${c.ragioneSociale} — ${row[title]}`;

const sameColumns = (fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, f]));

const EMPTY_SEDE: SedeFields = { descrizione: "", ...EMPTY_ADDRESS, note: "" };

export const sedi = defineChildCrud({
  ...ofCliente,
  ...fromDeclaration(sediCliente),
  table: "clienti_sedi",
  columns: sameColumns(Object.keys(EMPTY_SEDE)),
  select: sql`x.id, x.descrizione, x.indirizzo, x.cap, x.citta, x.prov, x.lat, x.lng, x.note`,
  orderBy: sql`x.descrizione, x.id`,
  notFound: "Sede non trovata",
  audit: { contentType: CONTENT_TYPES.sede, labels: SEDE_LABELS, note: noteOf("descrizione") },
  values: (data, before) => normalizeCliente(merge(before ?? EMPTY_SEDE, data)),
  validate: validateSede,
  // Geocoding (when configured) runs before the transaction and never fails a save: a warning instead.
  prepare: async (ctx, { before, values, data }) => {
    const sede = values as SedeFields;
    const placed = await placeAddress(ctx.config, before as SedeFields | null, sede, data, `Sede ${sede.descrizione}`);
    return { values: placed.after, extra: { warnings: placed.warnings } };
  },
});

const EMPTY_CONTATTO: ContattoFields = { nome: "", ruolo: "", telefono: "", email: "", note: "" };

export const contatti = defineChildCrud({
  ...ofCliente,
  ...fromDeclaration(contattiCliente),
  table: "clienti_contatti",
  columns: sameColumns(Object.keys(EMPTY_CONTATTO)),
  select: sql`x.id, x.nome, x.ruolo, x.telefono, x.email, x.note`,
  orderBy: sql`x.nome, x.id`,
  notFound: "Contatto non trovato",
  audit: { contentType: CONTENT_TYPES.contatto, labels: CONTATTO_LABELS, note: noteOf("nome") },
  values: (data, before) => normalizeCliente(merge(before ?? EMPTY_CONTATTO, data)),
  validate: validateContatto,
});
