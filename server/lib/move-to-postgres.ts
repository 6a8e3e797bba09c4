/**
 * `npm run erp -- db move-to-postgres --to postgres://…` (issue 36 item 3): the embedded database
 * (server stopped) copied into an empty PostgreSQL database, which is first migrated to the same
 * level by the same migrations. Every table's rows (files included: they are rows, lib/files.ts —
 * files still on disk are moved in first), every sequence's value; then the rows per table and the
 * audit chain (its last seq and hash) are checked on both sides, and the DATABASE_URL to set is
 * printed. A target that is not empty (users or audit entries) is refused and left alone.
 *
 * The copy is one transaction on the target: the tables' own triggers (the audit chain's, the
 * caches', NOTIFY) are off while rows arrive exactly as they were (`DISABLE TRIGGER USER`, which
 * the tables' owner may do; the foreign keys stay on, so tables are filled parents first), and the
 * rows go as JSON through `json_populate_recordset` — each value through its type's own input,
 * bytea, ranges and arrays included. A failure rolls everything back.
 */
import { sql } from "drizzle-orm";
import type { Client } from "pg";
import type { Database } from "../db/client";
import { migrate } from "../db/migrate";
import { queryRows } from "../db/query";
import { verifyAuditChain } from "./audit-chain";
import { tableCounts } from "./backup";
import { importDiskFiles } from "./files-import";

export class MoveError extends Error {}

const BATCH_ROWS = 500;
/** file_chunks rows are up to 256 KB each (twice that as JSON hex). */
const BATCH_ROWS_BIG = 8;

interface Column {
  name: string;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Tables in an order where each comes after the tables its foreign keys point to. */
async function tablesInOrder(source: Database): Promise<string[]> {
  const tables = (
    await queryRows<{ t: string }>(
      source.db,
      sql`SELECT table_name AS t FROM information_schema.tables
           WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    )
  ).map((r) => r.t);
  const edges = await queryRows<{ child: string; parent: string }>(
    source.db,
    sql`SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent
          FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
         WHERE c.contype = 'f' AND n.nspname = 'public' AND c.conrelid <> c.confrelid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const e of edges) parents.get(e.child.replace(/^public\./, ""))?.add(e.parent.replace(/^public\./, ""));
  const done = new Set<string>();
  const order: string[] = [];
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t) && [...(parents.get(t) ?? [])].every((p) => done.has(p)));
    if (ready.length === 0)
      throw new MoveError("Le chiavi esterne delle tabelle formano un ciclo: copia non possibile.");
    for (const t of ready) {
      done.add(t);
      order.push(t);
    }
  }
  return order;
}

async function columnsOf(source: Database, table: string): Promise<Column[]> {
  return queryRows<Column>(
    source.db,
    sql`SELECT a.attname AS name FROM pg_attribute a
         WHERE a.attrelid = ${`public.${ident(table)}`}::regclass AND a.attnum > 0 AND NOT a.attisdropped
           AND a.attgenerated = '' ORDER BY a.attnum`,
  );
}

export interface MoveReport {
  tables: number;
  rows: number;
  sequences: number;
  lines: string[];
}

