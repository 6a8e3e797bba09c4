/**
 * What `npm start` and the CLI do before serving: open the database, apply migrations, create the
 * first superadmin when no user exists, and load the demo data on a new embedded database.
 */
import { count } from "drizzle-orm";
import type { AppConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { users } from "./db/schema/core";
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

export async function prepareDatabase(config: AppConfig): Promise<PreparedDatabase> {
  const database = await openDatabase(config);
  const applied = await migrate(database);
  const isNew = applied.includes("0001_core.sql");
  const messages = await ensureAdmin(database, config);
  const demo = config.demoData ?? (isNew && database.kind === "pglite");
  if (demo && isNew) messages.push(...(await seedDemo(database, { scryptN: config.scryptN })));
  else if (config.demoData && !isNew) messages.push("ERP_DEMO_DATA ignorato: il database contiene già dati.");
  return { database, messages };
}
