/**
 * The office's side of the guards' service reports (issue 34 item 6): one report with its versions
 * and photos; relevant for the police or not; an amendment — a new version with who, when and why,
 * the guard's original kept (versions are append-only, migration 0766); approval, after which the
 * database refuses any change. Every write is one transaction with its audit entry, under the row's
 * lock (two supervisors amending at once get one version each, in order).
 */
import { sql } from "drizzle-orm";
import {
  RELAZIONE_APPROVATA,
  RELAZIONE_CATEGORIA_LABEL,
  RELAZIONE_NON_TROVATA,
  type Relazione,
  type RelazioneModificaData,
  type RelazioneUpdateData,
  type RelazioneVersione,
} from "../../../../src/domain/contracts/console/relazioni/schemas";
import type { Executor, Tx } from "../../../db/client";
import { queryOne, queryRows } from "../../../db/query";
import { AZIONI, changeLog, writeAudit } from "../../../lib/audit";
import { auditBy, type ServiceContext } from "../../../lib/context";
import { conflict, notFound } from "../../../lib/errors";
import { type FileRow, getFileRow } from "../../../lib/files";
import { local } from "../allarmi/allarmi.service";

export const RELAZIONE_CONTENT_TYPE = "relazione_servizio";

interface Row {
  id: number;
  stato: Relazione["stato"];
  rilevante: boolean;
  provincia: string;
  data_ora: string;
  ricevuto_il: string;
  lat: number | null;
  lng: number | null;
  accuratezza: number | null;
  operatore_id: number;
  operatore_nome: string;
  turno: Relazione["turno"];
  approvata_da_id: number | null;
  approvata_da_nome: string | null;
  approvata_il: string | null;
  allarme_id: number | null;
}

const SELECT = sql`SELECT r.id, r.stato, r.rilevante, r.provincia, ${local("r.data_ora")} AS data_ora, ${local("r.ricevuto_il")} AS ricevuto_il,
       r.lat, r.lng, r.accuratezza, o.id AS operatore_id, trim(o.nome || ' ' || o.cognome) AS operatore_nome,
       (SELECT json_build_object('id', t.id, 'giorno', to_char(g.giorno, 'YYYY-MM-DD'), 'cliente', cl.ragione_sociale,
                 'servizio', coalesce(nullif(s.descrizione, ''), c.titolo), 'indirizzo', s.indirizzo)
          FROM turni t JOIN giorni g ON g.id = t.giorno_id JOIN servizi s ON s.id = g.servizio_id
          JOIN contratti c ON c.id = s.contratto_id JOIN clienti cl ON cl.id = c.cliente_id
         WHERE t.id = r.turno_id) AS turno,
       au.id AS approvata_da_id, trim(au.nome || ' ' || au.cognome) AS approvata_da_nome, ${local("r.approvata_il")} AS approvata_il,
       (SELECT a.id FROM allarmi a WHERE a.relazione_id = r.id) AS allarme_id
  FROM relazioni_servizio r
  JOIN operatori o ON o.id = r.operatore_id
  LEFT JOIN users au ON au.id = r.approvata_da`;

interface VersioneRow extends Omit<RelazioneVersione, "autore"> {
  autore_id: number | null;
  autore_nome: string | null;
}

const num = (v: number | null) => (v === null ? null : Number(v));

async function read(ex: Executor, id: number, lock = false): Promise<Row | undefined> {
  if (lock && !(await queryOne(ex, sql`SELECT id FROM relazioni_servizio WHERE id = ${id} FOR UPDATE`)))
    return undefined;
  return queryOne<Row>(ex, sql`${SELECT} WHERE r.id = ${id}`);
}

async function versioni(ex: Executor, id: number): Promise<RelazioneVersione[]> {
  const rows = await queryRows<VersioneRow>(
    ex,
    sql`SELECT v.versione, v.categoria, v.gravita, ${local("v.accaduto_il")} AS accaduto_il, v.luogo, v.descrizione,
               v.provvedimenti, v.motivo, u.id AS autore_id, trim(u.nome || ' ' || u.cognome) AS autore_nome,
               ${local("v.creata_il")} AS creata_il
          FROM relazioni_servizio_versioni v LEFT JOIN users u ON u.id = v.utente_id
         WHERE v.relazione_id = ${id} ORDER BY v.versione`,
  );
  return rows.map(({ autore_id, autore_nome, ...v }) => ({
    ...v,
    autore: autore_id === null ? null : { id: autore_id, full_name: autore_nome ?? "" },
  }));
}

