/**
 * Candidates: read, staff writes, 'assumi' (creates the operator in the same transaction) and the
 * CV. Every write is audited (content type 'candidato'); the hire also audits the new operator.
 */
import { eq, inArray, sql } from "drizzle-orm";
import {
  CANDIDATO_LABELS,
  type Candidato,
  type CandidatoFields,
  GIORNI_SETTIMANA,
  STATO_ASSUNTO_NON_MODIFICABILE,
  STATO_ASSUNTO_SOLO_CON_ASSUMI,
  STATO_CANDIDATO_LABELS,
  type StatoCandidato,
  validateCandidato,
} from "../../../../src/domain/candidato";
import { normalizeFiscalCode } from "../../../../src/domain/fiscal-code";
import { toApiDate } from "../../../../src/domain/format";
import type { Executor } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { candidati, candidatiPosizioni } from "../../../db/schema/anagrafiche-clienti";
import { posizioni } from "../../../db/schema/core";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { deleteFileRows, type FileRow, getFileRow, removeStoredFiles } from "../../../lib/files";
import type { CandidatoData } from "./candidati.schema";

export const CONTENT_TYPE = "candidato";
export const CANDIDATO_NON_TROVATO = "Candidato non trovato";
export const GIA_ASSUNTO = "Il candidato è già stato assunto";
export const CF_GIA_OPERATORE = "Esiste già un operatore con questo codice fiscale";
export const DATI_PER_ASSUMERE = "Per assumere il candidato completa codice fiscale e data di nascita";

type Row = typeof candidati.$inferSelect;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function fields(r: Row, pos: number[]): CandidatoFields {
  return {
    nome: r.nome,
    cognome: r.cognome,
    sesso: r.sesso === "F" ? "F" : "M",
    data_nascita: r.dataNascita,
    codice_fiscale: r.codiceFiscale,
    email: r.email,
    cellulare: r.cellulare,
    citta: r.citta,
    prov: r.prov,
    posizioni: pos,
    giorni_disponibili: [...r.giorniDisponibili].sort((a, b) => a - b),
    turni_notturni: r.turniNotturni,
    trasferte: r.trasferte,
    stato: r.stato as StatoCandidato,
    valutazione: r.valutazione,
    note: r.note,
  };
}

function columns(f: CandidatoFields) {
  return {
    nome: f.nome,
    cognome: f.cognome,
    sesso: f.sesso,
    dataNascita: f.data_nascita || null,
    codiceFiscale: f.codice_fiscale,
    email: f.email,
    cellulare: f.cellulare,
    citta: f.citta,
    prov: f.prov,
    giorniDisponibili: f.giorni_disponibili,
    turniNotturni: f.turni_notturni,
    trasferte: f.trasferte,
    stato: f.stato,
    valutazione: f.valutazione,
    note: f.note,
  };
}

const EMPTY: CandidatoFields = {
  nome: "",
  cognome: "",
  sesso: "M",
  data_nascita: null,
  codice_fiscale: "",
  email: "",
  cellulare: "",
  citta: "",
  prov: "",
  posizioni: [],
  giorni_disponibili: [],
  turni_notturni: false,
  trasferte: false,
  stato: "nuovo",
  valutazione: null,
  note: "",
};

/** Canonical stored values: trimmed, CF and province upper-cased, e-mail lower-cased, sets sorted. */
export function normalizeCandidato<T extends Partial<CandidatoFields>>(v: T): T {
  const out: Record<string, unknown> = { ...v };
  for (const [k, x] of Object.entries(out)) if (typeof x === "string") out[k] = x.trim();
  if (typeof out.codice_fiscale === "string") out.codice_fiscale = normalizeFiscalCode(out.codice_fiscale);
  if (typeof out.prov === "string") out.prov = out.prov.toUpperCase();
  if (typeof out.email === "string") out.email = out.email.toLowerCase();
  if (out.data_nascita === "") out.data_nascita = null;
  if (Array.isArray(out.posizioni)) out.posizioni = [...new Set(out.posizioni as number[])].sort((a, b) => a - b);
  if (Array.isArray(out.giorni_disponibili)) {
    out.giorni_disponibili = [...new Set(out.giorni_disponibili as number[])].sort((a, b) => a - b);
  }
  return out as T;
}

