/**
 * What `npm start` and the CLI do before serving: open the database, apply migrations (on
 * PostgreSQL as the tables' owner when DATABASE_MIGRATION_URL is set, server/db/roles.ts), create
 * the first superadmin when no user exists, and load the demo data on a new embedded database.
 */
import { count } from "drizzle-orm";
import type { AppConfig } from "./config";
import { type Database, openDatabase, openPostgres } from "./db/client";
import { migrate } from "./db/migrate";
import { roleWarning } from "./db/roles";
import { users } from "./db/schema/core";
import { filesOnDisk, importDiskFiles } from "./lib/files-import";
import { hashPassword, randomPassword } from "./lib/passwords";
import { seedDemo } from "./seed/demo";

export interface PreparedDatabase {
  database: Database;
  /** Lines to print once (the generated admin password, demo accounts). */
  messages: string[];
}

export async function ensureAdmin(database: Database, config: AppConfig): Promise<string[]> {
  const [{ n }] = await database.db.select({ n: count() }).from(users);
  if (n > 0) return [];
  const password = config.adminPassword ?? randomPassword();
  await database.db.insert(users).values({
    username: config.adminUsername,
    email: "",
    nome: "Amministratore",
    cognome: "",
    permissions: ["superadmin"],
    passwordHash: await hashPassword(password, config.scryptN),
  });
  return config.adminPassword
    ? [`Creato il superamministratore "${config.adminUsername}" con la password di ERP_ADMIN_PASSWORD.`]
    : [`Creato il superamministratore "${config.adminUsername}" con la password: ${password}  (mostrata solo ora)`];
}

const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Applies the pending migrations: with DATABASE_MIGRATION_URL on a connection of its own (the
 * owner), otherwise on `database`. Returns the names applied.
 */
export async function applyMigrations(config: AppConfig, database: Database): Promise<string[]> {
  if (config.databaseMigrationUrl) {
    if (!config.databaseUrl) throw new Error("DATABASE_MIGRATION_URL richiede DATABASE_URL (PostgreSQL).");
    const owner = await openPostgres(config.databaseMigrationUrl, 1);
    try {
      return await migrate(owner);
    } finally {
      await owner.close();
    }
  }
  try {
    return await migrate(database);
  } catch (e) {
    if ((e as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw e;
    throw new Error(
      "Le migrazioni vanno applicate dal ruolo proprietario delle tabelle: imposta DATABASE_MIGRATION_URL " +
        `(README, «PostgreSQL in produzione»). PostgreSQL: ${(e as Error).message}`,
    );
  }
}

/** `progress` hears a line before each slow step (npm start prints them: a first start takes a while). */
export async function prepareDatabase(
  config: AppConfig,
  progress: (line: string) => void = () => {},
): Promise<PreparedDatabase> {
  progress(
    config.databaseUrl
      ? "Collegamento a PostgreSQL…"
      : `Apertura del database integrato in ${config.dataDir} (la prima volta lo crea: qualche secondo)…`,
  );
  const database = await openDatabase(config);
  progress("Migrazioni del database…");
  const applied = await applyMigrations(config, database);
  if (applied.length > 0) progress(`Migrazioni applicate: ${applied.length}.`);
  const isNew = applied.includes("0001_core.sql");
  const warning = await roleWarning(database);
  const messages = [...(warning ? [warning] : []), ...(await ensureAdmin(database, config))];
  // Files uploaded before they were kept in the database (migration 0850): moved in once.
  if ((await filesOnDisk(database.db)) > 0) {
    progress("Spostamento dei file caricati nel database…");
    messages.push(...(await importDiskFiles(database.db, config.dataDir)).lines);
  }
  const demo = config.demoData ?? (isNew && database.kind === "pglite");
  if (demo && isNew) {
    progress("Caricamento dei dati dimostrativi (solo sul database nuovo)…");
    messages.push(...(await seedDemo(database, { scryptN: config.scryptN })));
  } else if (config.demoData && !isNew) messages.push("ERP_DEMO_DATA ignorato: il database contiene già dati.");
  return { database, messages };
}
