/**
 * Clients, their sites and contacts: reads and audited writes. Every write runs in one
 * transaction with its audit entry; geocoding (when configured) runs before the transaction and
 * never fails a save — it adds a warning instead.
 */
import { and, asc, eq, ne, sql } from "drizzle-orm";
import {
  CLIENTE_LABELS,
  type Cliente,
  type ClienteFields,
  CONTATTO_LABELS,
  type Contatto,
  type ContattoFields,
  type ContrattoCliente,
  normalizeCliente,
  SEDE_LABELS,
  type Sede,
  type SedeFields,
  validateCliente,
  validateContatto,
  validateSede,
} from "../../../../src/domain/cliente";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { clienti, clientiContatti, clientiSedi } from "../../../db/schema/anagrafiche-clienti";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { placeAddress } from "../../../lib/geocoding";
import type { ClienteData, ContattoData, SedeData } from "./clienti.schema";

export const CONTENT_TYPES = { cliente: "cliente", sede: "cliente_sede", contatto: "cliente_contatto" } as const;

export const CLIENTE_NON_TROVATO = "Cliente non trovato";
export const PARTITA_IVA_DUPLICATA = "Esiste già un cliente con questa partita IVA";
export const CLIENTE_CON_CONTRATTI = (n: number) =>
  `Il cliente non può essere eliminato perché ha ${n === 1 ? "un contratto" : `${n} contratti`}: elimina prima i contratti o disattiva il cliente`;

type ClienteRow = typeof clienti.$inferSelect;
type SedeRow = typeof clientiSedi.$inferSelect;
type ContattoRow = typeof clientiContatti.$inferSelect;

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

function clienteFields(r: ClienteRow): ClienteFields {
  return {
    ragione_sociale: r.ragioneSociale,
    partita_iva: r.partitaIva,
    codice_fiscale: r.codiceFiscale,
    codice_sdi: r.codiceSdi,
    pec: r.pec,
    email: r.email,
    telefono: r.telefono,
    indirizzo: r.indirizzo,
    cap: r.cap,
    citta: r.citta,
    prov: r.prov,
    lat: r.lat,
    lng: r.lng,
    note: r.note,
    attivo: r.attivo,
  };
}

function clienteColumns(f: ClienteFields) {
  return {
    ragioneSociale: f.ragione_sociale,
    partitaIva: f.partita_iva,
    codiceFiscale: f.codice_fiscale,
    codiceSdi: f.codice_sdi,
    pec: f.pec,
    email: f.email,
    telefono: f.telefono,
    indirizzo: f.indirizzo,
    cap: f.cap,
    citta: f.citta,
    prov: f.prov,
    lat: f.lat,
    lng: f.lng,
    note: f.note,
    attivo: f.attivo,
  };
}

function sedeOut(r: SedeRow): Sede {
  return {
    id: r.id,
    descrizione: r.descrizione,
    indirizzo: r.indirizzo,
    cap: r.cap,
    citta: r.citta,
    prov: r.prov,
    lat: r.lat,
    lng: r.lng,
    note: r.note,
  };
}

function contattoOut(r: ContattoRow): Contatto {
  return { id: r.id, nome: r.nome, ruolo: r.ruolo, telefono: r.telefono, email: r.email, note: r.note };
}

const EMPTY_CLIENTE: ClienteFields = {
  ragione_sociale: "",
  partita_iva: "",
  codice_fiscale: "",
  codice_sdi: "",
  pec: "",
  email: "",
  telefono: "",
  indirizzo: "",
  cap: "",
  citta: "",
  prov: "",
  lat: null,
  lng: null,
  note: "",
  attivo: true,
};

const EMPTY_SEDE: SedeFields = {
  descrizione: "",
  indirizzo: "",
  cap: "",
  citta: "",
  prov: "",
  lat: null,
  lng: null,
  note: "",
};

const EMPTY_CONTATTO: ContattoFields = { nome: "", ruolo: "", telefono: "", email: "", note: "" };

/**
 * The stored values after a write: a field absent from `data` keeps its value; null clears it
 * ('' for text, null for coordinates; attivo keeps its value).
 */