function merge(before: CandidatoFields, data: CandidatoData): CandidatoFields {
  const out = { ...before } as Record<string, unknown>;
  for (const [k, v] of Object.entries(data)) {
    if (!(k in out) || v === undefined) continue;
    if (v === null) {
      if (k === "data_nascita" || k === "valutazione") out[k] = null;
      else if (typeof out[k] === "string" && k !== "sesso" && k !== "stato") out[k] = "";
      else if (Array.isArray(out[k])) out[k] = [];
      continue;
    }
    out[k] = v;
  }
  return normalizeCandidato(out as unknown as CandidatoFields);
}

/** Positions that do not exist → field error. */
export async function checkPosizioni(ex: Executor, ids: number[]): Promise<string> {
  if (ids.length === 0) return "";
  const found = await ex.select({ id: posizioni.id }).from(posizioni).where(inArray(posizioni.id, ids));
  return found.length === ids.length ? "" : "Posizione non valida";
}

async function posizioniOf(ex: Executor, id: number) {
  return queryRows<{ id: number; descrizione: string }>(
    ex,
    sql`SELECT p.id, p.descrizione FROM candidati_posizioni cp JOIN posizioni p ON p.id = cp.posizione_id
        WHERE cp.candidato_id = ${id} ORDER BY p.ordine, p.id`,
  );
}

async function findRow(ex: Executor, id: number, lock = false): Promise<Row | undefined> {
  const q = ex.select().from(candidati).where(eq(candidati.id, id));
  const [row] = lock ? await q.for("update") : await q;
  return row;
}

async function currentFields(ex: Executor, row: Row): Promise<CandidatoFields> {
  return fields(
    row,
    (await posizioniOf(ex, row.id)).map((p) => Number(p.id)),
  );
}

export async function getCandidato(ex: Executor, id: number): Promise<Candidato> {
  const row = await findRow(ex, id);
  if (!row) throw notFound(CANDIDATO_NON_TROVATO);
  const pos = (await posizioniOf(ex, id)).map((p) => ({ id: Number(p.id), descrizione: p.descrizione }));
  const cv: FileRow | undefined = row.cvFileId ? await getFileRow(ex, row.cvFileId) : undefined;
  return {
    id: row.id,
    ...fields(
      row,
      pos.map((p) => p.id),
    ),
    posizioni_desiderate: pos,
    messaggio: row.messaggio,
    cv: cv ? { id: cv.id, nome: cv.nomeOriginale, dimensione: cv.dimensione } : null,
    origine: row.origine === "form" ? "form" : "manuale",
    privacy_accettata_il: iso(row.privacyAccettataIl),
    operatore_id: row.operatoreId,
    created_at: iso(row.createdAt) as string,
    updated_at: iso(row.updatedAt) as string,
  };
}

/** The values as the change lines show them: position names, status label, day names. */
async function withPosizioniLabels(ex: Executor, f: CandidatoFields): Promise<Record<string, unknown>> {
  const out = {
    ...f,
    stato: STATO_CANDIDATO_LABELS[f.stato],
    giorni_disponibili: f.giorni_disponibili.map((g) => GIORNI_SETTIMANA[g] ?? String(g)),
  };
  if (f.posizioni.length === 0) return out;
  const rows = await ex.select().from(posizioni).where(inArray(posizioni.id, f.posizioni));
  const byId = new Map(rows.map((r) => [r.id, r.descrizione]));
  return { ...out, posizioni: f.posizioni.map((id) => byId.get(id) ?? String(id)) };
}

