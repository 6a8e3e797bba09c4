/**
 * PostgreSQL roles (README «PostgreSQL in produzione»): migrations run as an OWNER role, the server
 * connects as an APPLICATION role that is neither owner nor superuser, so it cannot switch the
 * audit trail's triggers off (`ALTER TABLE … DISABLE TRIGGER` needs the owner,
 * `session_replication_role` a superuser) and holds only INSERT/SELECT on log_entries.
 *
 * `setupRoles` (`npm run erp -- db setup-roles`, run with a superuser's DATABASE_URL) creates or
 * adjusts both roles on the current database: the extensions the migrations need (the only step that
 * needs a superuser), every object of schema public owned by the owner, the application's grants on
 * what exists and default privileges for what later migrations create. `roleWarning` tells at
 * start-up when the server's own connection could rewrite the trail. The embedded PGlite has one
 * user in one process: none of this applies to it.
 */
import { sql } from "drizzle-orm";
import { randomPassword } from "../lib/passwords";
import type { Database, Executor } from "./client";
import { listMigrations } from "./migrate";
import { queryOne, queryRows } from "./query";

export interface RoleSetupOptions {
  owner: string;
  app: string;
  /** Set (or change) the role's password; a new role without one gets a random password. */
  ownerPassword?: string;
  appPassword?: string;
}

export interface RoleSetupResult {
  database: string;
  /** The owner, then the application role; `password` only when set now (`generated`: by us). */
  roles: { role: string; created: boolean; password?: string; generated: boolean }[];
  extensions: string[];
  /** Objects of schema public whose owner became `owner`. */
  transferred: number;
}

/** Thrown for a refusal to report as is (not a bug). */
export class RoleSetupError extends Error {}

const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** The extensions the migrations create (`CREATE EXTENSION IF NOT EXISTS x`): a superuser makes them first. */
/**
 * The grants on the database itself. No temporary tables for the application role: none of the
 * server's statements needs one, and a session that can create them can put its own table in
 * front of a public one wherever a search_path leaves pg_temp implicit — it shadowed the audit
 * chain's head (issue 30 item 8, migration 0003). PostgreSQL grants TEMPORARY to PUBLIC by
 * default, so it is taken from PUBLIC too; the owner (migrations, seeds) keeps it. Quoted names.
 */
export function databaseGrants(database: string, owner: string, app: string): string[] {
  const [db, o, a] = [ident(database), ident(owner), ident(app)];
  return [
    `REVOKE TEMPORARY ON DATABASE ${db} FROM PUBLIC, ${a}`,
    `GRANT CONNECT ON DATABASE ${db} TO ${o}, ${a}`,
    `GRANT TEMPORARY ON DATABASE ${db} TO ${o}`,
  ];
}

export function migrationExtensions(): string[] {
  const names = new Set<string>();
  for (const m of listMigrations()) {
    for (const [, name] of m.sql.matchAll(/CREATE EXTENSION IF NOT EXISTS (\w+)/gi)) names.add(name);
  }
  return [...names];
}

/** Alter-statements that make `owner` the owner of every object of schema public not belonging to an extension. */
async function ownershipChanges(ex: Executor, owner: string): Promise<string[]> {
  const rows = await queryRows<{ stmt: string }>(
    ex,
    sql`WITH ext AS (SELECT objid FROM pg_depend WHERE deptype = 'e'),
             target AS (SELECT oid FROM pg_roles WHERE rolname = ${owner})
        SELECT format('ALTER %s %s OWNER TO %I',
                 CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
                                WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
                 c.oid::regclass, ${owner}::text) AS stmt
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND c.relowner <> (SELECT oid FROM target) AND c.oid NOT IN (SELECT objid FROM ext)
          -- a sequence of a serial or identity column follows its table
          AND NOT (c.relkind = 'S' AND EXISTS (
                SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                  AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')))
        UNION ALL
        SELECT format('ALTER ROUTINE %s OWNER TO %I', p.oid::regprocedure, ${owner}::text)
        FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.proowner <> (SELECT oid FROM target) AND p.oid NOT IN (SELECT objid FROM ext)
        UNION ALL
        SELECT format('ALTER TYPE %s OWNER TO %I', t.oid::regtype, ${owner}::text)
        FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = 'public' AND t.typowner <> (SELECT oid FROM target) AND t.oid NOT IN (SELECT objid FROM ext)
          AND (t.typtype IN ('e', 'd', 'r')
               OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))`,
  );
  return rows.map((r) => r.stmt);
}

interface RoleRow {
  rolsuper: boolean;
  rolbypassrls: boolean;
}

/**
 * Creates or adjusts the owner and application roles on the database `database` is connected to
 * (as a superuser), in one transaction. Safe to run again: after an upgrade, or to repair grants.
 */
