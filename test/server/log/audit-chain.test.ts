/**
 * The audit trail's hash chain (migration 0002_audit_chain.sql, server/lib/audit-chain.ts): every
 * write path chains, concurrent writers chain correctly, and an entry changed or removed by someone
 * who bypassed the append-only trigger is found with its id.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { type Database, openPglite, openPostgres } from "../../../server/db/client";
import { listMigrations, migrate } from "../../../server/db/migrate";
import { queryOne, queryRows } from "../../../server/db/query";
import { auditInsertSql, writeAudit } from "../../../server/lib/audit";
import { verifyAuditChain } from "../../../server/lib/audit-chain";
import { auth, describeEachDb } from "../helpers/app";
import { type DbKind, openTestDatabase, type TestDatabase } from "../helpers/db";
import { createCliente, createOperatore, posizioneId } from "../pianificazione/fixtures";
import { PG_ADMIN_URL, pgUrl, runId, testDbKinds } from "../setup/paths";

// Fresh databases and whole migrations on PGlite: slow on a busy machine.
jest.setTimeout(120_000);

const entry = (note: string) => ({ azione: "Modifica", contentType: "prova", objectId: 1, note });

async function chainRows(db: Database) {
  return queryRows<{ id: number; seq: number }>(db.db, sql`SELECT id, seq FROM log_entries ORDER BY seq`);
}

describeEachDb("audit chain: every write is chained", (ctx) => {
  it("chains the entries of the API, an assignment's data-modifying CTE included, and verifies", async () => {
    const db = ctx().database.db;
    const { token } = await ctx().createUser({ permissions: ["erp_contratti"] });
    const req = (method: "POST" | "GET", url: string, data?: unknown) =>
      ctx().app.inject({ method, url, headers: auth(token), ...(data !== undefined ? { payload: { data } } : {}) });
    const steward = await posizioneId(db, "Steward");
    const cliente = await createCliente(db, "Catena S.r.l.");
    const op = await createOperatore(db, {
      cognome: "Catena",
      posizioni: [steward],
      documenti: [{ tipo: "attestato_steward" }],
    });
    const base = `/api/pianificazione/contratti/${(await req("POST", "/api/pianificazione/contratti/", { titolo: "Catena", cliente })).json().id}`;
    const servizio = (
      await req("POST", `${base}/servizi/`, {
        dal: "2025-03-01",
        al: "2025-03-31",
        indirizzo: "Via Roma 1",
        giorni_settimana: [],
      })
    ).json().id;
    const giorno = (await req("POST", `${base}/servizi/${servizio}/giorni/`, { giorno: "2025-03-10" })).json().id;
    const turno = (
      await req("POST", `${base}/servizi/${servizio}/giorni/${giorno}/turni/`, {
        inizio_f1: "08:00",
        fine_f1: "16:00",
        posizione: steward,
        operatori_richiesti: 1,
      })
    ).json().id;
    const url = `${base}/servizi/${servizio}/giorni/${giorno}/turni/${turno}/operatori/`;
    expect((await req("POST", url, { operatore: { id: op }, add: true })).statusCode).toBe(200);
    expect((await req("POST", url, { operatore: { id: op }, add: false })).statusCode).toBe(200);

    const written = await queryRows<{ azione: string; seq: number; hash: string }>(
      db,
      sql`SELECT azione, seq, encode(hash, 'hex') AS hash FROM log_entries
          WHERE content_type = 'turno' AND object_id = ${String(turno)} ORDER BY seq`,
    );
    expect(written.map((w) => w.azione)).toEqual(["Creazione", "Assegnazione operatore", "Rimozione operatore"]);
    for (const w of written) expect(w.hash).toMatch(/^[0-9a-f]{64}$/);
    const report = await verifyAuditChain(db);
    expect(report.broken).toBeUndefined();
    const rows = await chainRows(ctx().database);
    expect(report.entries).toBe(rows.length);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(report.last.seq).toBe(rows.length);
  });

  it("ignores seq and hash given by the writer", async () => {
    const db = ctx().database.db;
    await db.execute(
      sql`INSERT INTO log_entries (azione, content_type, seq, hash) VALUES ('Modifica', 'prova', 1, '\\x00')`,
    );
    const last = await queryOne<{ seq: number; hash: string }>(
      db,
      sql`SELECT seq, encode(hash, 'hex') AS hash FROM log_entries ORDER BY seq DESC LIMIT 1`,
    );
    expect(last!.seq).toBeGreaterThan(1);
    expect(last!.hash).not.toBe("00");
    expect((await verifyAuditChain(db)).broken).toBeUndefined();
  });

  it("a temporary table named log_chain does not take the head's place (issue 30 item 8)", async () => {
    const db = ctx().database.db;
    await writeAudit(db, entry("prima dell'ombra"));
    const head = async () =>
      queryOne<{ seq: number }>(db, sql`SELECT seq FROM public.log_chain`).then((r) => Number(r!.seq));
    const before = await head();
    // One session (the owner's on PostgreSQL, the one user of PGlite) shadows the head with a
    // forged one of its own and writes an entry: the trigger used to chain it to the forgery
    // (pg_temp comes first in a search_path that does not name it).
    await ctx().database.exec(`CREATE TEMPORARY TABLE log_chain (LIKE public.log_chain);
      INSERT INTO pg_temp.log_chain (id, seq, hash) VALUES (true, 1000000, '\\x00');
      INSERT INTO log_entries (azione, content_type, note) VALUES ('Modifica', 'prova', 'nell''ombra');
      DROP TABLE pg_temp.log_chain`);
    expect(await head()).toBe(before + 1);
    const shadowed = await queryOne<{ seq: number }>(db, sql`SELECT seq FROM log_entries WHERE note = 'nell''ombra'`);
    expect(Number(shadowed!.seq)).toBe(before + 1);
    expect((await verifyAuditChain(db)).broken).toBeUndefined();
  });

  it("chains concurrent transactions in commit order, without gaps for the rolled-back ones", async () => {
    const db = ctx().database.db;
    const before = (await verifyAuditChain(db)).entries;
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    let committed = 0;
    await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        try {
          await db.transaction(async (tx) => {
            await writeAudit(tx, entry(`t${i}-a`));
            await sleep(i % 7);
            if (i % 3 === 0) {
              // the single-statement form: the entry as a data-modifying CTE
              await tx.execute(
                sql`WITH c AS (SELECT 1 AS x) ${auditInsertSql(entry(`t${i}-b`), sql`EXISTS (SELECT 1 FROM c)`)}`,
              );
            }
            if (i % 10 === 9) throw new Error("rollback");
          });
          committed += i % 3 === 0 ? 2 : 1;
        } catch (e) {
          if ((e as Error).message !== "rollback") throw e;
        }
      }),
    );
    const report = await verifyAuditChain(db);
    expect(report.broken).toBeUndefined();
    expect(report.entries).toBe(before + committed);
    const rows = await chainRows(ctx().database);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
  });
});

/** Runs `sqlText` (one transaction) as a superuser: the admin connection on PostgreSQL, the one user of PGlite. */
async function asSuperuser(tdb: TestDatabase, sqlText: string): Promise<void> {
  if (!tdb.superuserUrl) return tdb.exec(sqlText);
  const su = await openPostgres(tdb.superuserUrl, 1);
  try {
    await su.exec(sqlText);
  } finally {
    await su.close();
  }
}

