/** Drizzle tables of migrations 0001_core.sql and 0002_audit_chain.sql (keep the two in step; test/server/db/schema.test.ts checks). */
import {
  bigint,
  bigserial,
  boolean,
  customType,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

/** sha256 digests, read as lowercase hex. */
const digest = customType<{ data: string; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v).toString("hex"),
  toDriver: (v) => Buffer.from(v, "hex"),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable("users", {
  id: serial("id").primaryKey(),
  username: text("username").notNull(),
  email: text("email").notNull().default(""),
  nome: text("nome").notNull().default(""),
  cognome: text("cognome").notNull().default(""),
  passwordHash: text("password_hash").notNull(),
  permissions: text("permissions").array().notNull().default([]),
  attivo: boolean("attivo").notNull().default(true),
  /** A self-registered account waiting for an administrator (0103_registration_approval.sql). */
  inAttesa: boolean("in_attesa").notNull().default(false),
  lastLogin: ts("last_login"),
  passwordChangedAt: ts("password_changed_at").notNull().defaultNow(),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const authTokens = pgTable("auth_tokens", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: bytea("token_hash").notNull().unique(),
  createdAt: ts("created_at").notNull().defaultNow(),
  lastUsedAt: ts("last_used_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  revokedAt: ts("revoked_at"),
  ip: text("ip"),
  userAgent: text("user_agent"),
  /** When the session last proved its user (login, re-authentication): server/modules/auth/mfa.service.ts. */
  reauthAt: ts("reauth_at"),
});

export const posizioni = pgTable("posizioni", {
  id: serial("id").primaryKey(),
  descrizione: text("descrizione").notNull(),
  armata: boolean("armata").notNull().default(false),
  ordine: integer("ordine").notNull().default(0),
});

export const valutazioni = pgTable("valutazioni", {
  id: integer("id").primaryKey(),
  descrizione: text("descrizione").notNull(),
});

export const tipiUtenteCms = pgTable("tipi_utente_cms", {
  id: text("id").primaryKey(),
  titolo: text("titolo").notNull(),
  ordine: integer("ordine").notNull().default(0),
});

export const logEntries = pgTable("log_entries", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  azione: text("azione").notNull(),
  dataOra: ts("data_ora").notNull().defaultNow(),
  utenteId: integer("utente_id"),
  note: text("note"),
  contentType: text("content_type").notNull(),
  objectId: text("object_id"),
  related: jsonb("related").$type<{ content_type: string; object_id: string }[]>().notNull().default([]),
  dati: jsonb("dati").$type<{ change_log?: string[]; [k: string]: unknown }>().notNull().default({}),
  ip: text("ip"),
  /** Position in the hash chain and sha256(previous hash || content): set by the trigger of 0002_audit_chain.sql. */
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: digest("hash").notNull(),
});

/** The head of the audit hash chain (one row; written only by the trigger, as the owner). */
export const logChain = pgTable("log_chain", {
  id: boolean("id").primaryKey().default(true),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: digest("hash"),
});
