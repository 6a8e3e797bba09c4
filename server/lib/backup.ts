/**
 * Backup and restore (issue 36 item 2): `npm run erp -- backup --to FILE`, `restore --from FILE`
 * and the `backup` job (BACKUP_DIR, BACKUP_KEEP). Files are in the database (lib/files.ts), so the
 * database is the whole backup.
 *
 * A backup file is
 *   VIGILANZA-ERP-BACKUP 1\n
 *   <manifest: one line of JSON>\n
 *   <payload>
 * — the payload is PGlite's own dump of its data directory (a gzipped tar, `dumpDataDir`) or
 * PostgreSQL's `pg_dump --format=custom`. The manifest holds the version, the migration level, the
 * rows per table, the audit chain's last seq and hash, and the payload's size and sha256. A restore
 * checks the payload against it before it touches anything (a truncated or altered file is refused
 * in Italian, nothing changed), restores — PGlite into a new directory swapped in only once it
 * checks; PostgreSQL with `pg_restore --single-transaction`, all or nothing — then checks the
 * restored rows per table and the audit chain against the manifest.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type { Database, Executor } from "../db/client";
import { listMigrations } from "../db/migrate";
import { queryOne, queryRows } from "../db/query";
import { verifyAuditChain } from "./audit-chain";

export const MAGIC = "VIGILANZA-ERP-BACKUP 1";
const MAX_HEADER = 4 * 1024 * 1024;

export interface Manifest {
  formato: 1;
  versione: string;
  motore: "pglite" | "postgres";
  creato_il: string;
  /** The last migration applied, and how many. */
  migrazione: string;
  migrazioni: number;
  tabelle: Record<string, number>;
  audit: { voci: number; ultimo_seq: number; ultimo_hash: string | null };
  payload: { bytes: number; sha256: string };
}

export class BackupError extends Error {}

export const INCOMPLETO = (why: string) =>
  `Il file di backup è incompleto o danneggiato (${why}): ripristino annullato, nessun dato è stato modificato.`;
export const PG_TOOLS_MISSING = (tool: string) =>
  `Programma ${tool} non trovato: installa i programmi client di PostgreSQL della stessa versione del server ` +
  "(Debian/Ubuntu: apt install postgresql-client) oppure indica la loro cartella con PG_BIN.";

function version(): string {
  try {
    return (require("../../package.json") as { version: string }).version;
  } catch {
    return "sconosciuta";
  }
}

/** Rows per table of the public schema (what a backup must give back). */
export async function tableCounts(ex: Executor): Promise<Record<string, number>> {
  const tables = await queryRows<{ t: string }>(
    ex,
    sql`SELECT table_name AS t FROM information_schema.tables
         WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables) {
    const r = await queryOne<{ n: number }>(ex, sql`SELECT count(*)::bigint AS n FROM ${sql.identifier(t)}`);
    counts[t] = Number(r?.n ?? 0);
  }
  return counts;
}

export async function databaseState(ex: Executor) {
  const migrations = await queryRows<{ name: string }>(ex, sql`SELECT name FROM erp_migrations ORDER BY name`);
  const chain = await verifyAuditChain(ex);
  return {
    migrazione: migrations.at(-1)?.name ?? "",
    migrazioni: migrations.length,
    tabelle: await tableCounts(ex),
    audit: { voci: chain.entries, ultimo_seq: chain.last.seq, ultimo_hash: chain.last.hash },
    chainOk: !chain.broken,
  };
}

function pgBin(tool: string): string {
  return process.env.PG_BIN ? path.join(process.env.PG_BIN, tool) : tool;
}

/** Runs a PostgreSQL client program; its message in Italian when it is missing or fails. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(pgBin(tool), args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      err += c.toString();
    });
    child.on("error", (e: NodeJS.ErrnoException) =>
      reject(new BackupError(e.code === "ENOENT" ? PG_TOOLS_MISSING(tool) : `${tool}: ${e.message}`)),
    );
    child.on("close", (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${tool} non riuscito (codice ${code}): ${err.trim()}`)),
    );
  });
}

async function hashFile(file: string, start = 0): Promise<{ bytes: number; sha256: string }> {
  const h = crypto.createHash("sha256");
  let bytes = 0;
  for await (const c of createReadStream(file, { start })) {
    h.update(c as Buffer);
    bytes += (c as Buffer).length;
  }
  return { bytes, sha256: h.digest("hex") };
}

/**
 * Writes a backup of `database` to `to` (through a temporary file beside it, renamed at the end: a
 * backup interrupted leaves no file that looks whole). `url`: the PostgreSQL address for pg_dump.
 */
