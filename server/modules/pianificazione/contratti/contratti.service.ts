/** Contracts: read in the API shape (SPEC §3), create, update, delete — each with its audit entry. */
import { sql } from "drizzle-orm";
import type {
  Contratto,
  ContrattoCreate,
  ContrattoUpdate,
} from "../../../../src/domain/contracts/pianificazione/contratti";
import { CONTRATTO_LABELS, CONTRATTO_TEXT_FIELDS } from "../../../../src/domain/contratto";
import type { Executor } from "../../../db/client";
import { queryOne } from "../../../db/query";
import { AZIONI, changeLog } from "../../../lib/audit";
import type { ServiceContext } from "../../../lib/context";
import { conflict, notFound, validationError } from "../../../lib/errors";
import { audit, rel } from "../audit";

/** Every writable column of a contract but the client: SPEC §3 fields from src/domain/contratto.ts. */
const COLUMNS = [
  "titolo",
  ...CONTRATTO_TEXT_FIELDS,
  "attivo",
  "data_disattivazione",
  "allarme",
  "notifica",
  "notifica_allarme",
  "sono_vigile",
  "anomalie_minuti",
  "anomalie_distanza_m",
] as const;

type Row = Omit<Contratto, "cliente"> & { cliente_id: number; ragione_sociale: string };

export async function getContratto(ex: Executor, id: number): Promise<Contratto> {
  const r = await queryOne<Row>(
    ex,
    sql`SELECT c.id, c.titolo, c.cliente_id, cl.ragione_sociale, c.tipo_contratto, c.numero_contratto, c.tipo_servizio,
               c.sede, c.agente, c.subagente, c.responsabile, c.responsabile_zona, c.azienda_app, c.azienda_ese,
               c.annotazioni, c.attivo, to_char(c.data_disattivazione, 'YYYY-MM-DD') AS data_disattivazione,
               c.allarme, c.notifica, c.notifica_allarme, c.sono_vigile,
               c.anomalie_minuti, c.anomalie_distanza_m
        FROM contratti c JOIN clienti cl ON cl.id = c.cliente_id WHERE c.id = ${id}`,
  );
  if (!r) throw notFound("Contratto non trovato");
  const { cliente_id, ragione_sociale, ...rest } = r;
  return { ...rest, cliente: { id: cliente_id, ragione_sociale } };
}

async function checkCliente(ex: Executor, clienteId: number) {
  const c = await queryOne(ex, sql`SELECT 1 FROM clienti WHERE id = ${clienteId}`);
  if (!c) throw validationError({ cliente: "Cliente non trovato" });
}

const flat = (c: Contratto) => ({ ...c, cliente_id: `${c.cliente.ragione_sociale} (${c.cliente.id})` });

export async function createContratto(ctx: ServiceContext, data: ContrattoCreate): Promise<Contratto> {
  return ctx.db.transaction(async (tx) => {
    await checkCliente(tx, data.cliente);
    const values = COLUMNS.map((k) => sql`${data[k] ?? null}`);
    const row = await queryOne<{ id: number }>(
      tx,
      sql`INSERT INTO contratti (${sql.raw(COLUMNS.join(", "))}, cliente_id)
          VALUES (${sql.join(values, sql`, `)}, ${data.cliente}) RETURNING id`,
    );
    const created = await getContratto(tx, row!.id);
    await audit(tx, ctx.actor, {
      azione: AZIONI.create,
      contentType: "contratto",
      objectId: created.id,
      related: [rel("cliente", created.cliente.id)],
      changeLog: changeLog(null, flat(created), CONTRATTO_LABELS),
    });
    return created;
  });
}

export async function updateContratto(ctx: ServiceContext, id: number, data: ContrattoUpdate): Promise<Contratto> {
  return ctx.db.transaction(async (tx) => {
    const before = await getContratto(tx, id);
    const sets = COLUMNS.filter((k) => data[k] !== undefined).map((k) => sql`${sql.raw(k)} = ${data[k]}`);
    if (data.cliente !== undefined) {
      await checkCliente(tx, data.cliente);
      sets.push(sql`cliente_id = ${data.cliente}`);
    }
    await tx.execute(
      sql`UPDATE contratti SET ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} WHERE id = ${id}`,
    );
    const after = await getContratto(tx, id);
    const lines = changeLog(flat(before), flat(after), CONTRATTO_LABELS);
    if (lines.length)
      await audit(tx, ctx.actor, {
        azione: AZIONI.update,
        contentType: "contratto",
        objectId: id,
        related: [rel("cliente", after.cliente.id)],
        changeLog: lines,
      });
    return after;
  });
}

export async function deleteContratto(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await getContratto(tx, id);
    const busy = await queryOne(
      tx,
      sql`SELECT 1 FROM turni_operatori o JOIN turni t ON t.id = o.turno_id JOIN giorni g ON g.id = t.giorno_id
          JOIN servizi s ON s.id = g.servizio_id WHERE s.contratto_id = ${id} LIMIT 1`,
    );
    if (busy)
      throw conflict(
        "Il contratto ha turni con operatori assegnati: rimuovi le assegnazioni o disattiva il contratto",
        { reason: "assegnazioni_presenti" },
      );
    await tx.execute(sql`DELETE FROM contratti WHERE id = ${id}`);
    await audit(tx, ctx.actor, {
      azione: AZIONI.delete,
      contentType: "contratto",
      objectId: id,
      related: [rel("cliente", before.cliente.id)],
      changeLog: changeLog(flat(before), null, CONTRATTO_LABELS),
    });
  });
}

/** 404 unless the contract exists. */
export async function assertContratto(ex: Executor, id: number): Promise<void> {
  if (!(await queryOne(ex, sql`SELECT 1 FROM contratti WHERE id = ${id}`))) throw notFound("Contratto non trovato");
}
