/**
 * The command line, `npm run erp -- <command>` (DESIGN §4):
 *   migrate
 *   user create --username U --password P [--email E] [--first-name F] [--last-name L] [--permissions a,b,c]
 *   user set-password --username U --password P
 *   user reset-2fa --username U
 *   user list
 *   seed demo
 *   seed scale [--operators N] [--clients N] [--contracts N] [--weeks N] [--log-entries N]
 *   audit verify
 *   files import
 *   db move-to-postgres --to postgres://…
 *   backup --to FILE
 *   restore --from FILE
 *   db setup-roles --owner O --app A [--owner-password P] [--app-password P]
 *   cms simulate --event ID --codice C [--rate N] [--seconds S] [--url U]
 *   app simulate --day today --username U --password P [--guardia-password G] [--url URL] [--wait]
 * Uses the same configuration as the server (DATABASE_URL, DATABASE_MIGRATION_URL, DATA_DIR,
 * SCRYPT_N…): migrations as the owner, everything else as the application role. With the
 * embedded database it refuses to run while the server holds the data directory (exit code 1)
 * and otherwise holds the directory itself until it ends. `db setup-roles` needs a superuser's
 * DATABASE_URL and applies no migration. Exit codes: 0 done, 1 refused or failed, 2 wrong usage,
 * 3 the audit trail's chain is broken.
 */
process.env.TZ ??= "Europe/Rome";

import { parseArgs } from "node:util";
import { asc, sql } from "drizzle-orm";
import { passwordProblem } from "../src/domain/password-policy";
import { PERMISSION_CODES } from "../src/domain/permissions";
import { applyMigrations } from "./bootstrap";
import { type AppConfig, loadConfig } from "./config";
import { type Database, openDatabase, openPostgres } from "./db/client";
import { acquireLock, readLock } from "./db/lock";
import { queryOne } from "./db/query";
import { RoleSetupError, setupRoles, urlAsRole } from "./db/roles";
import { users } from "./db/schema/core";
import { AZIONI, writeAudit } from "./lib/audit";
import { describeChainReport, verifyAuditChain } from "./lib/audit-chain";
import { type Actor, systemContext } from "./lib/context";
import { HttpError } from "./lib/errors";
import { revokeAllTokens } from "./lib/tokens";
import { removeMfa } from "./modules/auth/mfa.service";
import { createStaffUser, updateStaffUser } from "./modules/auth/users.service";
import { simulate } from "./modules/cms/simulate";
import { seedDemo } from "./seed/demo";
import { DEMO_USERS } from "./seed/demo-users";

const USAGE = `Uso: npm run erp -- <comando>

  migrate                                   applica le migrazioni del database
  user create --username U --password P [--email E] [--first-name F] [--last-name L] [--permissions a,b,c]
  user set-password --username U --password P
  user reset-2fa --username U               toglie la verifica in due passaggi (telefono e codici di
                                            recupero persi) e chiude le sessioni dell'utente
  user list                                 elenca gli utenti del personale
  seed demo                                 carica i dati dimostrativi (solo su un database senza dati demo)
  seed scale [--operators N] [--clients N] [--contracts N] [--weeks N] [--log-entries N]
  audit verify                              verifica la catena delle impronte del registro delle modifiche
  db move-to-postgres --to postgres://…     copia il database integrato (server fermo) in un database
                                            PostgreSQL vuoto, lo verifica e indica il DATABASE_URL da usare
                                            (l'indirizzo del proprietario delle tabelle, vedi db setup-roles)
  backup --to FILE                          copia di sicurezza di tutto il database (file compresi) in FILE
  restore --from FILE                       ripristina il database da FILE (server fermo): controlla il
                                            file prima di toccare i dati, poi righe e registro delle modifiche
  files import                              sposta nel database i file caricati rimasti in DATA_DIR/files
                                            (con un rapporto; il server lo fa anche all'avvio)
  db setup-roles --owner O --app A [--owner-password P] [--app-password P]
                                            crea i ruoli PostgreSQL proprietario e applicazione
                                            (DATABASE_URL di un superutente)
  cms simulate --event ID --codice C [--rate N] [--seconds S] [--url U]
                                            invia conteggi all'app conta-persone di un server avviato
                                            (N al secondo, default 5; C: il codice di accesso dell'addetto,
                                            quello demo stampato dal seed;
                                            url default: quello del server avviato con npm start)
                                            fino a Ctrl-C o per S secondi, come i dispositivi registrati
  app simulate --day today|AAAA-MM-GG --username U [--password P] [--guardia-password G] [--url URL] [--wait]
                                            gioca una giornata dell'app delle guardie contro il server
                                            avviato (URL predefinito: quello del server avviato con npm start,
                                            altrimenti http://127.0.0.1:PORT): timbrature,
                                            un ticket, letture; con --wait invia alla loro ora le timbrature future;
                                            G: la password di guardia.demo stampata dal seed (senza,
                                            anche la guardia demo riceve credenziali sim.<id>);
                                            P e G anche da ERP_PASSWORD ed ERP_GUARDIA_PASSWORD, altrimenti
                                            P è chiesta senza mostrarla
`;