export async function setupRoles(database: Database, o: RoleSetupOptions): Promise<RoleSetupResult> {
  if (database.kind !== "postgres") throw new RoleSetupError("I ruoli riguardano solo PostgreSQL (DATABASE_URL).");
  for (const name of [o.owner, o.app]) {
    if (!ROLE_NAME.test(name))
      throw new RoleSetupError(`Nome di ruolo non valido: "${name}" (lettere minuscole, cifre e _, al massimo 63)`);
  }
  if (o.owner === o.app)
    throw new RoleSetupError("Il ruolo proprietario e quello dell'applicazione devono essere diversi.");
  const me = await queryOne<{ user: string; db: string; superuser: boolean }>(
    database.db,
    sql`SELECT current_user AS user, current_database() AS db, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
  );
  if (!me?.superuser)
    throw new RoleSetupError(
      `Serve un superutente di PostgreSQL: DATABASE_URL si collega come "${me?.user}", che non lo è.`,
    );

  return database.db.transaction(async (tx) => {
    const run = (stmt: string) => tx.execute(sql.raw(stmt));
    const roles: RoleSetupResult["roles"] = [];
    for (const [role, given] of [
      [o.owner, o.ownerPassword],
      [o.app, o.appPassword],
    ] as const) {
      const existing = await queryOne<RoleRow>(
        tx,
        sql`SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = ${role}`,
      );
      if (existing?.rolsuper || existing?.rolbypassrls)
        throw new RoleSetupError(
          `Il ruolo "${role}" è un superutente (o scavalca la sicurezza per riga): scegli un altro nome.`,
        );
      const password = given ?? (existing ? undefined : randomPassword());
      const pw = password === undefined ? "" : ` PASSWORD ${literal(password)}`;
      await run(
        existing
          ? `ALTER ROLE ${ident(role)} LOGIN NOCREATEROLE NOCREATEDB${pw}`
          : `CREATE ROLE ${ident(role)} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS${pw}`,
      );
      roles.push({ role, created: !existing, password, generated: password !== undefined && given === undefined });
    }
    const member = await queryOne<{ m: boolean }>(tx, sql`SELECT pg_has_role(${o.app}, ${o.owner}, 'MEMBER') AS m`);
    if (member?.m)
      throw new RoleSetupError(
        `Il ruolo "${o.app}" è membro di "${o.owner}" e potrebbe agire come proprietario: toglilo (REVOKE ${o.owner} FROM ${o.app}).`,
      );

    const extensions = migrationExtensions();
    for (const e of extensions) await run(`CREATE EXTENSION IF NOT EXISTS ${ident(e)}`);

    const [owner, app] = [ident(o.owner), ident(o.app)];
    for (const stmt of databaseGrants(me.db, o.owner, o.app)) await run(stmt);
    await run(`GRANT USAGE, CREATE ON SCHEMA public TO ${owner}`);
    await run(`REVOKE CREATE ON SCHEMA public FROM PUBLIC, ${app}`);
    await run(`GRANT USAGE ON SCHEMA public TO ${app}`);

    const changes = await ownershipChanges(tx, o.owner);
    for (const stmt of changes) await run(stmt);

    // What exists now, then what later migrations (run as the owner) create.
    await run(`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${app}`);
    await run(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`);
    await run(`REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${app}`);
    await run(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${app}`);
    await run(`GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ${app}`);
    const defaults = `ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT`;
    await run(`${defaults} SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`);
    await run(`${defaults} USAGE, SELECT ON SEQUENCES TO ${app}`);
    await run(`${defaults} EXECUTE ON FUNCTIONS TO ${app}`);
    // The audit trail: INSERT and SELECT only (migration 0002 defines the rule; before it runs,
    // there is nothing to protect and 0002 applies it itself).
    const guard = await queryOne<{ f: string | null }>(
      tx,
      sql`SELECT to_regprocedure('public.log_entries_revoke_writes()')::text AS f`,
    );
    if (guard?.f) await run("SELECT public.log_entries_revoke_writes()");
    return { database: me.db, roles, extensions, transferred: changes.length };
  });
}

/** The same server and database as `url`, as `role` (with `password` when given). */
export function urlAsRole(url: string, role: string, password?: string): string {
  const u = new URL(url);
  u.username = encodeURIComponent(role);
  u.password = password ? encodeURIComponent(password) : "";
  return u.toString();
}

/**
 * A start-up warning when the server's connection could rewrite the audit trail (a superuser, the
 * tables' owner or a member of it, UPDATE/DELETE/TRUNCATE on log_entries); undefined when it cannot,
 * and always on the embedded database.
 */
export async function roleWarning(database: Database): Promise<string | undefined> {
  if (database.kind !== "postgres") return undefined;
  const r = await queryOne<{ role: string; superuser: boolean; owner: boolean; rewrite: boolean }>(
    database.db,
    sql`SELECT current_user AS role, r.rolsuper AS superuser, pg_has_role(current_user, c.relowner, 'MEMBER') AS owner,
               has_table_privilege('public.log_entries', 'UPDATE, DELETE, TRUNCATE') AS rewrite
        FROM pg_roles r, pg_class c WHERE r.rolname = current_user AND c.oid = 'public.log_entries'::regclass`,
  );
  if (!r || !(r.superuser || r.owner || r.rewrite)) return undefined;
  const why = r.superuser
    ? "un superutente"
    : r.owner
      ? "proprietario delle tabelle"
      : "un ruolo con i permessi di modificare o cancellare le sue voci";
  return (
    `Attenzione: il server si collega a PostgreSQL come "${r.role}", ${why}, che può riscrivere il registro delle modifiche. ` +
    "In produzione collega il server con un ruolo applicativo (DATABASE_URL) e applica le migrazioni con il ruolo " +
    'proprietario (DATABASE_MIGRATION_URL): vedi "npm run erp -- db setup-roles" e il README, «PostgreSQL in produzione».'
  );
}
