/**
 * The CLI as a user runs it: a child process (`tsx server/cli.ts …`) against a temporary embedded
 * database (DATA_DIR) and against a fresh PostgreSQL database (DATABASE_URL).
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { type Database, openPglite, openPostgres } from "../../../server/db/client";
import { queryRows } from "../../../server/db/query";
import { verifyPassword } from "../../../server/lib/passwords";
import { PG_ADMIN_URL, pgUrl, ROOT, runId, testDbKinds } from "../setup/paths";

// Each run starts Node, tsx and the database: slow on a busy machine.
jest.setTimeout(300_000);

const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const CLI = path.join(ROOT, "server", "cli.ts");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string>): Promise<Run> {
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

interface UserRow {
  id: number;
  username: string;
  email: string;
  nome: string;
  cognome: string;
  permissions: string[];
  password_hash: string;
}

const selectUsers = (db: Database) =>
  queryRows<UserRow>(
    db.db,
    sql`SELECT id, username, email, nome, cognome, permissions, password_hash FROM users ORDER BY id`,
  );

/** Gives the user a second factor and a session, runs `user reset-2fa`, checks both are gone (issue 37). */
async function checkResetMfa(open: () => Promise<Database>, username: string, env: Record<string, string>) {
  let db = await open();
  try {
    await db.db.execute(sql`INSERT INTO user_mfa (user_id, secret_enc, created_at, confirmed_at)
      SELECT id, 'v1:x', now(), now() FROM users WHERE username = ${username}`);
    await db.db.execute(sql`INSERT INTO user_mfa_recovery_codes (user_id, code_hash)
      SELECT id, '\\x00'::bytea FROM users WHERE username = ${username}`);
    await db.db.execute(sql`INSERT INTO auth_tokens (user_id, token_hash, expires_at)
      SELECT id, '\\x01'::bytea, now() + interval '1 day' FROM users WHERE username = ${username}`);
  } finally {
    await db.close();
  }
  const r = await cli(["user", "reset-2fa", "--username", username.toUpperCase()], env);
  expect(r).toMatchObject({ code: 0, stderr: "" });
  expect(r.stdout).toContain("azzerata");
  const missing = await cli(["user", "reset-2fa", "--username", "nessuno.qui"], env);
  expect(missing.code).toBe(1);
  db = await open();
  try {
    const left = await queryRows<{ mfa: number; codes: number; live: number; audit: number }>(
      db.db,
      sql`SELECT (SELECT count(*)::int FROM user_mfa) AS mfa, (SELECT count(*)::int FROM user_mfa_recovery_codes) AS codes,
                 (SELECT count(*)::int FROM auth_tokens WHERE revoked_at IS NULL) AS live,
                 (SELECT count(*)::int FROM log_entries WHERE azione = 'Verifica in due passaggi disattivata') AS audit`,
    );
    expect(left[0]).toEqual({ mfa: 0, codes: 0, live: 0, audit: 1 });
  } finally {
    await db.close();
  }
}

