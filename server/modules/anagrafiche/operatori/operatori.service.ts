/**
 * The operator record: read (filtered by the caller's permissions), create, update, delete —
 * each write validated by src/domain/operatore.ts and audited in the same transaction.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  ALTRO_FIELDS,
  ANAGRAFICA_WRITABLE,
  BASE_FIELDS,
  CHANGE_LOG_LABELS,
  FIELD_LABELS,
  FILE_FIELDS,
  type OperatoreField,
} from "../../../../src/domain/contracts/anagrafiche/operatore-fields";
import {
  type OperatoreInput,
  type OperatoreRecord,
  posizioneIds,
} from "../../../../src/domain/contracts/anagrafiche/operatori";
import { normalizeFiscalCode } from "../../../../src/domain/fiscal-code";
import { toApiDate } from "../../../../src/domain/format";
import { normalizeIban } from "../../../../src/domain/iban";
import { type FieldErrors, validateOperatore } from "../../../../src/domain/operatore";
import type { Executor } from "../../../db/client";
import {
  files,
  operatori,
  operatoriCorsi,
  operatoriDocumenti,
  operatoriPosizioni,
} from "../../../db/schema/anagrafiche-operatori";
import { posizioni } from "../../../db/schema/core";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type Actor, type AppContext, auditBy, type ServiceContext } from "../../../lib/context";
import { forbidden, notFound, validationError } from "../../../lib/errors";
import { deleteFileRows, removeStoredFiles } from "../../../lib/files";
import { type AddressParts, placeAddress } from "../../../lib/geocoding";
import { can } from "./access";
import { fileRefs } from "./file-refs";
import { loadTabs } from "./tabs.service";

export type OperatoreRow = typeof operatori.$inferSelect;

export const CONTENT_TYPE = "operatore";
export const OPERATORE_NON_TROVATO = "Operatore non trovato";

export function todayOf(ctx: { clock: () => Date }): string {
  return toApiDate(ctx.clock());
}

export async function getOperatoreRow(ex: Executor, id: number): Promise<OperatoreRow> {
  const [row] = await ex.select().from(operatori).where(eq(operatori.id, id));
  if (!row) throw notFound(OPERATORE_NON_TROVATO);
  return row;
}

export async function posizioniOf(ex: Executor, id: number): Promise<{ id: number; descrizione: string }[]> {
  return ex
    .select({ id: posizioni.id, descrizione: posizioni.descrizione })
    .from(operatoriPosizioni)
    .innerJoin(posizioni, eq(posizioni.id, operatoriPosizioni.posizione_id))
    .where(eq(operatoriPosizioni.operatore_id, id))
    .orderBy(asc(posizioni.ordine), asc(posizioni.id));
}

/** GET /{id}/: the fields and lists the caller may see (SPEC §3 Operator full record). */
export async function buildRecord(ctx: ServiceContext, row: OperatoreRow): Promise<OperatoreRecord> {
  const ex = ctx.db;
  const user = ctx.actor;
  const anagrafica = can(user, "operatoriAnagrafica");
  const visible: readonly string[] = anagrafica ? [...ANAGRAFICA_WRITABLE, ...FILE_FIELDS] : [...BASE_FIELDS];
  const withAltro = can(user, "operatoriAltro") ? ALTRO_FIELDS : [];
  const out: Record<string, unknown> = { id: row.id };
  const r = row as unknown as Record<string, unknown>;
  for (const f of [...visible, ...withAltro]) out[f] = r[f];

  const fileIds = FILE_FIELDS.filter((f) => f in out && row[f]).map((f) => row[f] as string);
  const refs = await fileRefs(ex, fileIds);
  for (const f of FILE_FIELDS) if (f in out) out[f] = row[f] ? (refs.get(row[f] as string) ?? null) : null;

  out.posizioni_operatore = (await posizioniOf(ex, row.id)).map((p) => ({ posizione: p }));
  out.anonimizzato = row.anonimizzato;
  out.created_at = row.created_at.toISOString();
  out.updated_at = row.updated_at.toISOString();
  Object.assign(out, await loadTabs(ctx, row.id, user));
  return out as OperatoreRecord;
}

/** Canonical forms: fiscal code and IBAN upper-case without spaces, province codes upper-case. */
function normalize(input: OperatoreInput): OperatoreInput {
  const v: OperatoreInput = { ...input };
  if (v.codice_fiscale !== undefined) v.codice_fiscale = normalizeFiscalCode(v.codice_fiscale);
  if (v.iban !== undefined) v.iban = normalizeIban(v.iban);
  if (v.sesso !== undefined) v.sesso = v.sesso.toUpperCase();
  for (const f of ["prov", "d_prov", "prov_nascita"] as const)
    if (v[f] !== undefined) v[f] = (v[f] as string).toUpperCase();
  if (v.email !== undefined) v.email = v.email.toLowerCase();
  if (v.pec !== undefined) v.pec = v.pec.toLowerCase();
  return v;
}