for (const kind of testDbKinds()) {
  describe(`audit chain: tampering is found [${kind}]`, () => {
    let tdb: TestDatabase;
    beforeEach(async () => {
      tdb = await openTestDatabase(kind);
      for (let i = 1; i <= 5; i++) await writeAudit(tdb.db, entry(`voce ${i}`));
    });
    afterEach(async () => {
      await tdb.close();
    });
    const idOf = async (note: string) =>
      (await queryOne<{ id: number; seq: number }>(tdb.db, sql`SELECT id, seq FROM log_entries WHERE note = ${note}`))!;

    it("finds an entry changed by a superuser behind the trigger's back, with its id", async () => {
      expect(await verifyAuditChain(tdb.db)).toEqual(expect.objectContaining({ entries: 5 }));
      const v3 = await idOf("voce 3");
      await asSuperuser(
        tdb,
        "SET LOCAL session_replication_role = replica; UPDATE log_entries SET note = 'voce ritoccata' WHERE note = 'voce 3'",
      );
      const report = await verifyAuditChain(tdb.db);
      expect(report.broken).toEqual({ id: v3.id, seq: v3.seq, problem: expect.stringMatching(/impronta registrata/) });
    });

    it("finds an entry changed by the owner with the trigger disabled, even with its hash recomputed", async () => {
      const v2 = await idOf("voce 2");
      const v3 = await idOf("voce 3");
      // The owner rewrites entry 2 and its hash (as the trigger would): the chain breaks at entry 3.
      await tdb.exec(`ALTER TABLE log_entries DISABLE TRIGGER log_entries_no_update;
        UPDATE log_entries SET note = 'riscritta' WHERE id = ${v2.id};
        UPDATE log_entries l SET hash = log_entry_hash((SELECT p.hash FROM log_entries p WHERE p.seq = l.seq - 1), l)
          WHERE id = ${v2.id};
        ALTER TABLE log_entries ENABLE TRIGGER log_entries_no_update`);
      const report = await verifyAuditChain(tdb.db);
      expect(report.broken).toMatchObject({ id: v3.id, seq: v3.seq });
    });

    it("finds a deleted entry, and deleted last entries", async () => {
      const v4 = await idOf("voce 4");
      await asSuperuser(
        tdb,
        "SET LOCAL session_replication_role = replica; DELETE FROM log_entries WHERE note = 'voce 3'",
      );
      expect((await verifyAuditChain(tdb.db)).broken).toEqual({
        id: v4.id,
        seq: v4.seq,
        problem: `manca la voce seq ${v4.seq - 1}, che la precedeva (cancellata)`,
      });

      const fresh = await openTestDatabase(kind);
      try {
        for (let i = 1; i <= 3; i++) await writeAudit(fresh.db, entry(`voce ${i}`));
        await asSuperuser(
          fresh,
          "SET LOCAL session_replication_role = replica; DELETE FROM log_entries WHERE note = 'voce 3'",
        );
        expect((await verifyAuditChain(fresh.db)).broken).toEqual({
          id: null,
          seq: 3,
          problem: "manca l'ultima voce, seq 3 (cancellata)",
        });
        // The next entry chains to the head, not to what is left: the gap stays visible.
        await writeAudit(fresh.db, entry("voce 4"));
        expect((await verifyAuditChain(fresh.db)).broken).toMatchObject({
          seq: 4,
          problem: expect.stringMatching(/seq 3/),
        });
      } finally {
        await fresh.close();
      }
    });
  });
}

