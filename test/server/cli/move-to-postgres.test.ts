/**
 * Issue 36 item 3: `npm run erp -- db move-to-postgres --to postgres://…` on the demo data — the
 * embedded database copied into an empty PostgreSQL database (set up with `db setup-roles`, copied
 * as the tables' owner), verified, then served by the application role as the server would; a second
 * run is refused because the target is no longer empty, and nothing is changed.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { buildApp } from "../../../server/app";
import { openPglite, openPostgres } from "../../../server/db/client";
import { migrate } from "../../../server/db/migrate";
import { queryOne, queryRows } from "../../../server/db/query";
import { setupRoles } from "../../../server/db/roles";
import { tableCounts } from "../../../server/lib/backup";
import { storeFile } from "../../../server/lib/files";
import { seedDemo } from "../../../server/seed/demo";
import { memoryMailer, testConfig } from "../helpers/app";
import {
  PG_ADMIN_URL,
  PG_TEST_ROLE_PASSWORD,
  pgAppRole,
  pgOwnerRole,
  pgUrl,
  ROOT,
  runId,
  testDbKinds,
} from "../setup/paths";

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

(testDbKinds().includes("postgres") ? describe : describe.skip)("db move-to-postgres", () => {
  it("copies the demo data into an empty PostgreSQL database, verified, and refuses a second time", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-move-"));
    const name = `erp_t_${runId()}_${process.pid}_mv${crypto.randomBytes(3).toString("hex")}`;
    const admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      // The embedded database with the demo data and an uploaded file.
      const src = await openPglite(path.join(dataDir, "pgdata"));
      await migrate(src);
      await seedDemo(src, { scryptN: 1024 });
      const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(300_000)]);
      const file = await src.db.transaction((tx) =>
        storeFile(tx, dataDir, {
          ownerType: "operatore",
          ownerId: 1,
          categoria: "documento",
          data: pdf,
          allowed: ["pdf"],
        }),
      );
      const before = await tableCounts(src.db);
      await src.close();

      // An empty database, with the roles as an operator sets them up (db setup-roles).
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
      const su = await openPostgres(pgUrl(name), 1);
      await setupRoles(su, {
        owner: pgOwnerRole(),
        app: pgAppRole(),
        ownerPassword: PG_TEST_ROLE_PASSWORD,
        appPassword: PG_TEST_ROLE_PASSWORD,
      });
      await su.close();
      const to = pgUrl(name, pgOwnerRole());

      const moved = await cli(["db", "move-to-postgres", "--to", to], { DATA_DIR: dataDir });
      expect(moved.stderr).toBe("");
      expect(moved.code).toBe(0);
      expect(moved.stdout).toContain("Database copiato in PostgreSQL.");
      expect(moved.stdout).toContain(`  DATABASE_URL=${to}`);
      expect(moved.stdout).toMatch(/Verifica: righe per tabella uguali; registro delle modifiche integro \(\d+ voci/);

      // What the server, as the application role, finds there.
      const target = await openPostgres(pgUrl(name, pgAppRole()), 3);
      try {
        expect(await tableCounts(target.db)).toEqual(before);
        const app = await buildApp(testConfig({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "erp-move-host-")) }), {
          database: target,
          mailer: memoryMailer(),
        });
        try {
          const login = await app.inject({
            method: "POST",
            url: "/api/auth/login/",
            payload: { username: "admin.demo", password: "x" },
          });
          expect([400, 401]).toContain(login.statusCode); // the demo user is there; the password is not this
          const row = await queryOne<{ sha256: string }>(
            target.db,
            sql`SELECT sha256 FROM files WHERE id = ${file.id}::uuid`,
          );
          expect(row?.sha256).toBe(file.sha256);
          // Sequences carried over: a new operator gets the next id, not one already taken.
          const ids = await queryRows<{ max: number; next: number }>(
            target.db,
            sql`SELECT (SELECT max(id) FROM operatori) AS max, nextval('operatori_id_seq')::int AS next`,
          );
          expect(ids[0].next).toBe(ids[0].max + 1);
        } finally {
          await app.close();
        }
      } finally {
        await target.close();
      }
      const verify = await cli(["audit", "verify"], { DATABASE_URL: pgUrl(name, pgAppRole()) });
      expect(verify.code).toBe(0);

      // A second time: the target is in use now.
      const inUse = await openPostgres(pgUrl(name, pgAppRole()), 1);
      const beforeAgain = await tableCounts(inUse.db);
      await inUse.close();
      const again = await cli(["db", "move-to-postgres", "--to", to], { DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/^Il database di destinazione non è vuoto \(\d+ utenti, \d+ voci/);
      const check = await openPostgres(pgUrl(name, pgAppRole()), 1);
      expect(await tableCounts(check.db)).toEqual(beforeAgain);
      await check.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