/** Copies `source` (embedded, migrated) into the database `target` (a pg Client, connected as the tables' owner). */
export async function moveToPostgres(
  source: Database,
  target: Client,
  targetDb: Database,
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<MoveReport> {
  // Refuse a target in use before touching it.
  const existing = await target.query<{ t: string }>(
    "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const names = new Set(existing.rows.map((r) => r.t));
  if (names.size > 0 && !names.has("erp_migrations"))
    throw new MoveError(
      "Il database di destinazione non è vuoto (contiene tabelle non di Vigilanza ERP): indica un database nuovo.",
    );
  if (names.has("users") || names.has("log_entries")) {
    const used = await target.query<{ u: string; l: string }>(
      `SELECT ${names.has("users") ? "(SELECT count(*) FROM users)" : "0"} AS u,
              ${names.has("log_entries") ? "(SELECT count(*) FROM log_entries)" : "0"} AS l`,
    );
    const { u, l } = used.rows[0];
    if (Number(u) > 0 || Number(l) > 0)
      throw new MoveError(
        `Il database di destinazione non è vuoto (${u} utenti, ${l} voci del registro delle modifiche): indica un database nuovo, nulla è stato copiato.`,
      );
  }
  // Files still in DATA_DIR/files go into the source's tables first, so they travel with the rows.
  const imported = await importDiskFiles(source.db, dataDir);
  if (imported.moved || imported.missing.length) for (const l of imported.lines) log(l);

  log("Migrazioni del database di destinazione…");
  await migrate(targetDb);
  const levelSource = await queryRows<{ name: string }>(source.db, sql`SELECT name FROM erp_migrations ORDER BY name`);
  const levelTarget = await target.query<{ name: string }>("SELECT name FROM erp_migrations ORDER BY name");
  if (levelSource.map((r) => r.name).join() !== levelTarget.rows.map((r) => r.name).join())
    throw new MoveError("Il database di destinazione non è allo stesso livello di migrazioni dell'origine.");

  const order = await tablesInOrder(source);
  const sequences = await queryRows<{ s: string; last_value: string; is_called: boolean }>(
    source.db,
    sql`SELECT s.relname AS s, (pg_sequence_last_value(s.oid)) AS last_value, true AS is_called
          FROM pg_class s JOIN pg_namespace n ON n.oid = s.relnamespace
         WHERE s.relkind = 'S' AND n.nspname = 'public' ORDER BY s.relname`,
  );
  let rows = 0;
  await target.query("BEGIN");
  try {
    for (const t of order) await target.query(`ALTER TABLE public.${ident(t)} DISABLE TRIGGER USER`);
    await target.query(`TRUNCATE ${order.map((t) => `public.${ident(t)}`).join(", ")}`);
    for (const t of order) {
      const cols = (await columnsOf(source, t)).map((c) => ident(c.name)).join(", ");
      const batch = t === "file_chunks" ? BATCH_ROWS_BIG : BATCH_ROWS;
      let n = 0;
      // A cursor on the embedded side: a table is read a batch at a time.
      await source.db.transaction(async (tx) => {
        await tx.execute(
          sql.raw(`DECLARE erp_move NO SCROLL CURSOR FOR SELECT row_to_json(x)::text AS j FROM public.${ident(t)} x`),
        );
        for (;;) {
          const got = await queryRows<{ j: string }>(tx, sql.raw(`FETCH ${batch} FROM erp_move`));
          if (got.length === 0) break;
          await target.query(
            `INSERT INTO public.${ident(t)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::public.${ident(t)}, $1::json)`,
            [`[${got.map((r) => r.j).join(",")}]`],
          );
          n += got.length;
        }
        await tx.execute(sql.raw("CLOSE erp_move"));
      });
      rows += n;
    }
    for (const s of sequences) {
      if (s.last_value === null) continue;
      await target.query("SELECT setval($1::regclass, $2::bigint, true)", [`public.${ident(s.s)}`, s.last_value]);
    }
    for (const t of order) await target.query(`ALTER TABLE public.${ident(t)} ENABLE TRIGGER USER`);
    await target.query("COMMIT");
  } catch (e) {
    await target.query("ROLLBACK").catch(() => {});
    throw e;
  }

  // The check: rows per table and the audit chain, on both sides.
  const [a, b] = [await tableCounts(source.db), await tableCounts(targetDb.db)];
  const diff = Object.keys({ ...a, ...b })
    .filter((t) => a[t] !== b[t])
    .map((t) => `${t}: origine ${a[t] ?? "assente"}, destinazione ${b[t] ?? "assente"}`);
  if (diff.length) throw new MoveError(`Righe diverse dopo la copia:\n  ${diff.join("\n  ")}`);
  const [ca, cb] = [await verifyAuditChain(source.db), await verifyAuditChain(targetDb.db)];
  if (cb.broken)
    throw new MoveError(`La catena del registro delle modifiche copiata non è integra: ${cb.broken.problem}`);
  if (ca.last.hash !== cb.last.hash || ca.last.seq !== cb.last.seq)
    throw new MoveError("L'ultima voce del registro delle modifiche copiata non è quella dell'origine.");
  return {
    tables: order.length,
    rows,
    sequences: sequences.length,
    lines: [
      `Copiate ${order.length} tabelle (${rows} righe) e ${sequences.length} sequenze.`,
      `Verifica: righe per tabella uguali; registro delle modifiche integro (${cb.entries} voci, ultima ${cb.last.seq}).`,
    ],
  };
}
