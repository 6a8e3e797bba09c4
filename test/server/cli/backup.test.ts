/**
 * Issue 36 item 2, as an operator runs it: the demo data, `npm run erp -- backup --to FILE`, a
 * change, a truncated copy of the backup refused in Italian with nothing changed, `restore --from
 * FILE` giving back the data as at the backup, `audit verify` passing — on the embedded database and
 * on PostgreSQL (pg_dump/pg_restore, as the tables' owner and the application role, as in
 * production). And the scheduled backup job with its retention.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { type Database, openPglite, openPostgres } from "../../../server/db/client";
import { migrate } from "../../../server/db/migrate";
import { queryOne } from "../../../server/db/query";
import { databaseGrants } from "../../../server/db/roles";
import { writeAudit } from "../../../server/lib/audit";
import { checkBackup, PG_TOOLS_MISSING, scheduledBackups } from "../../../server/lib/backup";
import { BACKUP_JOB } from "../../../server/lib/backup-job";
import { runDueJob } from "../../../server/lib/jobs";
import { seedDemo } from "../../../server/seed/demo";
import { describeEachDb, memoryMailer, testConfig } from "../helpers/app";
import { PG_ADMIN_URL, pgAppRole, pgOwnerRole, pgTemplate, pgUrl, ROOT, runId, testDbKinds } from "../setup/paths";

jest.setTimeout(300_000);

const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const CLI = path.join(ROOT, "server", "cli.ts");

function cli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [CLI, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), SCRYPT_N: "1024", ...env },
        timeout: 240_000,
      },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

/** What the drill compares: an operator's name, how many operators, the audit trail's length. */
async function picture(database: Database) {
  return queryOne<{ cognome: string; operatori: number; voci: number; chunks: number }>(
    database.db,
    sql`SELECT (SELECT cognome FROM operatori ORDER BY id LIMIT 1) AS cognome,
               (SELECT count(*)::int FROM operatori) AS operatori,
               (SELECT count(*)::int FROM log_entries) AS voci,
               (SELECT count(*)::int FROM file_chunks) AS chunks`,
  );
}

/** A change after the backup: a name, a new file, an audit entry. */
async function change(database: Database) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE operatori SET cognome = 'Cambiato' WHERE id = (SELECT min(id) FROM operatori)`);
    await tx.execute(sql`INSERT INTO files (id, owner_type, owner_id, categoria, mime, dimensione, percorso, sha256, contenuto_db)
      VALUES (${crypto.randomUUID()}::uuid, 'operatore', '1', 'documento', 'application/pdf', 0, 'x', '', true)`);
    await writeAudit(tx, { azione: "Modifica", contentType: "operatore", objectId: 1, note: "dopo il backup" });
  });
}

async function drill(kind: "pglite" | "postgres", env: Record<string, string>, open: () => Promise<Database>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-backup-"));
  try {
    const file = path.join(dir, "copia.backup");
    const made = await cli(["backup", "--to", file], env);
    expect(made.stderr).toBe("");
    expect(made.code).toBe(0);
    expect(made.stdout).toContain("Backup scritto.");
    const { manifest } = await checkBackup(file);
    expect(manifest.motore).toBe(kind);
    expect(manifest.tabelle.operatori).toBeGreaterThan(0);
    expect(manifest.audit.ultimo_hash).toMatch(/^[0-9a-f]{64}$/);

    let db = await open();
    const atBackup = await picture(db);
    await change(db);
    const changed = await picture(db);
    await db.close();
    expect(changed).not.toEqual(atBackup);

    // A truncated copy: refused before anything is touched.
    const cut = path.join(dir, "troncato.backup");
    const whole = fs.readFileSync(file);
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 1000));
    const refused = await cli(["restore", "--from", cut], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Il file di backup è incompleto o danneggiato (", // size named in the message
    );
    expect(refused.stderr).toContain("ripristino annullato, nessun dato è stato modificato.");
    db = await open();
    expect(await picture(db)).toEqual(changed);
    await db.close();

    const restored = await cli(["restore", "--from", file], env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain("Ripristino completato");
    db = await open();
    expect(await picture(db)).toEqual(atBackup);
    await db.close();
    const verify = await cli(["audit", "verify"], env);
    expect(verify.code).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("backup and restore drill", () => {
  it("on the embedded database", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-backup-pglite-"));
    try {
      const open = () => openPglite(path.join(dataDir, "pgdata"));
      const db = await open();
      await migrate(db);
      await seedDemo(db, { scryptN: 1024 });
      await db.close();
      await drill("pglite", { DATA_DIR: dataDir }, open);
      // The directory replaced is kept aside, not deleted.
      expect(fs.readdirSync(dataDir).some((n) => n.startsWith("pgdata.prima-del-ripristino-"))).toBe(true);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  (testDbKinds().includes("postgres") ? it : it.skip)("on PostgreSQL, as the owner and application roles", async () => {
    const name = `erp_t_${runId()}_${process.pid}_bk${crypto.randomBytes(3).toString("hex")}`;
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${pgTemplate()}"`);
    for (const stmt of databaseGrants(name, pgOwnerRole(), pgAppRole())) await admin.query(stmt);
    try {
      const owner = await openPostgres(pgUrl(name, pgOwnerRole()), 2);
      await seedDemo(owner, { scryptN: 1024 });
      await owner.close();
      await drill(
        "postgres",
        { DATABASE_URL: pgUrl(name, pgAppRole()), DATABASE_MIGRATION_URL: pgUrl(name, pgOwnerRole()) },
        () => openPostgres(pgUrl(name, pgAppRole()), 2),
      );
      // Without PostgreSQL's client programs: said plainly, nothing written.
      const out = path.join(os.tmpdir(), `erp-senza-pgdump-${process.pid}.backup`);
      const missing = await cli(["backup", "--to", out], {
        DATABASE_URL: pgUrl(name, pgAppRole()),
        PG_BIN: path.join(os.tmpdir(), "nessun-client-postgres"),
      });
      expect(missing.code).toBe(1);
      expect(missing.stderr.trim()).toBe(PG_TOOLS_MISSING("pg_dump"));
      expect(fs.existsSync(out)).toBe(false);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    }
  });
});

describeEachDb("the scheduled backup job", (ctx) => {
  it("writes a checked backup to BACKUP_DIR once per day across processes and keeps BACKUP_KEEP", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-backup-job-"));
    try {
      const { database } = ctx();
      const config = testConfig({ backupDir: dir, backupKeep: 2, databaseUrl: database.url });
      const env = { mailer: memoryMailer(), config, database };
      const days = ["2030-01-01T02:00:00Z", "2030-01-02T02:00:00Z", "2030-01-03T02:00:00Z"].map((d) => new Date(d));
      for (const now of days) {
        const ran = await runDueJob(database.db, BACKUP_JOB, now, "test", env);
        expect(ran?.result).toMatch(
          /^vigilanza-erp-\d{8}T\d{6}Z\.backup \(\d+\.\d MB\); eliminati [01] backup vecchi$/,
        );
        // Not due again the same day, whichever process asks.
        expect(await runDueJob(database.db, BACKUP_JOB, now, "altro", env)).toBeUndefined();
      }
      const kept = await scheduledBackups(dir);
      expect(kept).toEqual(["vigilanza-erp-20300102T020000Z.backup", "vigilanza-erp-20300103T020000Z.backup"]);
      const { manifest } = await checkBackup(path.join(dir, kept[1]));
      expect(manifest.motore).toBe(ctx().kind);
      expect(manifest.tabelle.jobs).toBeGreaterThan(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
