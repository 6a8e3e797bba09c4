/** The run contract's configuration (DESIGN §4), read once from the environment. */
import path from "node:path";
import { GIORNI_CONSERVAZIONE_POSIZIONI } from "../src/domain/informativa-posizione";
import { type LogFormat, parseLogFormat } from "./lib/log-format";

export interface AppConfig {
  port: number;
  host: string;
  /** postgres://… or undefined for embedded PGlite in dataDir. The server's (application role's) connection. */
  databaseUrl?: string;
  /** postgres://… as the tables' owner, for migrations (server/db/roles.ts); undefined: databaseUrl. */
  databaseMigrationUrl?: string;
  dataDir: string;
  publicUrl: string;
  adminUsername: string;
  adminPassword?: string;
  /** undefined: load the demo data only on a new embedded database. */
  demoData?: boolean;
  smtpUrl?: string;
  mailFrom: string;
  geocodingUrl?: string;
  geocodingKey?: string;
  /** Trust X-Forwarded-For from these proxies (Fastify trustProxy); off by default. */
  trustProxy: boolean | string;
  /** Directory of the built SPA (dist/web). */
  webDir: string;
  /** Token lifetimes in minutes. */
  tokenIdleMinutes: number;
  tokenAbsoluteMinutes: number;
  /** scrypt cost parameter N (OWASP: 2^17). Lowered only by tests. */
  scryptN: number;
  logLevel: string;
  /** LOG_FORMAT: `text` (default, readable lines) or `json` (pino's lines, for a log collector). */
  logFormat: LogFormat;
  /**
   * PLAN_LOCK_DAYS: a planned day locks this many days after it has passed (0: from the next day,
   * the default); null (`off`) never locks — for tests of other modules written on fixed past dates.
   */
  planLockDays: number | null;
  /**
   * POSITION_RETENTION_DAYS: the guards' positions (check-ins) are erased after this many days
   * (default 90; Garante provv. n. 232 of 18 April 2018: a fixed retention).
   */
  positionRetentionDays: number;
  /** ALARM_ESCALATION_MINUTES: an SOS nobody took within this many minutes is mailed to the administrators (default 2). */
  alarmEscalationMinutes: number;
  /**
   * MFA_KEY: the key that encrypts the staff's TOTP secrets at rest (server/lib/secret-box.ts):
   * 32 bytes in base64, or any passphrase of at least 32 characters (stretched with HKDF).
   * Unset: a random key kept in DATA_DIR/mfa.key (created on first use, mode 0600). Never logged.
   */
  mfaKey?: string;
  /** OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: single sign-on, off unless all three are set. */
  oidc?: { issuer: string; clientId: string; clientSecret: string; label: string };
  /** ERP_WORKERS as written (a number or `auto`); resolved by server/workers.ts. */
  workers?: string;
  /** METRICS: `off` turns /metrics and its collection off (default on; server/lib/metrics.ts). */
  metrics: boolean;
  /** METRICS_TOKEN: lets a scraper that is not on this machine read /metrics (`Authorization: Bearer …`). */
  metricsToken?: string;
  /** BACKUP_DIR: where the daily `backup` job writes (server/lib/backup-job.ts); unset: no scheduled backup. */
  backupDir?: string;
  /** BACKUP_KEEP: how many scheduled backups are kept (default 7). */
  backupKeep: number;
}

function bool(v: string | undefined): boolean | undefined {
  if (v === undefined || v === "") return undefined;
  return ["1", "true", "yes", "on"].includes(v.toLowerCase());
}

function planLockDays(v: string | undefined): number | null {
  if (v === undefined || v === "") return 0;
  if (v.toLowerCase() === "off") return null;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`PLAN_LOCK_DAYS non valido: ${v} (un numero di giorni ≥ 0, oppure off)`);
  return n;
}

/** POSITION_RETENTION_DAYS: a whole number of days ≥ 1, 90 when not set. */
export function positionRetentionDays(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.POSITION_RETENTION_DAYS;
  if (v === undefined || v === "") return GIORNI_CONSERVAZIONE_POSIZIONI;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`POSITION_RETENTION_DAYS non valido: ${v} (un numero di giorni ≥ 1)`);
  return n;
}

function positiveMinutes(name: string, v: string | undefined, fallback: number): number {
  if (v === undefined || v === "") return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} non valido: ${v} (un numero di minuti > 0)`);
  return n;
}

function backupKeep(v: string | undefined): number {
  if (v === undefined || v === "") return 7;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`BACKUP_KEEP non valido: ${v} (quanti backup tenere, almeno 1)`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8000);
  const host = env.HOST ?? "127.0.0.1";
  const trust = env.TRUST_PROXY;
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? "./data"),
    publicUrl: (env.PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, ""),
    adminUsername: env.ERP_ADMIN_USERNAME || "admin",
    adminPassword: env.ERP_ADMIN_PASSWORD || undefined,
    demoData: bool(env.ERP_DEMO_DATA),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Vigilanza ERP <noreply@vigilanza.local>",
    geocodingUrl: env.GEOCODING_URL || undefined,
    geocodingKey: env.GEOCODING_KEY || undefined,
    trustProxy: trust === undefined || trust === "" ? false : (bool(trust) ?? trust),
    webDir: path.resolve(env.WEB_DIR ?? path.join(__dirname, "..", "dist", "web")),
    tokenIdleMinutes: Number(env.TOKEN_IDLE_MINUTES ?? 8 * 60),
    tokenAbsoluteMinutes: Number(env.TOKEN_ABSOLUTE_MINUTES ?? 7 * 24 * 60),
    scryptN: Number(env.SCRYPT_N ?? 2 ** 17),
    logLevel: env.LOG_LEVEL ?? "info",
    logFormat: parseLogFormat(env.LOG_FORMAT),
    workers: env.ERP_WORKERS || undefined,
    mfaKey: env.MFA_KEY || undefined,
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            label: env.OIDC_LABEL || "SSO aziendale",
          }
        : undefined,
    metrics: bool(env.METRICS) ?? true,
    metricsToken: env.METRICS_TOKEN || undefined,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    backupKeep: backupKeep(env.BACKUP_KEEP),
    alarmEscalationMinutes: positiveMinutes("ALARM_ESCALATION_MINUTES", env.ALARM_ESCALATION_MINUTES, 2),
    planLockDays: planLockDays(env.PLAN_LOCK_DAYS),
    positionRetentionDays: positionRetentionDays(env),
  };
}