export async function getRelazione(ctx: Pick<ServiceContext, "db">, id: number): Promise<Relazione> {
  const r = await read(ctx.db, id);
  if (!r) throw notFound(RELAZIONE_NON_TROVATA);
  const foto = await queryRows<{ file_id: string }>(
    ctx.db,
    sql`SELECT file_id::text FROM relazioni_servizio_foto WHERE relazione_id = ${id} ORDER BY caricata_il, file_id`,
  );
  return {
    id: Number(r.id),
    stato: r.stato,
    rilevante: r.rilevante,
    provincia: r.provincia,
    data_ora: r.data_ora,
    ricevuto_il: r.ricevuto_il,
    lat: num(r.lat),
    lng: num(r.lng),
    accuratezza: num(r.accuratezza),
    operatore: { id: r.operatore_id, full_name: r.operatore_nome },
    turno: r.turno,
    approvata_da: r.approvata_da_id === null ? null : { id: r.approvata_da_id, full_name: r.approvata_da_nome ?? "" },
    approvata_il: r.approvata_il,
    allarme_id: r.allarme_id === null ? null : Number(r.allarme_id),
    versioni: await versioni(ctx.db, id),
    foto: foto.map((f) => f.file_id),
  };
}

/** A photo of the report: the file row, only when it belongs to that report. */
export async function fotoRelazione(ctx: ServiceContext, id: number, fileId: string): Promise<FileRow> {
  const linked = await queryOne(
    ctx.db,
    sql`SELECT 1 FROM relazioni_servizio_foto WHERE relazione_id = ${id} AND file_id = ${fileId}::uuid`,
  );
  const row = linked ? await getFileRow(ctx.db, fileId) : undefined;
  if (!row) throw notFound("Foto non trovata");
  return row;
}

/** Runs a change of a report to approve under its lock, with the audit entry `change` describes. */
async function step(
  ctx: ServiceContext,
  id: number,
  change: (before: Row, tx: Tx) => Promise<{ note: string; log?: ReturnType<typeof changeLog> } | null>,
): Promise<Relazione> {
  await ctx.db.transaction(async (tx) => {
    const before = await read(tx as Tx, id, true);
    if (!before) throw notFound(RELAZIONE_NON_TROVATA);
    if (before.stato === "approvata") throw conflict(RELAZIONE_APPROVATA);
    const done = await change(before, tx as Tx);
    if (!done) return;
    await writeAudit(tx, {
      ...auditBy(ctx.actor),
      azione: AZIONI.update,
      contentType: RELAZIONE_CONTENT_TYPE,
      objectId: id,
      note: done.note,
      related: [
        { content_type: "operatore", object_id: before.operatore_id },
        ...(before.turno ? [{ content_type: "turno", object_id: before.turno.id }] : []),
      ],
      ...(done.log ? { changeLog: done.log } : {}),
    });
  });
  return getRelazione(ctx, id);
}

/** Relevant for the police (it goes in the foglio notizie of the day it happened) or not. */
export async function aggiornaRelazione(
  ctx: ServiceContext,
  id: number,
  data: RelazioneUpdateData,
): Promise<Relazione> {
  return step(ctx, id, async (before, tx) => {
    if (data.rilevante === undefined || data.rilevante === before.rilevante) return null;
    await tx.execute(sql`UPDATE relazioni_servizio SET rilevante = ${data.rilevante} WHERE id = ${id}`);
    const si = (v: boolean) => (v ? "Sì" : "No");
    return {
      note: `Relazione di ${before.operatore_nome} ${data.rilevante ? "segnata" : "non più"} rilevante per la Questura`,
      log: changeLog(
        { rilevante: si(before.rilevante) },
        { rilevante: si(data.rilevante) },
        { rilevante: "Rilevante per la Questura" },
      ),
    };
  });
}

/** The office's amendment: a new version with its reason; the earlier ones stay as they were. */
export async function modificaRelazione(
  ctx: ServiceContext,
  id: number,
  data: RelazioneModificaData,
): Promise<Relazione> {
  return step(ctx, id, async (before, tx) => {
    const v = (await queryOne<{ versione: number }>(
      tx,
      sql`INSERT INTO relazioni_servizio_versioni
            (relazione_id, versione, categoria, gravita, accaduto_il, luogo, descrizione, provvedimenti, motivo, utente_id, creata_il)
          SELECT ${id}, max(versione) + 1, ${data.categoria}, ${data.gravita}, ${data.accaduto_il}::timestamptz, ${data.luogo},
                 ${data.descrizione}, ${data.provvedimenti}, ${data.motivo}, ${ctx.actor.userId}, ${ctx.clock()}::timestamptz
            FROM relazioni_servizio_versioni WHERE relazione_id = ${id}
          RETURNING versione`,
    )) as { versione: number };
    return {
      note: `Relazione di ${before.operatore_nome} corretta (versione ${v.versione}, ${RELAZIONE_CATEGORIA_LABEL[data.categoria]}): ${data.motivo}`,
    };
  });
}

/** Approval: from here the database refuses any change of the report, its versions and photos. */
export async function approvaRelazione(ctx: ServiceContext, id: number): Promise<Relazione> {
  return step(ctx, id, async (before, tx) => {
    await tx.execute(
      sql`UPDATE relazioni_servizio SET stato = 'approvata', approvata_da = ${ctx.actor.userId},
                 approvata_il = ${ctx.clock()}::timestamptz WHERE id = ${id}`,
    );
    return {
      note: `Relazione di ${before.operatore_nome} approvata${before.rilevante ? " (rilevante per la Questura)" : ""}`,
    };
  });
}
