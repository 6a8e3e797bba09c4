/**
 * Data-protection requests on an operator (the 'altro' tab).
 *
 * Export: a zip with JSON of everything held on the person — the record, qualifications, every
 * tab's list, the audit entries about them — plus their files under files/.
 *
 * Anonymisation (only a cessato operator, only once retention no longer applies). Our retention
 * rules, checked in this order, each refusing with 409 and the reason:
 *   - an HR pratica still open (stato ≠ 'chiusa') — the matter is not settled;
 *   - an employment contract without end, or ended less than 5 years ago (employment records,
 *     libro unico del lavoro: 5 years from the last entry);
 *   - a shift worked less than 2 years ago (shift records, issue 5).
 * It then blanks every personal field (name → 'Anonimo' / 'Operatore <codice>'), deletes
 * photos, CV, documents, courses and their files, qualifications, contracts, pay items, pratiche,
 * unavailability and availability, and marks the row anonimizzato (its id stays, so planning
 * history keeps pointing at an anonymous operator). The audit entry names no personal value.
 * Past audit entries are append-only by design and are not rewritten.
 */
import { addYears, format } from "date-fns";
import { eq, or, sql } from "drizzle-orm";
import yazl from "yazl";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import {
  files,
  operatori,
  operatoriCompensi,
  operatoriContratti,
  operatoriCorsi,
  operatoriDisponibilita,
  operatoriDocumenti,
  operatoriIndisponibilita,
  operatoriPosizioni,
  operatoriPratiche,
} from "../../../db/schema/anagrafiche-operatori";
import { logEntries } from "../../../db/schema/core";
import { writeAudit } from "../../../lib/audit";
import { type AppContext, auditBy } from "../../../lib/context";
import { listChildren } from "../../../lib/crud";
import { conflict } from "../../../lib/errors";
import { deleteFileRows, downloadName, readStoredFile, removeStoredFiles } from "../../../lib/files";
import { zipToBuffer } from "../../../lib/zip";
import { CONTENT_TYPE, getOperatoreRow, operatoreFileIds, posizioniOf, todayOf } from "./operatori.service";
import { TABS } from "./tabs.crud";
import { getDisponibilita } from "./tabs.service";

export const AZIONE_EXPORT = "Esportazione dati personali";
export const AZIONE_ANONIMIZZAZIONE = "Anonimizzazione";
export const RETENTION_CONTRACT_YEARS = 5;
export const RETENTION_SHIFT_YEARS = 2;

const json = (v: unknown) => Buffer.from(`${JSON.stringify(v, null, 2)}\n`, "utf8");

export async function exportOperatore(ctx: AppContext, id: number): Promise<{ filename: string; data: Buffer }> {
  const row = await getOperatoreRow(ctx.db, id);
  const zip = new yazl.ZipFile();
  const mtime = ctx.clock();
  const add = (name: string, data: Buffer) => zip.addBuffer(data, name, { mtime });

  const { anonimizzato_il, created_at, updated_at, ...fields } = row;
  add("operatore.json", json({ ...fields, created_at, updated_at, anonimizzato_il }));
  add("posizioni.json", json(await posizioniOf(ctx.db, id)));
  for (const [name, tab] of Object.entries(TABS)) add(`${name}.json`, json(await listChildren(ctx, tab, id)));
  add("disponibilita.json", json(await getDisponibilita(ctx.db, id)));
  const log = await ctx.db
    .select()
    .from(logEntries)
    .where(
      or(
        sql`(${logEntries.contentType} = ${CONTENT_TYPE} AND ${logEntries.objectId} = ${String(id)})`,
        sql`${logEntries.related} @> ${JSON.stringify([{ content_type: CONTENT_TYPE, object_id: String(id) }])}::jsonb`,
      ),
    )
    .orderBy(logEntries.dataOra, logEntries.id);
  add("registro-modifiche.json", json(log));

  const ids = await operatoreFileIds(ctx.db, id);
  const index: { file: string; categoria: string; nome_originale: string; mime: string; sha256: string }[] = [];
  for (const fid of ids) {
    const [f] = await ctx.db.select().from(files).where(eq(files.id, fid));
    if (!f) continue;
    const name = `files/${f.categoria}-${f.id.slice(0, 8)}-${downloadName(f)}`;
    try {
      add(name, await readStoredFile(ctx.db, ctx.config.dataDir, f));
      index.push({
        file: name,
        categoria: f.categoria,
        nome_originale: f.nomeOriginale,
        mime: f.mime,
        sha256: f.sha256,
      });
    } catch {
      // a missing file on disk is listed without content
      index.push({ file: "", categoria: f.categoria, nome_originale: f.nomeOriginale, mime: f.mime, sha256: f.sha256 });
    }
  }
  add("files.json", json(index));
  add(
    "LEGGIMI.txt",
    Buffer.from(
      `Esportazione dei dati personali dell'operatore ${row.codice} (${row.cognome} ${row.nome}), ` +
        `generata il ${format(mtime, "dd/MM/yyyy HH:mm")}.\n` +
        "Contiene in formato JSON l'anagrafica, le qualifiche, i documenti, i corsi, i contratti, i compensi, " +
        "le pratiche, le indisponibilità, la disponibilità settimanale, il registro delle modifiche e i file caricati.\n",
      "utf8",
    ),
  );
  const data = await zipToBuffer(zip);
  await writeAudit(ctx.db, {
    azione: AZIONE_EXPORT,
    contentType: CONTENT_TYPE,
    objectId: id,
    ...auditBy(ctx.actor),
    note: `${row.cognome} ${row.nome}`,
  });
  return { filename: `operatore-${row.codice}-dati-personali.zip`, data };
}