export async function writeBackup(
  database: Database,
  to: string,
  opts: { url?: string; now?: Date; executor?: Executor } = {},
): Promise<Manifest> {
  const dir = path.dirname(path.resolve(to));
  await fs.mkdir(dir, { recursive: true });
  const payload = path.join(dir, `.${path.basename(to)}.${process.pid}.payload`);
  const partial = path.join(dir, `.${path.basename(to)}.${process.pid}.parziale`);
  try {
    let state: Awaited<ReturnType<typeof databaseState>>;
    if (database.kind === "pglite") {
      const pg = database.pglite;
      if (!pg) throw new BackupError("Database integrato non disponibile per il backup.");
      // In the backup job, its transaction: PGlite has one connection.
      state = await databaseState(opts.executor ?? database.db);
      const dump = await pg.dumpDataDir("gzip");
      await fs.writeFile(payload, Buffer.from(await dump.arrayBuffer()));
    } else {
      const url = opts.url ?? database.url;
      if (!url) throw new BackupError("Indirizzo di PostgreSQL mancante per pg_dump.");
      // The counts and the dump from one snapshot: pg_dump takes the one this transaction exports.
      state = await database.db.transaction(async (tx) => {
        await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
        const snap = await queryOne<{ id: string }>(tx, sql`SELECT pg_export_snapshot() AS id`);
        const s = await databaseState(tx);
        await runTool("pg_dump", ["--format=custom", `--snapshot=${snap?.id}`, "--file", payload, "--dbname", url]);
        return s;
      });
    }
    const manifest: Manifest = {
      formato: 1,
      versione: version(),
      motore: database.kind,
      creato_il: (opts.now ?? new Date()).toISOString(),
      migrazione: state.migrazione,
      migrazioni: state.migrazioni,
      tabelle: state.tabelle,
      audit: state.audit,
      payload: await hashFile(payload),
    };
    const out = createWriteStream(partial, { mode: 0o600 });
    out.write(`${MAGIC}\n${JSON.stringify(manifest)}\n`);
    await pipeline(createReadStream(payload), out);
    await fs.rename(partial, to);
    return manifest;
  } finally {
    await fs.rm(payload, { force: true });
    await fs.rm(partial, { force: true });
  }
}