async function setPosizioni(ex: Executor, id: number, ids: number[]) {
  await ex.delete(candidatiPosizioni).where(eq(candidatiPosizioni.candidatoId, id));
  if (ids.length)
    await ex.insert(candidatiPosizioni).values(ids.map((posizioneId) => ({ candidatoId: id, posizioneId })));
}

async function validateOrThrow(ctx: AppContext, f: CandidatoFields, before: CandidatoFields | null) {
  const errors = validateCandidato(f, toApiDate(ctx.clock()));
  if (f.stato === "assunto" && before?.stato !== "assunto") errors.stato = STATO_ASSUNTO_SOLO_CON_ASSUMI;
  if (before?.stato === "assunto" && f.stato !== "assunto") errors.stato = STATO_ASSUNTO_NON_MODIFICABILE;
  const pos = await checkPosizioni(ctx.db, f.posizioni);
  if (pos) errors.posizioni = pos;
  if (Object.keys(errors).length) throw validationError(errors);
}

export async function createCandidato(ctx: AppContext, data: CandidatoData): Promise<Candidato> {
  const f = merge(EMPTY, data);
  await validateOrThrow(ctx, f, null);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.insert(candidati).values(columns(f)).returning({ id: candidati.id });
    await setPosizioni(tx, row.id, f.posizioni);
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: CONTENT_TYPE,
      objectId: row.id,
      ...auditBy(ctx.actor),
      note: `${f.cognome} ${f.nome}`,
      changeLog: changeLog(null, await withPosizioniLabels(tx, f), CANDIDATO_LABELS),
    });
    return row.id;
  });
  return getCandidato(ctx.db, id);
}

export async function updateCandidato(ctx: AppContext, id: number, data: CandidatoData) {
  const row = await findRow(ctx.db, id);
  if (!row) throw notFound(CANDIDATO_NON_TROVATO);
  const before = await currentFields(ctx.db, row);
  const after = merge(before, data);
  await validateOrThrow(ctx, after, before);
  await ctx.db.transaction(async (tx) => {
    const locked = await findRow(tx, id, true);
    if (!locked) throw notFound(CANDIDATO_NON_TROVATO);
    const prev = await currentFields(tx, locked);
    if (prev.stato === "assunto" && after.stato !== "assunto")
      throw validationError({ stato: STATO_ASSUNTO_NON_MODIFICABILE });
    const lines = changeLog(
      await withPosizioniLabels(tx, prev),
      await withPosizioniLabels(tx, after),
      CANDIDATO_LABELS,
    );
    if (lines.length === 0) return;
    await tx
      .update(candidati)
      .set({ ...columns(after), updatedAt: ctx.clock() })
      .where(eq(candidati.id, id));
    await setPosizioni(tx, id, after.posizioni);
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${after.cognome} ${after.nome}`,
      changeLog: lines,
    });
  });
  return getCandidato(ctx.db, id);
}

export async function deleteCandidato(ctx: AppContext, id: number) {
  const removed = await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    if (!row) throw notFound(CANDIDATO_NON_TROVATO);
    const before = await currentFields(tx, row);
    await tx.delete(candidati).where(eq(candidati.id, id));
    // The CV goes with the candidate, unless the hired operator keeps it as curriculum.
    let files: FileRow[] = [];
    if (row.cvFileId && row.operatoreId === null) files = await deleteFileRows(tx, [row.cvFileId]);
    await writeAudit(tx, {
      azione: AZIONI.delete,
      contentType: CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${row.cognome} ${row.nome}`,
      changeLog: changeLog(await withPosizioniLabels(tx, before), null, CANDIDATO_LABELS),
    });
    return files;
  });
  await removeStoredFiles(ctx.config.dataDir, removed);
}

