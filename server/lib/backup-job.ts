/**
 * The scheduled backup (issue 36 item 2): a database-backed job (lib/jobs.ts — one run a day across
 * all workers and replicas, migration 0851) that writes BACKUP_DIR/vigilanza-erp-<UTC time>.backup
 * (lib/backup.ts) and keeps the newest BACKUP_KEEP of them. Without BACKUP_DIR it does nothing
 * and says so in the job's result.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { scheduledBackups, scheduledName, writeBackup } from "./backup";
import type { JobDefinition } from "./jobs";

export const BACKUP_JOB: JobDefinition = {
  name: "backup",
  async run(tx, now, env) {
    const dir = env?.config.backupDir;
    if (!dir || !env?.database) return "BACKUP_DIR non impostato: nessun backup";
    const file = path.join(dir, scheduledName(now));
    const m = await writeBackup(env.database, file, {
      now,
      url: env.config.databaseMigrationUrl ?? env.config.databaseUrl,
      executor: tx,
    });
    const old = await scheduledBackups(dir);
    const drop = old.slice(0, Math.max(0, old.length - env.config.backupKeep));
    for (const name of drop) await fs.rm(path.join(dir, name), { force: true });
    return `${path.basename(file)} (${(m.payload.bytes / (1024 * 1024)).toFixed(1)} MB); eliminati ${drop.length} backup vecchi`;
  },
};