describe("CLI on the embedded database (DATA_DIR)", () => {
  let dir: string;
  let env: Record<string, string>;
  /** Opens the data directory in this process, once the CLI has ended. */
  async function inspect<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    const db = await openPglite(path.join(dir, "pgdata"));
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-cli-"));
    env = { DATA_DIR: dir };
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("migrates, creates a user with permissions, sets the password and lists users", async () => {
    const m = await cli(["migrate"], env);
    expect(m).toMatchObject({ code: 0, stdout: expect.stringContaining("Database aggiornato") });
    expect(fs.existsSync(path.join(dir, "server.lock"))).toBe(false); // the CLI let go of the directory

    const c = await cli(
      [
        "user",
        "create",
        "--username",
        "capo.turno",
        "--password",
        "Ronda-Delle-Sei-2030",
        "--email",
        "capo.turno@example.it",
        "--first-name",
        "Sara",
        "--last-name",
        "Galli",
        "--permissions",
        "erp_contratti,erp_operatori",
      ],
      env,
    );
    expect(c.stderr).toBe("");
    expect(c.code).toBe(0);
    expect(c.stdout).toContain('Creato l\'utente "capo.turno"');

    const s = await cli(["user", "set-password", "--username", "CAPO.TURNO", "--password", "Nuovo-Turno-2031"], env);
    expect(s.code).toBe(0);

    const l = await cli(["user", "list"], env);
    expect(l.code).toBe(0);
    expect(l.stdout).toMatch(
      /capo\.turno\s+Sara Galli\s+capo\.turno@example\.it\s+sì\s+mai\s+erp_contratti,erp_operatori/,
    );

    await inspect(async (db) => {
      const [u] = await selectUsers(db);
      expect(u).toMatchObject({
        username: "capo.turno",
        email: "capo.turno@example.it",
        nome: "Sara",
        cognome: "Galli",
        permissions: ["erp_contratti", "erp_operatori"],
      });
      expect(await verifyPassword("Nuovo-Turno-2031", u.password_hash)).toBe(true);
      const log = await queryRows<{ azione: string; utente_id: number | null; dati: { change_log: string[] } }>(
        db.db,
        sql`SELECT azione, utente_id, dati FROM log_entries WHERE content_type = 'utente' ORDER BY id`,
      );
      expect(log.map((e) => e.azione)).toEqual(["Creazione", "Cambio password"]);
      expect(log[1].dati.change_log).toEqual(['Password: "—" → "(modificata)"']);
      expect(JSON.stringify(log)).not.toMatch(/Nuovo-Turno|Ronda-Delle/);
    });
  });

  it("user reset-2fa removes the second factor and ends the sessions", async () => {
    await checkResetMfa(() => openPglite(path.join(dir, "pgdata")), "capo.turno", env);
  });

  it("refuses unknown permissions, a weak password and a missing user, with exit code 1 and nothing written", async () => {
    const bad = await cli(
      ["user", "create", "--username", "nuovo.x", "--password", "12345678", "--permissions", "erp_contratti,root"],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("permessi sconosciuti: root");
    expect(bad.stderr).toContain("solo da numeri");

    const missing = await cli(
      ["user", "set-password", "--username", "nessuno", "--password", "Qualsiasi-Cosa-2030"],
      env,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Utente "nessuno" non trovato');

    const usage = await cli(["user", "create", "--username", "solo.nome"], env);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--password");

    const unknown = await cli(["rompi", "tutto"], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Comando sconosciuto");

    await inspect(async (db) => {
      expect((await selectUsers(db)).map((u) => u.username)).toEqual(["capo.turno"]);
    });
  });

  it("refuses to open the data directory while a live server process holds it", async () => {
    const lock = path.join(dir, "server.lock");
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, url: "http://127.0.0.1:8000" }));
    try {
      const r = await cli(
        ["user", "create", "--username", "durante.server", "--password", "Ronda-Delle-Sei-2030"],
        env,
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`processo ${process.ppid}`);
      expect(r.stderr).toContain("ferma il server");
      expect(JSON.parse(fs.readFileSync(lock, "utf8")).pid).toBe(process.ppid); // the server's lock is left alone
    } finally {
      fs.rmSync(lock, { force: true });
    }
    await inspect(async (db) => {
      expect((await selectUsers(db)).map((u) => u.username)).not.toContain("durante.server");
    });
  });

  it("app simulate: the password from ERP_PASSWORD or nowhere on the command line, the server from the lock (issue 32 item 8)", async () => {
    // No terminal to ask on, no option, no environment: a usage error, nothing sent.
    const none = await cli(["app", "simulate", "--username", "admin"], env);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("Password mancante: indica ERP_PASSWORD");
    // From the environment, to the address the running server wrote in its lock (nobody there).
    const lock = path.join(dir, "server.lock");
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, url: "http://0.0.0.0:1" }));
    try {
      const r = await cli(["app", "simulate", "--username", "admin"], {
        ...env,
        ERP_PASSWORD: "Segreta-Mai-Stampata-1",
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("Server non raggiungibile su http://127.0.0.1:1");
      expect(`${r.stdout}${r.stderr}`).not.toContain("Segreta-Mai-Stampata-1");
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });

  it("ignores a stale lock of a process that is gone, and loads the demo data once", async () => {
    const dead = 2 ** 22 + 12345; // above pid_max on Linux: never alive
    fs.writeFileSync(path.join(dir, "server.lock"), JSON.stringify({ pid: dead }));
    const first = await cli(["seed", "demo"], env);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/Utente demo \(pianificatore\): pianificatore \/ \S{16}/);
    const again = await cli(["seed", "demo"], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("già presenti");
  });

  it("audit verify: reports an intact trail, then the first broken link with exit code 3; never while the server runs", async () => {
    const n = await inspect(
      async (db) => (await queryRows<{ n: number }>(db.db, sql`SELECT count(*)::int AS n FROM log_entries`))[0].n,
    );
    expect(n).toBeGreaterThan(10);
    const ok = await cli(["audit", "verify"], env);
    expect(ok).toMatchObject({ code: 0, stderr: "" });
    expect(ok.stdout).toContain(`Registro integro: ${n} voci verificate.`);
    expect(ok.stdout).toMatch(new RegExp(`Ultima voce: seq ${n}, impronta [0-9a-f]{64}`));

    // Someone with the data directory rewrites an entry behind the trigger's back.
    const victim = await inspect(async (db) => {
      const [v] = await queryRows<{ id: number; seq: number }>(
        db.db,
        sql`SELECT id, seq FROM log_entries WHERE azione = 'Cambio password'`,
      );
      await db.exec(
        `SET LOCAL session_replication_role = replica; UPDATE log_entries SET azione = 'Modifica' WHERE id = ${v.id}`,
      );
      return v;
    });
    const broken = await cli(["audit", "verify"], env);
    expect(broken.code).toBe(3);
    expect(broken.stdout).toBe("");
    expect(broken.stderr).toContain(
      `Registro alterato alla voce id ${victim.id} (seq ${victim.seq}): impronta registrata`,
    );

    const lock = path.join(dir, "server.lock");
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, url: "http://127.0.0.1:8000" }));
    try {
      const refused = await cli(["audit", "verify"], env);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("ferma il server");
    } finally {
      fs.rmSync(lock, { force: true });
    }
  });
});