function merge<T extends object>(before: T, data: Record<string, unknown>): T {
  const out = { ...before } as Record<string, unknown>;
  for (const [k, v] of Object.entries(data)) {
    if (!(k in out) || v === undefined) continue;
    if (v === null) {
      if (k === "lat" || k === "lng") out[k] = null;
      else if (typeof out[k] === "string") out[k] = "";
      continue;
    }
    out[k] = v;
  }
  return out as T;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === "23505" || err?.cause?.code === "23505";
}

/** The client's contracts (pianificazione). */
async function contrattiOf(ex: Executor, clienteId: number): Promise<ContrattoCliente[]> {
  const rows = await queryRows<{ id: number; titolo: string | null; attivo: boolean | null }>(
    ex,
    sql`SELECT id, titolo, attivo FROM contratti WHERE cliente_id = ${clienteId} ORDER BY attivo DESC, titolo, id`,
  );
  return rows.map((r) => ({ id: Number(r.id), titolo: r.titolo ?? "", attivo: r.attivo !== false }));
}

async function countContratti(ex: Executor, clienteId: number): Promise<number> {
  const r = await queryOne<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM contratti WHERE cliente_id = ${clienteId}`,
  );
  return Number(r?.n ?? 0);
}

async function findRow(ex: Executor, id: number, lock = false): Promise<ClienteRow | undefined> {
  const q = ex.select().from(clienti).where(eq(clienti.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

export async function loadCliente(ex: Executor, id: number): Promise<Cliente | undefined> {
  const row = await findRow(ex, id);
  if (!row) return undefined;
  const [sedi, contatti, contratti] = await Promise.all([
    ex
      .select()
      .from(clientiSedi)
      .where(eq(clientiSedi.clienteId, id))
      .orderBy(asc(clientiSedi.descrizione), asc(clientiSedi.id)),
    ex
      .select()
      .from(clientiContatti)
      .where(eq(clientiContatti.clienteId, id))
      .orderBy(asc(clientiContatti.nome), asc(clientiContatti.id)),
    contrattiOf(ex, id),
  ]);
  return {
    id: row.id,
    ...clienteFields(row),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    sedi: sedi.map(sedeOut),
    contatti: contatti.map(contattoOut),
    contratti,
  };
}

export async function getCliente(ex: Executor, id: number): Promise<Cliente> {
  const c = await loadCliente(ex, id);
  if (!c) throw notFound(CLIENTE_NON_TROVATO);
  return c;
}

async function checkPartitaIva(ex: Executor, partitaIva: string, exceptId?: number) {
  if (!partitaIva) return;
  const cond = exceptId
    ? and(eq(clienti.partitaIva, partitaIva), ne(clienti.id, exceptId))
    : eq(clienti.partitaIva, partitaIva);
  const [dup] = await ex.select({ id: clienti.id }).from(clienti).where(cond).limit(1);
  if (dup) throw validationError({ partita_iva: PARTITA_IVA_DUPLICATA });
}

function prepareCliente(before: ClienteFields | null, data: ClienteData): ClienteFields {
  const after = normalizeCliente(merge(before ?? EMPTY_CLIENTE, data));
  const errors = validateCliente(after);
  if (Object.keys(errors).length) throw validationError(errors);
  return after;
}

async function saveGuarded<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (isUniqueViolation(e)) throw validationError({ partita_iva: PARTITA_IVA_DUPLICATA });
    throw e;
  }
}

export async function createCliente(ctx: AppContext, data: ClienteData) {
  const prepared = prepareCliente(null, data);
  await checkPartitaIva(ctx.db, prepared.partita_iva);
  const { after, warnings } = await placeAddress(ctx.config, null, prepared, data, "Sede legale");
  const id = await saveGuarded(() =>
    ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(clienti).values(clienteColumns(after)).returning({ id: clienti.id });
      await writeAudit(tx, {
        azione: AZIONI.create,
        contentType: CONTENT_TYPES.cliente,
        objectId: row.id,
        ...auditBy(ctx.actor),
        note: after.ragione_sociale,
        changeLog: changeLog(null, { ...after }, CLIENTE_LABELS),
      });
      return row.id;
    }),
  );
  return { ...(await getCliente(ctx.db, id)), warnings };
}

export async function updateCliente(ctx: AppContext, id: number, data: ClienteData) {
  const current = await findRow(ctx.db, id);
  if (!current) throw notFound(CLIENTE_NON_TROVATO);
  const prepared = prepareCliente(clienteFields(current), data);
  await checkPartitaIva(ctx.db, prepared.partita_iva, id);
  const { after, warnings } = await placeAddress(ctx.config, clienteFields(current), prepared, data, "Sede legale");
  await saveGuarded(() =>
    ctx.db.transaction(async (tx) => {
      const locked = await findRow(tx, id, true);
      if (!locked) throw notFound(CLIENTE_NON_TROVATO);
      const before = clienteFields(locked);
      const lines = changeLog({ ...before }, { ...after }, CLIENTE_LABELS);
      if (lines.length === 0) return;
      await tx
        .update(clienti)
        .set({ ...clienteColumns(after), updatedAt: ctx.clock() })
        .where(eq(clienti.id, id));
      await writeAudit(tx, {
        azione: AZIONI.update,
        contentType: CONTENT_TYPES.cliente,
        objectId: id,
        ...auditBy(ctx.actor),
        note: after.ragione_sociale,
        changeLog: lines,
      });
    }),
  );
  return { ...(await getCliente(ctx.db, id)), warnings };
}

export async function deleteCliente(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    if (!row) throw notFound(CLIENTE_NON_TROVATO);
    const n = await countContratti(tx, id);
    if (n > 0) throw conflict(CLIENTE_CON_CONTRATTI(n));
    await tx.delete(clienti).where(eq(clienti.id, id));
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: CONTENT_TYPES.cliente,
      objectId: id,
      ...auditBy(ctx.actor),
      note: row.ragioneSociale,
      changeLog: changeLog({ ...clienteFields(row) }, null, CLIENTE_LABELS),
    });
  });
}

// ——— sites and contacts: rows of a client, saved and deleted the same way ———

const SEDE_NON_TROVATA = "Sede non trovata";
const CONTATTO_NON_TROVATO = "Contatto non trovato";

async function requireCliente(ex: Executor, id: number): Promise<ClienteRow> {
  const row = await findRow(ex, id);
  if (!row) throw notFound(CLIENTE_NON_TROVATO);
  return row;
}

/** A row's fields as the change log reads them. */
const asRecord = (f: object) => ({ ...f }) as Record<string, unknown>;

/** Both child tables have `id` and `cliente_id`; drizzle types one of them for the shared queries. */
type ChildTable = typeof clientiSedi | typeof clientiContatti;
const typed = (t: ChildTable) => t as typeof clientiSedi;

/** What differs between a client's sites and its contacts. */
interface ClientChild<Row, Fields extends object, Out> {
  table: ChildTable;
  contentType: string;
  notFoundMessage: string;
  labels: Record<string, string>;
  empty: Fields;
  out(row: Row): Out;
  validate(f: Fields): Record<string, string>;
  /** The row's name in the audit note. */
  title(f: Fields): string;
  /** After validation, before the transaction (a network call must not hold it): the final fields and warnings. */
  place?(
    ctx: AppContext,
    before: Fields | null,
    after: Fields,
    data: Record<string, unknown>,
  ): Promise<{ after: Fields; warnings: string[] }>;
}

async function findChild<Row>(ex: Executor, table: ChildTable, clienteId: number, id: number, lock = false) {
  const t = typed(table);
  const q = ex
    .select()
    .from(t)
    .where(and(eq(t.id, id), eq(t.clienteId, clienteId)));
  const [row] = lock ? await q.for("update") : await q;
  return row as Row | undefined;
}

const related = (clienteId: number) => [{ content_type: CONTENT_TYPES.cliente, object_id: clienteId }];

/** The API fields of a child row, without its id (what the change log compares). */
function childFields<Row, Fields extends object, Out>(kind: ClientChild<Row, Fields, Out>, row: Row): Fields {
  const { id: _id, ...rest } = kind.out(row) as Out & { id: number };
  return rest as unknown as Fields;
}

/**
 * Creates (childId null) or updates one row of a client: merge onto the current values, normalise,
 * validate (400), place the address where the kind has one, then write and audit in one
 * transaction. An update that changes nothing writes nothing.
 */
async function saveChild<Row, Fields extends object, Out>(
  kind: ClientChild<Row, Fields, Out>,
  ctx: AppContext,
  clienteId: number,
  childId: number | null,
  data: Record<string, unknown>,
): Promise<{ saved: Out; warnings: string[] }> {
  const cliente = await requireCliente(ctx.db, clienteId);
  const current = childId ? await findChild<Row>(ctx.db, kind.table, clienteId, childId) : undefined;
  if (childId && !current) throw notFound(kind.notFoundMessage);
  const before = current ? childFields(kind, current) : null;
  const merged = normalizeCliente(merge(before ?? kind.empty, data) as Partial<ClienteFields>) as Fields;
  const errors = kind.validate(merged);
  if (Object.keys(errors).length) throw validationError(errors);
  const { after, warnings } = kind.place
    ? await kind.place(ctx, before, merged, data)
    : { after: merged, warnings: [] as string[] };
  const t = typed(kind.table);
  const id = await ctx.db.transaction(async (tx) => {
    let rowId: number;
    let lines: string[];
    if (childId) {
      const locked = await findChild<Row>(tx, kind.table, clienteId, childId, true);
      if (!locked) throw notFound(kind.notFoundMessage);
      lines = changeLog(asRecord(childFields(kind, locked)), asRecord(after), kind.labels);
      if (lines.length === 0) return childId;
      await tx
        .update(t)
        .set({ ...after, updatedAt: ctx.clock() } as never)
        .where(eq(t.id, childId));
      rowId = childId;
    } else {
      const [row] = await tx
        .insert(t)
        .values({ ...after, clienteId } as never)
        .returning({ id: t.id });
      rowId = row.id;
      lines = changeLog(null, asRecord(after), kind.labels);
    }
    await writeAudit(tx, {
      azione: childId ? AZIONI.update : AZIONI.create,
      contentType: kind.contentType,
      objectId: rowId,
      ...auditBy(ctx.actor),
      note: `${cliente.ragioneSociale} — ${kind.title(after)}`,
      related: related(clienteId),
      changeLog: lines,
    });
    return rowId;
  });
  return { saved: kind.out((await findChild<Row>(ctx.db, kind.table, clienteId, id)) as Row), warnings };
}

async function deleteChild<Row, Fields extends object, Out>(
  kind: ClientChild<Row, Fields, Out>,
  ctx: AppContext,
  clienteId: number,
  childId: number,
) {
  const t = typed(kind.table);
  await ctx.db.transaction(async (tx) => {
    const row = await findChild<Row>(tx, kind.table, clienteId, childId, true);
    if (!row) throw notFound(kind.notFoundMessage);
    const before = childFields(kind, row);
    await tx.delete(t).where(eq(t.id, childId));
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: kind.contentType,
      objectId: childId,
      ...auditBy(ctx.actor),
      note: kind.title(before),
      related: related(clienteId),
      changeLog: changeLog(asRecord(before), null, kind.labels),
    });
  });
}

const SEDE: ClientChild<SedeRow, SedeFields, Sede> = {
  table: clientiSedi,
  contentType: CONTENT_TYPES.sede,
  notFoundMessage: SEDE_NON_TROVATA,
  labels: SEDE_LABELS,
  empty: EMPTY_SEDE,
  out: sedeOut,
  validate: validateSede,
  title: (f) => f.descrizione,
  place: (ctx, before, after, data) => placeAddress(ctx.config, before, after, data, `Sede ${after.descrizione}`),
};

const CONTATTO: ClientChild<ContattoRow, ContattoFields, Contatto> = {
  table: clientiContatti,
  contentType: CONTENT_TYPES.contatto,
  notFoundMessage: CONTATTO_NON_TROVATO,
  labels: CONTATTO_LABELS,
  empty: EMPTY_CONTATTO,
  out: contattoOut,
  validate: validateContatto,
  title: (f) => f.nome,
};

export async function saveSede(
  ctx: AppContext,
  clienteId: number,
  sedeId: number | null,
  data: SedeData,
): Promise<Sede & { warnings: string[] }> {
  const { saved, warnings } = await saveChild(SEDE, ctx, clienteId, sedeId, data);
  return { ...saved, warnings };
}

export const deleteSede = (ctx: AppContext, clienteId: number, sedeId: number) =>
  deleteChild(SEDE, ctx, clienteId, sedeId);

export async function saveContatto(
  ctx: AppContext,
  clienteId: number,
  contattoId: number | null,
  data: ContattoData,
): Promise<Contatto> {
  return (await saveChild(CONTATTO, ctx, clienteId, contattoId, data)).saved;
}

export const deleteContatto = (ctx: AppContext, clienteId: number, contattoId: number) =>
  deleteChild(CONTATTO, ctx, clienteId, contattoId);