/** The reasons that keep an operator's data (empty: anonymisation allowed). */
export async function retentionReasons(ex: Executor, id: number, today: string): Promise<string[]> {
  const reasons: string[] = [];
  const row = await getOperatoreRow(ex, id);
  if (row.anonimizzato) return ["L'operatore è già stato anonimizzato"];
  if (!row.cessato) reasons.push("Solo un operatore cessato può essere anonimizzato");

  const open = await ex
    .select({ id: operatoriPratiche.id, stato: operatoriPratiche.stato })
    .from(operatoriPratiche)
    .where(eq(operatoriPratiche.operatore_id, id));
  if (open.some((p) => p.stato !== "chiusa")) reasons.push("Ci sono pratiche non ancora chiuse");

  const contratti = await ex.select().from(operatoriContratti).where(eq(operatoriContratti.operatore_id, id));
  const contractLimit = format(addYears(new Date(`${today}T12:00:00`), -RETENTION_CONTRACT_YEARS), "yyyy-MM-dd");
  if (contratti.some((c) => !c.data_fine || c.data_fine > today)) {
    reasons.push("C'è un contratto di lavoro ancora in corso");
  } else if (contratti.some((c) => c.data_fine && c.data_fine > contractLimit)) {
    reasons.push(
      `L'ultimo contratto di lavoro è terminato da meno di ${RETENTION_CONTRACT_YEARS} anni (conservazione obbligatoria)`,
    );
  }

  const shiftLimit = format(addYears(new Date(`${today}T12:00:00`), -RETENTION_SHIFT_YEARS), "yyyy-MM-dd");
  const r = await queryOne<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM v_ore_operatore WHERE operatore_id = ${id} AND giorno > ${shiftLimit}::date`,
  );
  if (r && Number(r.n) > 0) {
    reasons.push(`L'operatore ha turni svolti negli ultimi ${RETENTION_SHIFT_YEARS} anni (conservazione obbligatoria)`);
  }
  return reasons;
}

export async function anonimizzaOperatore(ctx: AppContext, id: number): Promise<void> {
  const reasons = await retentionReasons(ctx.db, id, todayOf(ctx));
  if (reasons.length) throw conflict(reasons[0], { reasons });
  const row = await getOperatoreRow(ctx.db, id);
  const fileIds = await operatoreFileIds(ctx.db, id);
  const removed = await ctx.db.transaction(async (tx) => {
    for (const t of [
      operatoriDocumenti,
      operatoriCorsi,
      operatoriContratti,
      operatoriCompensi,
      operatoriPratiche,
      operatoriIndisponibilita,
    ]) {
      await tx.delete(t).where(eq(t.operatore_id, id));
    }
    await tx.delete(operatoriDisponibilita).where(eq(operatoriDisponibilita.operatore_id, id));
    await tx.delete(operatoriPosizioni).where(eq(operatoriPosizioni.operatore_id, id));
    await tx
      .update(operatori)
      .set({
        nome: "Anonimo",
        cognome: `Operatore ${row.codice}`,
        codice_fiscale: "",
        data_nascita: null,
        luogo_nascita: "",
        prov_nascita: "",
        cittadinanza: "",
        indirizzo: "",
        numero: "",
        cap: "",
        citta: "",
        prov: "",
        d_indirizzo: "",
        d_numero: "",
        d_cap: "",
        d_citta: "",
        d_prov: "",
        cellulare: "",
        telefono: "",
        email: "",
        pec: "",
        iban: "",
        data_iban: null,
        altezza: null,
        peso: null,
        titolo_studio: "",
        referente: "",
        area_agenzia: "",
        area_sede: "",
        attivo: false,
        black_list: false,
        data_iscrizione: null,
        ammortizzatori: false,
        amm_note: "",
        applicazione: false,
        sms: false,
        cod_pref: "",
        cp_rilasciato_da: "",
        cp_rilasciato_il: null,
        cp_scadenza: null,
        curriculum: null,
        foto_busto: null,
        foto_intera: null,
        foto_primo_piano: null,
        foto_profilo: null,
        annotazioni: "",
        note: "",
        rating: null,
        lat: null,
        lng: null,
        anonimizzato: true,
        anonimizzato_il: ctx.clock(),
        updated_at: ctx.clock(),
      })
      .where(eq(operatori.id, id));
    const gone = await deleteFileRows(tx, fileIds);
    await writeAudit(tx, {
      azione: AZIONE_ANONIMIZZAZIONE,
      contentType: CONTENT_TYPE,
      objectId: id,
      ...auditBy(ctx.actor),
      note: `Operatore ${row.codice}`,
      changeLog: ["Dati personali anonimizzati; file, documenti, corsi, contratti e pratiche eliminati"],
    });
    return gone;
  });
  await removeStoredFiles(ctx.config.dataDir, removed);
}