/** Exit code of `audit verify` when the chain is broken. */
const EXIT_TAMPERED = 3;

/** A failure to report in Italian and end with the given exit code. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The CLI acts as the system: every right, no staff user behind it (utente_id null in the log). */
const CLI_ACTOR: Actor = { userId: null, permissions: ["superadmin"], ip: null };

function describeHttpError(e: HttpError): string {
  const fields = Object.entries(e.errors ?? {}).map(([f, m]) => `  ${f}: ${m}`);
  return [e.detail, ...fields].join("\n");
}

async function withDatabase<T>(config: AppConfig, fn: (database: Database) => Promise<T>): Promise<T> {
  let release = () => {};
  if (!config.databaseUrl) {
    const holder = readLock(config.dataDir);
    if (holder) {
      throw new CliError(
        `Il server Vigilanza ERP (processo ${holder.pid}${holder.url ? `, ${holder.url}` : ""}) sta usando il database integrato in ${config.dataDir}.\n` +
          "Per non danneggiare i dati questo comando non lo apre: ferma il server e riprova, oppure usa l'interfaccia web.",
      );
    }
    release = acquireLock(config.dataDir);
  }
  try {
    const database = await openDatabase(config);
    try {
      await applyMigrations(config, database);
      return await fn(database);
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

function need(values: Record<string, string | undefined>, ...names: string[]): void {
  const missing = names.filter((n) => !values[n]);
  if (missing.length) throw new CliError(`Opzioni mancanti: ${missing.map((n) => `--${n}`).join(", ")}\n\n${USAGE}`, 2);
}

function positiveInt(v: string | undefined, name: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new CliError(`--${name} deve essere un numero intero non negativo`, 2);
  return n;
}

async function userCreate(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "username", "password");
  const permissions = (o.permissions ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean);
  const { UserCreateBody } = await import("../src/domain/contracts/auth/users");
  const parsed = UserCreateBody.safeParse({
    data: {
      username: o.username,
      password: o.password,
      email: o.email ?? "",
      nome: o["first-name"] ?? "",
      cognome: o["last-name"] ?? "",
      permissions,
      attivo: true,
    },
  });
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `  ${i.path.filter((p) => p !== "data").join(".")}: ${i.message}`);
  const unknown = permissions.filter((p) => !PERMISSION_CODES.has(p));
  if (unknown.length) problems.push(`  permissions: permessi sconosciuti: ${unknown.join(", ")}`);
  const weak = passwordProblem(o.password ?? "", {
    username: o.username,
    email: o.email,
    nome: o["first-name"],
    cognome: o["last-name"],
  });
  if (weak) problems.push(`  password: ${weak}`);
  if (!parsed.success || problems.length) throw new CliError(["Dati non validi:", ...problems].join("\n"));
  return withDatabase(config, async (database) => {
    const row = await createStaffUser(systemContext(database.db, CLI_ACTOR), parsed.data.data, config.scryptN);
    return `Creato l'utente "${row.username}" (id ${row.id}) con i permessi: ${row.permissions.join(", ") || "nessuno"}.`;
  });
}

async function userSetPassword(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "username", "password");
  return withDatabase(config, async (database) => {
    const u = await queryOne<{ id: number; username: string }>(
      database.db,
      sql`SELECT id, username FROM users WHERE lower(username) = lower(${o.username})`,
    );
    if (!u) throw new CliError(`Utente "${o.username}" non trovato.`);
    await updateStaffUser(systemContext(database.db, CLI_ACTOR), u.id, { password: o.password }, config.scryptN);
    return `Password dell'utente "${u.username}" aggiornata; le sue sessioni aperte sono state chiuse.`;
  });
}