describe("audit chain: a database written before the chain is chained by the migration", () => {
  // 0002 makes the chain, 0003 replaces its trigger function (issue 30 item 8).
  const CHAIN_MIGRATIONS = ["0002_audit_chain.sql", "0003_audit_chain_search_path.sql"];
  const withoutChain = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-mig-"));
    for (const m of listMigrations())
      if (!CHAIN_MIGRATIONS.includes(m.name)) fs.writeFileSync(path.join(dir, m.name), m.sql);
    return dir;
  };

  async function check(db: Database) {
    const dir = withoutChain();
    try {
      await migrate(db, dir);
      await db.exec(`INSERT INTO log_entries (azione, data_ora, content_type, object_id, dati)
        SELECT 'Creazione', timestamptz '2024-01-01 10:00+01' - g * interval '1 hour', 'prova', g::text, jsonb_build_object('n', g)
        FROM generate_series(1, 50) g`);
      expect(await migrate(db)).toEqual(CHAIN_MIGRATIONS);
      const rows = await chainRows(db);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id)].sort((a, b) => a - b));
      const migrated = await verifyAuditChain(db.db);
      expect(migrated.broken).toBeUndefined();
      expect(migrated).toMatchObject({ entries: 50, last: { seq: 50 } });
      await writeAudit(db.db, entry("dopo la migrazione"));
      const after = await verifyAuditChain(db.db);
      expect(after.broken).toBeUndefined();
      expect(after.entries).toBe(51);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  const kinds: DbKind[] = testDbKinds();
  if (kinds.includes("pglite"))
    it("on PGlite", async () => {
      const db = await openPglite(undefined);
      try {
        await check(db);
      } finally {
        await db.close();
      }
    });
  if (kinds.includes("postgres"))
    it("on PostgreSQL", async () => {
      const name = `erp_t_${runId()}_${process.pid}_chain`;
      const admin = new Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE template0 ENCODING 'UTF8'`);
      const db = await openPostgres(pgUrl(name), 2);
      try {
        await check(db);
      } finally {
        await db.close();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
    });
});
