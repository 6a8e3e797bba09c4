/**
 * PostgreSQL roles (server/db/roles.ts): the server's connection cannot rewrite the audit trail,
 * `db setup-roles` turns a database migrated as a superuser into owner + application role, and
 * `npm start`'s bootstrap migrates as the owner and warns when its own connection is too powerful.
 */
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { prepareDatabase } from "../../../server/bootstrap";
import { type Database, openPostgres } from "../../../server/db/client";
import { migrate } from "../../../server/db/migrate";
import { queryOne } from "../../../server/db/query";
import { RoleSetupError, roleWarning, setupRoles } from "../../../server/db/roles";
import { writeAudit } from "../../../server/lib/audit";
import { createTestApp, type TestApp, testConfig } from "../helpers/app";
import { PG_ADMIN_URL, pgAppRole, pgUrl, runId, testDbKinds } from "../setup/paths";

const pgDescribe = testDbKinds().includes("postgres") ? describe : describe.skip;

const failure = (p: Promise<unknown>) =>
  p.then(
    () => "riuscito",
    (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message ?? String(e),
  );

pgDescribe("the server's PostgreSQL connection cannot rewrite the audit trail", () => {
  let t: TestApp;
  let db: Database["db"];
  beforeAll(async () => {
    t = await createTestApp("postgres");
    db = t.database.db;
    await writeAudit(db, { azione: "Creazione", contentType: "prova", objectId: 1, note: "originale" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is an application role: neither superuser nor owner, and start-up has nothing to warn about", async () => {
    const me = await queryOne<{ role: string; superuser: boolean; owner: string }>(
      db,
      sql`SELECT current_user AS role, rolsuper AS superuser,
                 (SELECT tableowner FROM pg_tables WHERE tablename = 'log_entries') AS owner
          FROM pg_roles WHERE rolname = current_user`,
    );
    expect(me).toEqual({ role: pgAppRole(), superuser: false, owner: expect.not.stringMatching(pgAppRole()) });
    expect(await roleWarning(t.database)).toBeUndefined();
  });

  it("refuses UPDATE, DELETE and TRUNCATE of log_entries, and any write of the chain head", async () => {
    for (const stmt of [
      "UPDATE log_entries SET note = 'manomessa'",
      "DELETE FROM log_entries",
      "TRUNCATE log_entries",
      "UPDATE log_chain SET seq = 0",
      "DELETE FROM log_chain",
      "INSERT INTO erp_migrations (name) VALUES ('9999_finta.sql')",
    ]) {
      expect(await failure(db.execute(sql.raw(stmt)))).toMatch(
        /^permission denied for table (log_entries|log_chain|erp_migrations)$/,
      );
    }
  });

  it("cannot switch the triggers off: session_replication_role, DISABLE TRIGGER, DROP TRIGGER, replacing the function", async () => {
    expect(await failure(db.execute(sql`SET session_replication_role = replica`))).toMatch(
      /permission denied to set parameter "session_replication_role"/,
    );
    for (const stmt of [
      "ALTER TABLE log_entries DISABLE TRIGGER log_entries_no_update",
      "ALTER TABLE log_entries DISABLE TRIGGER ALL",
      "DROP TRIGGER log_entries_chain ON log_entries",
    ]) {
      expect(await failure(db.execute(sql.raw(stmt)))).toMatch(/^must be owner of (table|relation) log_entries$/);
    }
    expect(
      await failure(
        db.execute(
          sql.raw(
            "CREATE OR REPLACE FUNCTION log_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
          ),
        ),
      ),
    ).toMatch(/^(must be owner of function log_entries_append_only|permission denied for schema public)$/);
    expect(await failure(db.execute(sql`CREATE TABLE log_entries_copia (id int)`))).toBe(
      "permission denied for schema public",
    );
    // nor a temporary table of its own in front of the chain's head (issue 30 item 8)
    expect(
      await failure(db.execute(sql`CREATE TEMPORARY TABLE log_chain (id boolean, seq bigint, hash bytea)`)),
    ).toMatch(/^permission denied to create temporary tables in database/);
    const entries = await queryOne<{ note: string }>(
      db,
      sql`SELECT note FROM log_entries WHERE content_type = 'prova'`,
    );
    expect(entries?.note).toBe("originale");
  });
});

pgDescribe("db setup-roles and npm start's bootstrap", () => {
  const owner = `erp_r_${runId()}_rt_owner`;
  const app = `erp_r_${runId()}_rt_app`;
  const names = [`erp_t_${runId()}_${process.pid}_roles_old`, `erp_t_${runId()}_${process.pid}_roles_new`];
  const [oldDb, newDb] = names;
  const as = (database: string, role?: string) => {
    const u = new URL(pgUrl(database));
    if (role) {
      u.username = role;
      u.password = "";
    }
    return u.toString();
  };
  let admin: Client;
  const open: Database[] = [];
  const connect = async (url: string) => {
    const d = await openPostgres(url, 2);
    open.push(d);
    return d;
  };

  beforeAll(async () => {
    admin = new Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    for (const n of names) await admin.query(`CREATE DATABASE "${n}" TEMPLATE template0 ENCODING 'UTF8'`);
    // The old way: migrated and written by the superuser.
    const su = await connect(as(oldDb));
    await migrate(su);
    await writeAudit(su.db, { azione: "Creazione", contentType: "prova", objectId: 1 });
  });
  afterAll(async () => {
    for (const d of open) await d.close().catch(() => {});
    for (const n of names) await admin.query(`DROP DATABASE IF EXISTS "${n}" WITH (FORCE)`);
    for (const r of [app, owner]) await admin.query(`DROP ROLE IF EXISTS "${r}"`);
    await admin.end();
  });

  it("hands every object of a database migrated as the superuser to the owner, and grants the application role", async () => {
    const su = await connect(as(oldDb));
    const first = await setupRoles(su, { owner, app });
    expect(first.roles.map((r) => [r.role, r.created, r.generated])).toEqual([
      [owner, true, true],
      [app, true, true],
    ]);
    expect(first.transferred).toBeGreaterThan(40);
    expect(first.extensions.sort()).toEqual(["btree_gist", "pg_trgm", "unaccent"]);
    const notOwned = await queryOne<{ n: number }>(
      su.db,
      sql`SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
          WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'S') AND c.relowner <> ${owner}::regrole
            AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')`,
    );
    expect(notOwned?.n).toBe(0);
    const chainFn = await queryOne<{ owner: string }>(
      su.db,
      sql`SELECT proowner::regrole::text AS owner FROM pg_proc WHERE proname = 'log_entries_chain'`,
    );
    expect(chainFn?.owner).toBe(owner);
    const privileges = await queryOne<Record<string, boolean>>(
      su.db,
      sql`SELECT has_table_privilege(${app}, 'log_entries', 'SELECT, INSERT') AS log_read_write,
                 has_table_privilege(${app}, 'log_entries', 'UPDATE, DELETE, TRUNCATE, TRIGGER') AS log_rewrite,
                 has_table_privilege(${app}, 'log_chain', 'INSERT, UPDATE, DELETE, TRUNCATE') AS head_write,
                 has_table_privilege(${app}, 'operatori', 'SELECT') AND has_table_privilege(${app}, 'operatori', 'INSERT')
                   AND has_table_privilege(${app}, 'operatori', 'UPDATE') AND has_table_privilege(${app}, 'operatori', 'DELETE') AS business,
                 has_sequence_privilege(${app}, 'operatori_codice_seq', 'USAGE') AS sequences,
                 has_schema_privilege(${app}, 'public', 'CREATE') AS create_in_schema,
                 has_database_privilege(${app}, current_database(), 'TEMPORARY') AS temporary_tables,
                 has_database_privilege(${owner}, current_database(), 'TEMPORARY') AS owner_temporary_tables`,
    );
    expect(privileges).toEqual({
      temporary_tables: false,
      owner_temporary_tables: true,
      log_read_write: true,
      log_rewrite: false,
      head_write: false,
      business: true,
      sequences: true,
      create_in_schema: false,
    });
    // Again: nothing left to hand over, the roles are kept as they are.
    const again = await setupRoles(su, { owner, app });
    expect(again.transferred).toBe(0);
    expect(again.roles.map((r) => [r.created, r.password])).toEqual([
      [false, undefined],
      [false, undefined],
    ]);

    const asApp = await connect(as(oldDb, app));
    expect(await failure(asApp.exec("UPDATE log_entries SET note = 'x'"))).toMatch(/permission denied/);
    expect(await failure(asApp.exec("SET session_replication_role = replica"))).toMatch(/permission denied/);
    await writeAudit(asApp.db, { azione: "Modifica", contentType: "prova", objectId: 1 });
    // No temporary table of its own in front of the chain's head (issue 30 item 8).
    expect(await failure(asApp.exec("CREATE TEMPORARY TABLE log_chain (id boolean, seq bigint, hash bytea)"))).toMatch(
      /^permission denied to create temporary tables in database/,
    );
    // What a later migration creates is granted by default privileges.
    const asOwner = await connect(as(oldDb, owner));
    await asOwner.exec("CREATE TABLE nuova_tabella (id serial PRIMARY KEY, nome text NOT NULL)");
    await asApp.exec(
      "INSERT INTO nuova_tabella (nome) VALUES ('a'); UPDATE nuova_tabella SET nome = 'b'; DELETE FROM nuova_tabella",
    );
  });

  it("refuses a caller that is not a superuser, a superuser role, equal or invalid names", async () => {
    const su = await connect(as(oldDb));
    const asApp = await connect(as(oldDb, app));
    await expect(setupRoles(asApp, { owner, app })).rejects.toThrow(
      new RoleSetupError(`Serve un superutente di PostgreSQL: DATABASE_URL si collega come "${app}", che non lo è.`),
    );
    await expect(setupRoles(su, { owner: "postgres", app })).rejects.toThrow(/"postgres" è un superutente/);
    await expect(setupRoles(su, { owner: app, app })).rejects.toThrow(/devono essere diversi/);
    await expect(setupRoles(su, { owner, app: 'x"; DROP' })).rejects.toThrow(/Nome di ruolo non valido/);
  });

  it("npm start on a new database: migrates as the owner, serves as the application role, warns only about a too powerful connection", async () => {
    const su = await connect(as(newDb));
    await setupRoles(su, { owner, app });
    const config = testConfig({ databaseUrl: as(newDb, app) });

    // The application role alone cannot migrate: the message says what to set.
    await expect(prepareDatabase(config)).rejects.toThrow(/imposta DATABASE_MIGRATION_URL/);

    const started = await prepareDatabase({ ...config, databaseMigrationUrl: as(newDb, owner) });
    open.push(started.database);
    expect(started.messages.join("\n")).not.toMatch(/Attenzione/);
    expect(started.messages[0]).toMatch(/Creato il superamministratore "admin"/);
    const tables = await queryOne<{ owners: string[] }>(
      started.database.db,
      sql`SELECT array_agg(DISTINCT tableowner::text) AS owners FROM pg_tables WHERE schemaname = 'public'`,
    );
    expect(tables?.owners).toEqual([owner]);
    expect(await failure(started.database.exec("DELETE FROM log_entries"))).toMatch(/permission denied/);

    const asSuperuser = await prepareDatabase(testConfig({ databaseUrl: as(newDb) }));
    open.push(asSuperuser.database);
    expect(asSuperuser.messages[0]).toMatch(
      /^Attenzione: il server si collega a PostgreSQL come "postgres", un superutente, che può riscrivere il registro delle modifiche\./,
    );
    const asOwner = await prepareDatabase(testConfig({ databaseUrl: as(newDb, owner) }));
    open.push(asOwner.database);
    expect(asOwner.messages[0]).toMatch(new RegExp(`come "${owner}", proprietario delle tabelle`));
  });
});