/**
 * `user reset-2fa --username U`: an administrator locked out (phone lost, recovery codes lost)
 * loses the second factor; the next login asks for it again when the policy demands it. Their
 * sessions are closed. Audited.
 */
async function userResetMfa(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "username");
  return withDatabase(config, async (database) => {
    const u = await queryOne<{ id: number; username: string }>(
      database.db,
      sql`SELECT id, username FROM users WHERE lower(username) = lower(${o.username})`,
    );
    if (!u) throw new CliError(`Utente "${o.username}" non trovato.`);
    const had = await database.db.transaction(async (tx) => {
      const removed = await removeMfa(tx, u.id);
      await revokeAllTokens(tx, u.id, new Date());
      await writeAudit(tx, {
        azione: AZIONI.mfaDisabled,
        contentType: "utente",
        objectId: u.id,
        note: "Azzerata da riga di comando (user reset-2fa): sessioni chiuse",
      });
      return removed;
    });
    return had
      ? `Verifica in due passaggi dell'utente "${u.username}" azzerata; le sue sessioni sono state chiuse. Al prossimo accesso potrà (o dovrà, se la regola lo prevede) attivarla di nuovo.`
      : `L'utente "${u.username}" non aveva la verifica in due passaggi; le sue sessioni sono state chiuse.`;
  });
}

async function userList(config: AppConfig): Promise<string> {
  return withDatabase(config, async (database) => {
    const rows = await database.db.select().from(users).orderBy(asc(users.username));
    const fmt = (d: Date | null) =>
      d
        ? new Date(d).toLocaleString("it-IT", { dateStyle: "short", timeStyle: "short", timeZone: "Europe/Rome" })
        : "mai";
    const table = [
      ["ID", "Nome utente", "Nome e cognome", "Email", "Attivo", "Ultimo accesso", "Permessi"],
      ...rows.map((u) => [
        String(u.id),
        u.username,
        `${u.nome} ${u.cognome}`.trim(),
        u.email,
        u.attivo ? "sì" : "no",
        fmt(u.lastLogin),
        u.permissions.join(",") || "—",
      ]),
    ];
    const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
    const lines = table.map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join("  ")
        .trimEnd(),
    );
    return [...lines, "", `${rows.length} utent${rows.length === 1 ? "e" : "i"}.`].join("\n");
  });
}

async function seedDemoCommand(config: AppConfig): Promise<string> {
  return withDatabase(config, async (database) => {
    const names = DEMO_USERS.map((u) => u.username);
    const existing = await queryOne<{ username: string }>(
      database.db,
      sql`SELECT username FROM users WHERE username IN (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )}) LIMIT 1`,
    );
    if (existing) throw new CliError("I dati dimostrativi sono già presenti in questo database: nulla da fare.");
    const report = await seedDemo(database, { scryptN: config.scryptN });
    return ["Dati dimostrativi caricati.", ...report].join("\n");
  });
}

