/**
 * Moves the files uploaded before migration 0850 from DATA_DIR/files into the database (issue 36
 * item 1): for each row with `contenuto_db` false, its bytes are read from disk a chunk at a time
 * into `file_chunks`, checked against the row's sha256, and the row marked — one transaction per
 * file; the disk copy is removed after the commit. A file missing from this disk, or whose bytes no
 * longer match, is left as it was and named in the report (another host may hold it: run the import
 * there too). `npm start` runs it before serving when such rows exist; `npm run erp -- files import`
 * on request. The report is printed and written to DATA_DIR/import-file-<time>.txt.
 */
import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { queryOne, queryRows } from "../db/query";
import { FILE_CHUNK_BYTES, filesRoot } from "./files";

export interface ImportReport {
  moved: number;
  bytes: number;
  missing: string[];
  mismatched: string[];
  /** Where the report was written, when something was to import. */
  reportFile?: string;
  lines: string[];
}

/** How many rows still have their bytes on disk. */
export async function filesOnDisk(db: Db): Promise<number> {
  const r = await queryOne<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM files WHERE NOT contenuto_db`);
  return r?.n ?? 0;
}

export async function importDiskFiles(db: Db, dataDir: string, now = new Date()): Promise<ImportReport> {
  const rows = await queryRows<{ id: string; percorso: string; sha256: string; dimensione: number }>(
    db,
    sql`SELECT id, percorso, sha256, dimensione FROM files WHERE NOT contenuto_db ORDER BY created_at, id`,
  );
  const report: ImportReport = { moved: 0, bytes: 0, missing: [], mismatched: [], lines: [] };
  if (rows.length === 0) {
    report.lines.push("Nessun file da spostare nel database.");
    return report;
  }
  const root = filesRoot(dataDir);
  for (const row of rows) {
    const abs = path.resolve(root, row.percorso);
    if (!abs.startsWith(root + path.sep)) {
      report.missing.push(`${row.id} (${row.percorso}): percorso non valido`);
      continue;
    }
    try {
      await fs.access(abs);
    } catch {
      report.missing.push(`${row.id} (${row.percorso})`);
      continue;
    }
    const ok = await db
      .transaction(async (tx) => {
        const hash = crypto.createHash("sha256");
        let n = 0;
        let size = 0;
        for await (const chunk of createReadStream(abs, { highWaterMark: FILE_CHUNK_BYTES })) {
          const b = chunk as Buffer;
          hash.update(b);
          size += b.length;
          await tx.execute(
            sql`INSERT INTO file_chunks (file_id, n, data) VALUES (${row.id}::uuid, ${n++}, ${b}::bytea)`,
          );
        }
        if (hash.digest("hex") !== row.sha256) throw new Mismatch();
        await tx.execute(sql`UPDATE files SET contenuto_db = true WHERE id = ${row.id}::uuid`);
        report.bytes += size;
        return true;
      })
      .catch((e) => {
        if (e instanceof Mismatch) return false;
        throw e;
      });
    if (!ok) {
      report.mismatched.push(`${row.id} (${row.percorso})`);
      continue;
    }
    report.moved++;
    await fs.rm(abs, { force: true });
  }
  const mb = (report.bytes / (1024 * 1024)).toFixed(1);
  report.lines.push(`File spostati nel database: ${report.moved} (${mb} MB).`);
  if (report.missing.length)
    report.lines.push(
      `File non trovati in ${root} (${report.missing.length}; forse su un altro server: esegui lì \`npm run erp -- files import\`):`,
      ...report.missing.map((m) => `  ${m}`),
    );
  if (report.mismatched.length)
    report.lines.push(
      `File diversi dall'impronta registrata, lasciati su disco (${report.mismatched.length}):`,
      ...report.mismatched.map((m) => `  ${m}`),
    );
  await fs.mkdir(dataDir, { recursive: true });
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  report.reportFile = path.join(dataDir, `import-file-${stamp}.txt`);
  await fs.writeFile(report.reportFile, `${report.lines.join("\n")}\n`);
  report.lines.push(`Rapporto scritto in ${report.reportFile}.`);
  return report;
}

class Mismatch extends Error {}