/** Reads and checks a backup file: its manifest, and its payload's size and sha256 against it. */
export async function checkBackup(from: string): Promise<{ manifest: Manifest; offset: number }> {
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(from, "r");
  } catch {
    throw new BackupError(`File di backup non trovato: ${from}`);
  }
  let head: Buffer;
  try {
    const buf = Buffer.alloc(MAX_HEADER);
    const { bytesRead } = await fh.read(buf, 0, MAX_HEADER, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  const first = head.indexOf(10);
  if (first < 0 || head.subarray(0, first).toString("latin1") !== MAGIC)
    throw new BackupError(`${from} non è un backup di Vigilanza ERP.`);
  const second = head.indexOf(10, first + 1);
  if (second < 0) throw new BackupError(INCOMPLETO("manifesto troncato"));
  let manifest: Manifest;
  try {
    manifest = JSON.parse(head.subarray(first + 1, second).toString("utf8")) as Manifest;
  } catch {
    throw new BackupError(INCOMPLETO("manifesto illeggibile"));
  }
  const offset = second + 1;
  const actual = await hashFile(from, offset);
  if (actual.bytes !== manifest.payload?.bytes)
    throw new BackupError(INCOMPLETO(`${actual.bytes} byte di dati invece di ${manifest.payload?.bytes}`));
  if (actual.sha256 !== manifest.payload.sha256) throw new BackupError(INCOMPLETO("impronta SHA-256 diversa"));
  return { manifest, offset };
}

/** The restored database against the manifest: rows per table and the audit chain. */
export async function checkRestored(ex: Executor, manifest: Manifest): Promise<void> {
  const state = await databaseState(ex);
  const diff = Object.entries(manifest.tabelle)
    .filter(([t, n]) => state.tabelle[t] !== n)
    .map(([t, n]) => `${t}: ${state.tabelle[t] ?? "assente"} righe invece di ${n}`);
  if (diff.length) throw new BackupError(`Il database ripristinato non corrisponde al backup:\n  ${diff.join("\n  ")}`);
  if (!state.chainOk) throw new BackupError("La catena del registro delle modifiche ripristinato non è integra.");
  if (state.audit.ultimo_hash !== manifest.audit.ultimo_hash || state.audit.ultimo_seq !== manifest.audit.ultimo_seq)
    throw new BackupError("L'ultima voce del registro delle modifiche ripristinato non è quella del backup.");
}

/** A backup newer than this code (a migration it does not know) cannot be restored by it. */
function checkLevel(manifest: Manifest): void {
  const known = new Set(listMigrations().map((m) => m.name));
  if (manifest.migrazione && !known.has(manifest.migrazione))
    throw new BackupError(
      `Il backup viene da una versione più recente (migrazione ${manifest.migrazione}): aggiorna Vigilanza ERP prima di ripristinarlo.`,
    );
}

async function copyPayload(from: string, offset: number, to: string): Promise<void> {
  await pipeline(createReadStream(from, { start: offset }), createWriteStream(to, { mode: 0o600 }));
}

/**
 * Restores an embedded database: the dump is loaded in a new directory and checked there; only then
 * the current `pgdata` is set aside (pgdata.prima-del-ripristino-<time>) and the new one takes its place.
 */
export async function restorePglite(dataDir: string, from: string, now = new Date()): Promise<Manifest> {
  const { manifest, offset } = await checkBackup(from);
  if (manifest.motore !== "pglite")
    throw new BackupError("Il backup è di PostgreSQL: ripristinalo con DATABASE_URL impostato.");
  checkLevel(manifest);
  const { openPglite } = await import("../db/client");
  const target = path.join(dataDir, "pgdata");
  const fresh = path.join(dataDir, `pgdata.ripristino-${process.pid}`);
  const tmp = path.join(os.tmpdir(), `erp-ripristino-${process.pid}-${crypto.randomBytes(4).toString("hex")}.tgz`);
  await fs.rm(fresh, { recursive: true, force: true });
  try {
    await copyPayload(from, offset, tmp);
    const blob = new Blob([await fs.readFile(tmp)]);
    const db = await openPglite(fresh, blob);
    try {
      await checkRestored(db.db, manifest);
    } finally {
      await db.close();
    }
  } catch (e) {
    await fs.rm(fresh, { recursive: true, force: true });
    throw e instanceof BackupError
      ? e
      : new BackupError(`Ripristino annullato, nessun dato modificato: ${(e as Error).message}`);
  } finally {
    await fs.rm(tmp, { force: true });
  }
  const aside = path.join(dataDir, `pgdata.prima-del-ripristino-${now.toISOString().replace(/[:.]/g, "-")}`);
  const had = await fs
    .access(target)
    .then(() => true)
    .catch(() => false);
  if (had) await fs.rename(target, aside);
  await fs.rename(fresh, target);
  return manifest;
}

/**
 * Restores PostgreSQL with pg_restore in one transaction (all or nothing): the backup's tables,
 * sequences, functions and data replace the current ones (extensions stay as they are). `url`: a
 * connection that owns the tables (DATABASE_MIGRATION_URL in production).
 */
export async function restorePostgres(database: Database, url: string, from: string): Promise<Manifest> {
  const { manifest, offset } = await checkBackup(from);
  if (manifest.motore !== "postgres")
    throw new BackupError("Il backup è del database integrato: ripristinalo senza DATABASE_URL.");
  checkLevel(manifest);
  const tmp = path.join(os.tmpdir(), `erp-ripristino-${process.pid}-${crypto.randomBytes(4).toString("hex")}.dump`);
  const list = `${tmp}.lista`;
  try {
    await copyPayload(from, offset, tmp);
    const toc = await runTool("pg_restore", ["--list", tmp]);
    // Extensions (and their comments) stay: dropping them needs a superuser and they are the same.
    await fs.writeFile(
      list,
      toc
        .split("\n")
        .filter((l) => !/ EXTENSION | COMMENT - EXTENSION /.test(l))
        .join("\n"),
    );
    await runTool("pg_restore", [
      "--clean",
      "--if-exists",
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--use-list",
      list,
      "--dbname",
      url,
      tmp,
    ]).catch((e: BackupError) => {
      throw new BackupError(`Ripristino annullato, nessun dato modificato: ${e.message}`);
    });
  } finally {
    await fs.rm(tmp, { force: true });
    await fs.rm(list, { force: true });
  }
  await checkRestored(database.db, manifest);
  return manifest;
}

/** The files of BACKUP_DIR made by the job, oldest first. */
export async function scheduledBackups(dir: string): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => /^vigilanza-erp-\d{8}T\d{6}Z\.backup$/.test(n)).sort();
}

export function scheduledName(now: Date): string {
  return `vigilanza-erp-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "")}.backup`;
}

export function describeManifest(m: Manifest, file: string): string {
  const righe = Object.values(m.tabelle).reduce((a, b) => a + b, 0);
  return [
    `${file}: ${m.motore === "pglite" ? "database integrato" : "PostgreSQL"}, versione ${m.versione}, del ${m.creato_il}`,
    `  migrazione ${m.migrazione} (${m.migrazioni}), ${Object.keys(m.tabelle).length} tabelle, ${righe} righe`,
    `  registro delle modifiche: ${m.audit.voci} voci, ultima ${m.audit.ultimo_seq} ${m.audit.ultimo_hash ?? "—"}`,
    `  dati: ${(m.payload.bytes / (1024 * 1024)).toFixed(1)} MB, SHA-256 ${m.payload.sha256}`,
  ].join("\n");
}