async function seedScaleCommand(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  let scale: typeof import("./seed/scale") | undefined;
  try {
    scale = await import("./seed/scale");
  } catch {
    scale = undefined;
  }
  if (!scale?.seedScale) throw new CliError("seed scale: non ancora disponibile.", 2);
  const options = {
    operators: positiveInt(o.operators, "operators"),
    clients: positiveInt(o.clients, "clients"),
    contracts: positiveInt(o.contracts, "contracts"),
    weeks: positiveInt(o.weeks, "weeks"),
    logEntries: positiveInt(o["log-entries"], "log-entries"),
  };
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  return withDatabase(config, async (database) => {
    await scale.seedScale(database, given);
    return "Dati di scala caricati.";
  });
}

async function auditVerify(config: AppConfig): Promise<string> {
  return withDatabase(config, async (database) => {
    const report = await verifyAuditChain(database.db);
    if (report.broken) throw new CliError(describeChainReport(report), EXIT_TAMPERED);
    return describeChainReport(report);
  });
}

async function dbSetupRoles(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "owner", "app");
  if (!config.databaseUrl)
    throw new CliError("db setup-roles riguarda PostgreSQL: imposta DATABASE_URL con l'indirizzo di un superutente.");
  const database = await openPostgres(config.databaseUrl, 1);
  try {
    const r = await setupRoles(database, {
      owner: o.owner!,
      app: o.app!,
      ownerPassword: o["owner-password"],
      appPassword: o["app-password"],
    });
    const [owner, app] = r.roles;
    const state = (x: (typeof r.roles)[number]) =>
      `${x.created ? "creato" : "aggiornato"}${x.generated ? ", password generata" : ""}`;
    return [
      `Ruoli pronti nel database "${r.database}":`,
      `  ${owner.role} (${state(owner)}): proprietario delle tabelle, applica le migrazioni`,
      `  ${app.role} (${state(app)}): il server; SELECT/INSERT/UPDATE/DELETE sulle tabelle, solo SELECT/INSERT sul registro delle modifiche`,
      `Estensioni presenti: ${r.extensions.join(", ")}. Oggetti passati a ${owner.role}: ${r.transferred}.`,
      "",
      "Configura il server così (le password generate sono mostrate solo ora):",
      `  DATABASE_MIGRATION_URL=${urlAsRole(config.databaseUrl, owner.role, owner.password)}`,
      `  DATABASE_URL=${urlAsRole(config.databaseUrl, app.role, app.password)}`,
    ].join("\n");
  } catch (e) {
    if (e instanceof RoleSetupError) throw new CliError(e.message);
    throw e;
  } finally {
    await database.close();
  }
}

async function moveToPostgresCommand(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "to");
  if (config.databaseUrl)
    throw new CliError(
      "db move-to-postgres copia il database integrato: togli DATABASE_URL (il server usa già PostgreSQL).",
    );
  const to = o.to as string;
  if (!/^postgres(ql)?:\/\//.test(to)) throw new CliError("--to deve essere un indirizzo postgres://…", 2);
  const { moveToPostgres, MoveError } = await import("./lib/move-to-postgres");
  const { Client } = await import("pg");
  return withDatabase(config, async (source) => {
    const client = new Client({ connectionString: to, application_name: "vigilanza-erp-move" });
    try {
      await client.connect();
    } catch (e) {
      throw new CliError(`Impossibile collegarsi a ${to}: ${(e as Error).message}`);
    }
    const target = await openPostgres(to, 2);
    try {
      const r = await moveToPostgres(source, client, target, config.dataDir, (line) => console.log(line));
      return [
        "Database copiato in PostgreSQL.",
        ...r.lines,
        "",
        "Imposta ora, e riavvia il server:",
        `  DATABASE_URL=${to}`,
        "(con ruoli separati, `db setup-roles`: questo indirizzo come DATABASE_MIGRATION_URL e quello del ruolo applicazione come DATABASE_URL).",
        `Il database integrato in ${config.dataDir} resta com'era: conservalo finché non hai verificato il nuovo.`,
      ].join("\n");
    } catch (e) {
      if (e instanceof MoveError) throw new CliError(e.message);
      throw e;
    } finally {
      await client.end().catch(() => {});
      await target.close();
    }
  });
}

