/**
 * The real server on a real database, for app.inject tests.
 *
 *   describeEachDb("operatori", (ctx) => {
 *     it("…", async () => {
 *       const { token } = await ctx().createUser({ permissions: ["erp_operatori"] });
 *       const res = await ctx().app.inject({ method: "GET", url: "/api/…", headers: auth(token) });
 *     });
 *   });
 */
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../server/app";
import { type AppConfig, loadConfig } from "../../../server/config";
import { type Database, openPostgres } from "../../../server/db/client";
import { users } from "../../../server/db/schema/core";
import type { Mailer, MailMessage } from "../../../server/lib/mail";
import { hashPassword } from "../../../server/lib/passwords";
import { issueToken } from "../../../server/lib/tokens";
import { testDbKinds } from "../setup/paths";
import { type DbKind, openTestDatabase, type TestDatabase } from "./db";

export const TEST_SCRYPT_N = 1024;

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    logLevel: "silent",
    scryptN: TEST_SCRYPT_N,
    dataDir: path.join(os.tmpdir(), `erp-test-${process.pid}`),
    publicUrl: "http://erp.test",
    webDir: path.join(__dirname, "no-web"),
    // Suites are written on fixed dates, many past: the lock of past days is off unless a suite
    // (pianificazione/servizi/giorni-passati.test.ts) turns it on.
    planLockDays: null,
    ...overrides,
  };
}

/** A mailer that keeps messages in memory (tests that need a real SMTP peer use test/server/helpers/smtp.ts). */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(m) {
      sent.push(m);
    },
  };
}

export interface TestApp {
  kind: DbKind;
  app: FastifyInstance;
  database: TestDatabase;
  mail: MailMessage[];
  /** Moves the server's clock (token expiry, reset links…). */
  setNow(d: Date | null): void;
  createUser(opts?: {
    username?: string;
    password?: string;
    permissions?: string[];
    nome?: string;
    cognome?: string;
    email?: string;
    attivo?: boolean;
  }): Promise<{ id: number; username: string; password: string; token: string }>;
  close(): Promise<void>;
}

let seq = 0;

export async function createTestApp(kind: DbKind, overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const config = testConfig(overrides);
  const mailer = memoryMailer();
  let now: Date | null = null;
  const clock = () => now ?? new Date();
  const app = await buildApp(config, { database, mailer, clock });
  await app.ready();
  return {
    kind,
    app,
    database,
    mail: mailer.sent,
    setNow(d) {
      now = d;
    },
    async createUser(opts = {}) {
      seq += 1;
      const username = opts.username ?? `utente${seq}_${process.pid}`;
      const password = opts.password ?? "Sentinella-Notturna-42";
      const [row] = await database.db
        .insert(users)
        .values({
          username,
          email: opts.email ?? `${username}@example.it`,
          nome: opts.nome ?? "Mario",
          cognome: opts.cognome ?? "Rossi",
          permissions: opts.permissions ?? [],
          attivo: opts.attivo ?? true,
          passwordHash: await hashPassword(password, TEST_SCRYPT_N),
        })
        .returning({ id: users.id });
      const token = await issueToken(database.db, row.id, config, clock());
      return { id: row.id, username, password, token };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export const auth = (token: string) => ({ authorization: `Token ${token}` });

/** Runs the suite once per database kind (TEST_DB, default PGlite and PostgreSQL). */
export function describeEachDb(title: string, fn: (ctx: () => TestApp) => void, overrides: Partial<AppConfig> = {}) {
  for (const kind of testDbKinds()) {
    describe(`${title} [${kind}]`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createTestApp(kind, overrides);
      });
      afterAll(async () => {
        await t?.close();
      });
      fn(() => t);
    });
  }
}

/**
 * A test app on PostgreSQL and a second server process on the same database (its own pool and its
 * own LISTEN connection), as two workers or replicas would be: for the paths that go across
 * processes through NOTIFY. Call in a describe block; the three are closed after it.
 */
export function describeTwoProcesses(): () => { t: TestApp; other: FastifyInstance; otherDb: Database } {
  let t: TestApp;
  let other: FastifyInstance;
  let otherDb: Database;
  beforeAll(async () => {
    t = await createTestApp("postgres");
    otherDb = await openPostgres(t.database.superuserUrl as string, 5);
    other = await buildApp(testConfig(), { database: otherDb, mailer: memoryMailer() });
    await other.ready();
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.close();
    await t?.close();
  });
  return () => ({ t, other, otherDb });
}