const DEFAULTS: Partial<Record<OperatoreField, unknown>> = {
  sesso: "M",
  attivo: true,
  cessato: false,
  black_list: false,
};

function same(a: unknown, b: unknown): boolean {
  const n = (v: unknown) => (v === undefined || v === "" ? null : v);
  return JSON.stringify(n(a)) === JSON.stringify(n(b));
}

/** The fields the input changes compared with `current`, with the permission each needs. */
type AddressRow = AddressParts & { lat?: number | null; lng?: number | null };

function changedFields(input: OperatoreInput, current: Record<string, unknown>) {
  const changes: Record<string, unknown> = {};
  for (const f of [...ANAGRAFICA_WRITABLE, ...ALTRO_FIELDS]) {
    const v = (input as Record<string, unknown>)[f];
    if (v === undefined) continue;
    if (!same(v, current[f])) changes[f] = v;
  }
  return changes;
}

function checkWritePermissions(user: Actor, changes: Record<string, unknown>, posizioniChanged: boolean) {
  const keys = Object.keys(changes);
  const altro = keys.some((k) => (ALTRO_FIELDS as readonly string[]).includes(k));
  const anag = posizioniChanged || keys.some((k) => !(ALTRO_FIELDS as readonly string[]).includes(k));
  if (altro && !can(user, "operatoriAltro")) throw forbidden();
  if (anag && !can(user, "operatoriAnagrafica")) throw forbidden();
}

async function uniquenessErrors(
  ex: Executor,
  values: Record<string, unknown>,
  id: number | null,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const cf = String(values.codice_fiscale ?? "");
  if (cf) {
    const rows = await ex
      .select({ id: operatori.id, anonimizzato: operatori.anonimizzato })
      .from(operatori)
      .where(eq(operatori.codice_fiscale, cf));
    if (rows.some((r) => r.id !== id && !r.anonimizzato)) {
      errors.codice_fiscale = "Esiste già un operatore con questo codice fiscale";
    }
  }
  const codice = String(values.codice ?? "");
  if (codice) {
    const rows = await ex.select({ id: operatori.id }).from(operatori).where(eq(operatori.codice, codice));
    if (rows.some((r) => r.id !== id)) errors.codice = "Codice già in uso";
  }
  return errors;
}

async function posizioniErrors(ex: Executor, ids: number[] | null): Promise<FieldErrors> {
  if (!ids || ids.length === 0) return {};
  const found = await ex.select({ id: posizioni.id }).from(posizioni).where(inArray(posizioni.id, ids));
  return found.length === ids.length ? {} : { posizioni_operatore: "Qualifica non valida" };
}

/** Validation of the full merged record, plus uniqueness and lookups. Throws 400 with errors. */
async function validateAll(
  ex: Executor,
  merged: Record<string, unknown>,
  id: number | null,
  posIds: number[] | null,
  today: string,
) {
  const errors: FieldErrors = {
    ...(await posizioniErrors(ex, posIds)),
    ...(await uniquenessErrors(ex, merged, id)),
    ...validateOperatore(merged, today),
  };
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

function posizioniLog(before: { descrizione: string }[], afterIds: number[], all: Map<number, string>): string[] {
  const a = before.map((p) => p.descrizione).sort();
  const b = afterIds.map((id) => all.get(id) ?? String(id)).sort();
  return changeLog({ posizioni: a }, { posizioni: b }, { posizioni: FIELD_LABELS.posizioni });
}

async function posizioniNames(ex: Executor): Promise<Map<number, string>> {
  const rows = await ex.select({ id: posizioni.id, descrizione: posizioni.descrizione }).from(posizioni);
  return new Map(rows.map((r) => [r.id, r.descrizione]));
}

async function setPosizioni(ex: Executor, id: number, ids: number[]) {
  await ex.delete(operatoriPosizioni).where(eq(operatoriPosizioni.operatore_id, id));
  if (ids.length) await ex.insert(operatoriPosizioni).values(ids.map((p) => ({ operatore_id: id, posizione_id: p })));
}

export async function createOperatore(ctx: AppContext, raw: OperatoreInput): Promise<number> {
  const user = ctx.actor;
  const input = normalize(raw);
  const changes = changedFields(input, {});
  const posIds = input.posizioni_operatore ? posizioneIds(input.posizioni_operatore) : [];
  checkWritePermissions(user, changes, posIds.length > 0);
  const merged = { ...DEFAULTS, ...changes };
  const today = todayOf(ctx);
  await validateAll(ctx.db, merged, null, posIds, today);
  // The home address is geocoded (when configured) so planning can rank operators by distance.
  const placed = await placeAddress(ctx.config, null, merged as AddressRow, changes, "Residenza");
  return ctx.db.transaction(async (tx) => {
    const values = { ...placed.after } as Record<string, unknown>;
    if (!values.codice) delete values.codice;
    const [row] = await tx
      .insert(operatori)
      .values(values as typeof operatori.$inferInsert)
      .returning();
    await setPosizioni(tx, row.id, posIds);
    const names = await posizioniNames(tx);
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: CONTENT_TYPE,
      objectId: row.id,
      ...auditBy(ctx.actor),
      note: `${row.cognome} ${row.nome}`,
      changeLog: [
        ...changeLog(null, row as unknown as Record<string, unknown>, CHANGE_LOG_LABELS),
        ...(posIds.length ? posizioniLog([], posIds, names) : []),
      ],
    });
    return row.id;
  });
}