async function backupCommand(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "to");
  const { writeBackup, describeManifest, BackupError } = await import("./lib/backup");
  return withDatabase(config, async (database) => {
    try {
      const m = await writeBackup(database, o.to as string, {
        url: config.databaseMigrationUrl ?? config.databaseUrl,
      });
      return `Backup scritto.\n${describeManifest(m, o.to as string)}`;
    } catch (e) {
      if (e instanceof BackupError) throw new CliError(e.message);
      throw e;
    }
  });
}

async function restoreCommand(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "from");
  const from = o.from as string;
  const { restorePglite, restorePostgres, describeManifest, checkBackup, BackupError } = await import("./lib/backup");
  try {
    if (!config.databaseUrl) {
      // The embedded database: the server must be stopped (the lock), the directory is swapped.
      const holder = readLock(config.dataDir);
      if (holder)
        throw new CliError(
          `Il server Vigilanza ERP (processo ${holder.pid}) sta usando il database integrato in ${config.dataDir}: fermalo e riprova.`,
        );
      await checkBackup(from); // refused before anything, lock included
      const release = acquireLock(config.dataDir);
      let m: Awaited<ReturnType<typeof restorePglite>>;
      try {
        m = await restorePglite(config.dataDir, from);
      } finally {
        release();
      }
      await withDatabase(config, async () => undefined); // migrations up to this version
      return `Ripristino completato (righe e registro delle modifiche verificati).\n${describeManifest(m, from)}`;
    }
    await checkBackup(from);
    return await withDatabase(config, async (database) => {
      const m = await restorePostgres(database, config.databaseMigrationUrl ?? config.databaseUrl!, from);
      await applyMigrations(config, database);
      return `Ripristino completato (righe e registro delle modifiche verificati).\n${describeManifest(m, from)}`;
    });
  } catch (e) {
    if (e instanceof BackupError) throw new CliError(e.message);
    throw e;
  }
}

/**
 * Where the simulators find the server without --url: the address `npm start` printed, read from
 * the lock of the data directory it holds (issue 32 item 8), else this configuration's port on
 * this machine. A server listening on every interface is reached on 127.0.0.1.
 */
export function serverUrl(config: AppConfig): string {
  const held = readLock(config.dataDir)?.url;
  const url = new URL(held ?? `http://127.0.0.1:${config.port}`);
  if (url.hostname === "0.0.0.0" || url.hostname === "::" || url.hostname === "[::]") url.hostname = "127.0.0.1";
  return url.origin;
}

async function cmsSimulate(config: AppConfig, o: Record<string, string | undefined>): Promise<string> {
  need(o, "event", "codice");
  const eventoId = positiveInt(o.event, "event") as number;
  const rate = positiveInt(o.rate, "rate") ?? 5;
  if (rate < 1 || rate > 2000) throw new CliError("--rate deve essere tra 1 e 2000 invii al secondo", 2);
  const seconds = positiveInt(o.seconds, "seconds");
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once("SIGINT", onSignal);
  try {
    const r = await simulate({
      url: o.url ?? serverUrl(config),
      eventoId,
      rate,
      seconds,
      codice: o.codice as string,
      signal: stop.signal,
      log: (line) => console.log(line),
    });
    return `Inviati ${r.inviati} conteggi (registrati ${r.accettati}); presenti ora ${r.presenti} su ${r.capienza}.`;
  } catch (e) {
    throw new CliError(`cms simulate: ${(e as Error).message}`);
  } finally {
    process.off("SIGINT", onSignal);
  }
}

