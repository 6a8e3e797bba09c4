/**
 * Clients: the record (with its sites and contacts, the sub-resources of clienti-righe.crud.ts,
 * and its contracts) and its audited writes. Every write runs in one transaction with its audit
 * entry; geocoding (when configured) runs before the transaction and never fails a save — it adds
 * a warning instead.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { CLIENTE_LABELS, normalizeCliente, validateCliente } from "../../../../src/domain/cliente";
import type {
  Cliente,
  ClienteData,
  ClienteFields,
  Contatto,
  ContrattoCliente,
  Sede,
} from "../../../../src/domain/contracts/anagrafiche/clienti";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { clienti } from "../../../db/schema/anagrafiche-clienti";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { listChildren, type ReadContext } from "../../../lib/crud";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { placeAddress } from "../../../lib/geocoding";
import { CLIENTE_NON_TROVATO, CONTENT_TYPES, EMPTY_ADDRESS, merge } from "./cliente-fields";
import { contatti, sedi } from "./clienti-righe.crud";

export const PARTITA_IVA_DUPLICATA = "Esiste già un cliente con questa partita IVA";
export const CLIENTE_CON_CONTRATTI = (n: number) =>
  `Il cliente non può essere eliminato perché ha ${n === 1 ? "un contratto" : `${n} contratti`}: elimina prima i contratti o disattiva il cliente`;

type ClienteRow = typeof clienti.$inferSelect;

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

const EMPTY_CLIENTE: ClienteFields = {
  ragione_sociale: "",
  partita_iva: "",
  codice_fiscale: "",
  codice_sdi: "",
  pec: "",
  email: "",
  telefono: "",
  ...EMPTY_ADDRESS,
  note: "",
  attivo: true,
};

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

export async function loadCliente(read: ReadContext, id: number): Promise<Cliente | undefined> {
  const row = await findRow(read.db, id);
  if (!row) return undefined;
  const [sedeRows, contattoRows, contratti] = await Promise.all([
    listChildren(read, sedi, id),
    listChildren(read, contatti, id),
    contrattiOf(read.db, id),
  ]);
  return {
    id: row.id,
    ...clienteFields(row),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    sedi: sedeRows as Sede[],
    contatti: contattoRows as Contatto[],
    contratti,
  };
}

export async function getCliente(read: ReadContext, id: number): Promise<Cliente> {
  const c = await loadCliente(read, id);
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
  return { ...(await getCliente(ctx, id)), warnings };
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
  return { ...(await getCliente(ctx, id)), warnings };
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