/**
 * 'Assumi': creates the operator from the candidate's data (nome, cognome, sesso, data di nascita,
 * codice fiscale, e-mail, cellulare, città, provincia, posizioni, CV as curriculum) in the same
 * transaction, sets stato 'assunto' and operatore_id, audits both. 409 when already hired.
 */
export async function assumiCandidato(ctx: AppContext, id: number) {
  const operatoreId = await ctx.db.transaction(async (tx) => {
    const row = await findRow(tx, id, true);
    if (!row) throw notFound(CANDIDATO_NON_TROVATO);
    if (row.stato === "assunto" || row.operatoreId !== null) throw conflict(GIA_ASSUNTO);
    const f = await currentFields(tx, row);
    const missing: Record<string, string> = {};
    if (!f.codice_fiscale) missing.codice_fiscale = DATI_PER_ASSUMERE;
    if (!f.data_nascita) missing.data_nascita = DATI_PER_ASSUMERE;
    if (Object.keys(missing).length) throw validationError(missing);
    const dup = await queryOne<{ id: number }>(
      tx,
      sql`SELECT id FROM operatori WHERE codice_fiscale = ${f.codice_fiscale} AND NOT anonimizzato LIMIT 1`,
    );
    if (dup) throw conflict(CF_GIA_OPERATORE, { operatore_id: Number(dup.id) });
    const op = (await queryOne<{ id: number; codice: string }>(
      tx,
      sql`INSERT INTO operatori (nome, cognome, sesso, data_nascita, codice_fiscale, email, cellulare, citta, prov, curriculum)
          VALUES (${f.nome}, ${f.cognome}, ${f.sesso}, ${f.data_nascita}, ${f.codice_fiscale}, ${f.email},
                  ${f.cellulare}, ${f.citta}, ${f.prov}, ${row.cvFileId})
          RETURNING id, codice`,
    )) as { id: number; codice: string };
    const opId = Number(op.id);
    for (const p of f.posizioni) {
      await tx.execute(sql`INSERT INTO operatori_posizioni (operatore_id, posizione_id) VALUES (${opId}, ${p})`);
    }
    await tx
      .update(candidati)
      .set({ stato: "assunto", operatoreId: opId, updatedAt: ctx.clock() })
      .where(eq(candidati.id, id));
    const who = `${f.cognome} ${f.nome}`;
    const related = [{ content_type: CONTENT_TYPE, object_id: id }];
    await writeAudit(tx, {
      azione: AZIONI.create,
      contentType: "operatore",
      objectId: opId,
      ...auditBy(ctx.actor),
      note: `${who}: assunto dal candidato n. ${id}`,
      related,
      changeLog: changeLog(
        null,
        { ...(await withPosizioniLabels(tx, f)), codice: op.codice },
        {
          codice: "Codice",
          cognome: "Cognome",
          nome: "Nome",
          sesso: "Sesso",
          data_nascita: "Data di nascita",
          codice_fiscale: "Codice fiscale",
          email: "E-mail",
          cellulare: "Cellulare",
          citta: "Città",
          prov: "Provincia",
          posizioni: "Posizioni",
        },
      ),
    });
    await writeAudit(tx, {
      azione: AZIONI.update,
      contentType: CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `${who}: assunto (operatore ${op.codice})`,
      related: [{ content_type: "operatore", object_id: opId }],
      changeLog: [`Stato: "${STATO_CANDIDATO_LABELS[f.stato]}" → "${STATO_CANDIDATO_LABELS.assunto}"`],
    });
    return opId;
  });
  return { ...(await getCandidato(ctx.db, id)), operatore_id: operatoreId };
}

/** The candidate's CV row (for serving), or 404. */
export async function cvOf(ex: Executor, id: number): Promise<FileRow> {
  const row = await findRow(ex, id);
  if (!row) throw notFound(CANDIDATO_NON_TROVATO);
  const file = row.cvFileId ? await getFileRow(ex, row.cvFileId) : undefined;
  if (!file) throw notFound("Il candidato non ha un curriculum");
  return file;
}