export async function runCli(argv: string[], config: AppConfig = loadConfig()): Promise<string> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    throw new CliError(`${(e as Error).message}\n\n${USAGE}`, 2);
  }
  const [command, sub] = parsed.positionals;
  const o = parsed.values as Record<string, string | undefined>;
  switch (`${command ?? ""} ${sub ?? ""}`.trim()) {
    case "migrate":
      return withDatabase(config, async () => "Database aggiornato: migrazioni applicate.");
    case "user create":
      return userCreate(config, o);
    case "user set-password":
      return userSetPassword(config, o);
    case "user list":
      return userList(config);
    case "user reset-2fa":
      return userResetMfa(config, o);
    case "seed demo":
      return seedDemoCommand(config);
    case "seed scale":
      return seedScaleCommand(config, o);
    case "audit verify":
      return auditVerify(config);
    case "db move-to-postgres":
      return moveToPostgresCommand(config, o);
    case "backup":
      return backupCommand(config, o);
    case "restore":
      return restoreCommand(config, o);
    case "files import":
      return withDatabase(config, async (database) => {
        const { importDiskFiles } = await import("./lib/files-import");
        return (await importDiskFiles(database.db, config.dataDir)).lines.join("\n");
      });
    case "db setup-roles":
      return dbSetupRoles(config, o);
    case "cms simulate":
      return cmsSimulate(config, o);
    case "app simulate":
      return appSimulate(config, parsed.values);
    case "help":
    case "--help":
    case "":
      if (command === undefined || command === "help") return USAGE;
      throw new CliError(USAGE, 2);
    default:
      throw new CliError(`Comando sconosciuto: ${parsed.positionals.join(" ")}\n\n${USAGE}`, 2);
  }
}

/**
 * A password for a command, never on the command line if the user prefers (shell history and the
 * process list keep it — issue 32 item 8): the option, else the environment variable, else asked
 * on the terminal without echo; a CliError when none can be had.
 */
async function passwordFrom(option: unknown, envName: string, question: string): Promise<string> {
  if (typeof option === "string" && option) return option;
  const env = process.env[envName];
  if (env) return env;
  if (!process.stdin.isTTY) throw new CliError(`Password mancante: indica ${envName} nell'ambiente o --password`, 2);
  const readline = await import("node:readline");
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const muted = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write(question);
  muted._writeToOutput = () => {}; // what is typed is not shown
  try {
    return await new Promise<string>((resolve) => rl.question("", resolve));
  } finally {
    rl.close();
    process.stdout.write("\n");
  }
}

async function appSimulate(config: AppConfig, o: Record<string, string | boolean | undefined>): Promise<string> {
  need(o as Record<string, string | undefined>, "username");
  const password = await passwordFrom(o.password, "ERP_PASSWORD", `Password di ${String(o.username)}: `);
  const guardia = typeof o["guardia-password"] === "string" ? o["guardia-password"] : process.env.ERP_GUARDIA_PASSWORD;
  const { simulateAppDay, SimulationError } = await import("./app-simulate");
  try {
    return await simulateAppDay(
      {
        url: typeof o.url === "string" ? o.url : serverUrl(config),
        day: typeof o.day === "string" ? o.day : "today",
        username: String(o.username),
        password,
        wait: o.wait === true,
        guardiaPassword: guardia || undefined,
      },
      (line) => console.log(line),
    );
  } catch (e) {
    if (e instanceof SimulationError) throw new CliError(e.message);
    throw e;
  }
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      username: { type: "string" },
      password: { type: "string" },
      email: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      permissions: { type: "string" },
      operators: { type: "string" },
      clients: { type: "string" },
      contracts: { type: "string" },
      weeks: { type: "string" },
      "log-entries": { type: "string" },
      owner: { type: "string" },
      app: { type: "string" },
      "owner-password": { type: "string" },
      "app-password": { type: "string" },
      event: { type: "string" },
      rate: { type: "string" },
      seconds: { type: "string" },
      codice: { type: "string" },
      url: { type: "string" },
      day: { type: "string" },
      wait: { type: "boolean" },
      "guardia-password": { type: "string" },
      to: { type: "string" },
      from: { type: "string" },
    },
  });
}

if (require.main === module) {
  runCli(process.argv.slice(2))
    .then((out) => {
      console.log(out);
      process.exit(0);
    })
    .catch((e: unknown) => {
      if (e instanceof CliError) {
        console.error(e.message);
        process.exit(e.exitCode);
      }
      if (e instanceof HttpError) {
        console.error(describeHttpError(e));
        process.exit(1);
      }
      console.error(`Errore: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    });
}