export async function updateOperatore(ctx: AppContext, id: number, raw: OperatoreInput): Promise<void> {
  const user = ctx.actor;
  const current = await getOperatoreRow(ctx.db, id);
  if (current.anonimizzato)
    throw validationError({ non_field_errors: "L'operatore è stato anonimizzato e non può essere modificato" });
  const input = normalize(raw);
  const cur = current as unknown as Record<string, unknown>;
  const changes = changedFields(input, cur);
  const beforePos = await posizioniOf(ctx.db, id);
  let posIds: number[] | null = null;
  if (input.posizioni_operatore) {
    const next = posizioneIds(input.posizioni_operatore);
    const prev = beforePos.map((p) => p.id);
    if (next.length !== prev.length || next.some((p) => !prev.includes(p))) posIds = next;
  }
  checkWritePermissions(user, changes, posIds !== null);
  if (Object.keys(changes).length === 0 && posIds === null) return;
  const merged = { ...cur, ...changes };
  await validateAll(ctx.db, merged, id, posIds, todayOf(ctx));
  const placed = await placeAddress(ctx.config, cur as AddressRow, merged as AddressRow, changes, "Residenza");
  if (placed.after.lat !== cur.lat || placed.after.lng !== cur.lng) {
    changes.lat = placed.after.lat ?? null;
    changes.lng = placed.after.lng ?? null;
  }
  await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(operatori)
      .set({ ...(changes as Partial<typeof operatori.$inferInsert>), updated_at: ctx.clock() })
      .where(eq(operatori.id, id))
      .returning();
    const lines = changeLog(cur, after as unknown as Record<string, unknown>, CHANGE_LOG_LABELS);
    if (posIds !== null) {
      await setPosizioni(tx, id, posIds);
      lines.push(...posizioniLog(beforePos, posIds, await posizioniNames(tx)));
    }
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${after.cognome} ${after.nome}`,
      changeLog: lines,
    });
  });
}

/** Every file held for the operator: photos, CV, documents', courses' and any other upload. */
export async function operatoreFileIds(ex: Executor, id: number): Promise<string[]> {
  const row = await getOperatoreRow(ex, id);
  const ids = new Set<string>();
  for (const f of FILE_FIELDS) if (row[f]) ids.add(row[f] as string);
  const docs = await ex
    .select({ f: operatoriDocumenti.file_id })
    .from(operatoriDocumenti)
    .where(eq(operatoriDocumenti.operatore_id, id));
  const corsi = await ex
    .select({ f: operatoriCorsi.file_id })
    .from(operatoriCorsi)
    .where(eq(operatoriCorsi.operatore_id, id));
  for (const r of [...docs, ...corsi]) if (r.f) ids.add(r.f);
  const owned = await ex
    .select({ id: files.id })
    .from(files)
    .where(and(eq(files.ownerType, CONTENT_TYPE), eq(files.ownerId, String(id))));
  for (const o of owned) ids.add(o.id);
  return [...ids];
}

export async function deleteOperatore(ctx: AppContext, id: number): Promise<void> {
  const row = await getOperatoreRow(ctx.db, id);
  const fileIds = await operatoreFileIds(ctx.db, id);
  const removed = await ctx.db.transaction(async (tx) => {
    await tx.delete(operatori).where(eq(operatori.id, id));
    const gone = await deleteFileRows(tx, fileIds);
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${row.cognome} ${row.nome}`,
      changeLog: changeLog(row as unknown as Record<string, unknown>, null, {
        codice: FIELD_LABELS.codice,
        cognome: FIELD_LABELS.cognome,
        nome: FIELD_LABELS.nome,
      }),
    });
    return gone;
  });
  await removeStoredFiles(ctx.config.dataDir, removed);
}