const pgIt = testDbKinds().includes("postgres") ? describe : describe.skip;

pgIt("CLI on PostgreSQL (DATABASE_URL)", () => {
  const name = `erp_t_${runId()}_${process.pid}_cli_${crypto.randomBytes(3).toString("hex")}`;
  const url = pgUrl(name);

  beforeAll(async () => {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
    await admin.end();
  });
  const owner = `erp_r_${runId()}_cli_owner`;
  const app = `erp_r_${runId()}_cli_app`;
  afterAll(async () => {
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    for (const role of [app, owner]) await admin.query(`DROP ROLE IF EXISTS "${role}"`);
    await admin.end();
  });

  it("migrates an empty database, creates and lists a user (no lock file involved)", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-cli-pg-"));
    // a server lock in DATA_DIR does not matter with DATABASE_URL: PostgreSQL handles concurrency
    fs.writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify({ pid: process.ppid }));
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    try {
      expect((await cli(["migrate"], env)).code).toBe(0);
      const c = await cli(
        [
          "user",
          "create",
          "--username",
          "pg.utente",
          "--password",
          "Ronda-Delle-Sei-2030",
          "--permissions",
          "erp_admin",
        ],
        env,
      );
      expect(c.stderr).toBe("");
      expect(c.code).toBe(0);
      const l = await cli(["user", "list"], env);
      expect(l.stdout).toMatch(/pg\.utente.*erp_admin/);
      const db = await openPostgres(url, 1);
      try {
        const [u] = await selectUsers(db);
        expect(u).toMatchObject({ username: "pg.utente", permissions: ["erp_admin"] });
        expect(await verifyPassword("Ronda-Delle-Sei-2030", u.password_hash)).toBe(true);
      } finally {
        await db.close();
      }
      await checkResetMfa(() => openPostgres(url, 1), "pg.utente", env);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("db setup-roles on the migrated database; then migrations as the owner, the rest as the application role", async () => {
    const setup = await cli(
      [
        "db",
        "setup-roles",
        "--owner",
        owner,
        "--app",
        app,
        "--owner-password",
        "Prop-2030",
        "--app-password",
        "App-2030",
      ],
      { DATABASE_URL: url },
    );
    expect(setup).toMatchObject({ code: 0, stderr: "" });
    const ownerUrl = new URL(url);
    ownerUrl.username = owner;
    ownerUrl.password = "Prop-2030";
    const appUrl = new URL(url);
    appUrl.username = app;
    appUrl.password = "App-2030";
    expect(setup.stdout).toContain(`DATABASE_MIGRATION_URL=${ownerUrl}`);
    expect(setup.stdout).toContain(`DATABASE_URL=${appUrl}`);

    const env = { DATABASE_URL: appUrl.toString(), DATABASE_MIGRATION_URL: ownerUrl.toString() };
    expect((await cli(["migrate"], env)).code).toBe(0);
    const c = await cli(["user", "create", "--username", "pg.app", "--password", "Ronda-Delle-Sei-2030"], env);
    expect(c).toMatchObject({ code: 0, stderr: "" });
    const v = await cli(["audit", "verify"], env);
    expect(v.code).toBe(0);
    // the two users created and the second factor reset in the test before (checkResetMfa)
    expect(v.stdout).toContain("Registro integro: 3 voci verificate.");

    const asApp = await openPostgres(appUrl.toString(), 1);
    try {
      await expect(asApp.exec("UPDATE log_entries SET note = 'x'")).rejects.toThrow(/permission denied/);
    } finally {
      await asApp.close();
    }
  });
});
