/** Drizzle tables of the auth migrations 0100–0104 (users and auth_tokens are in ./core.ts). */
import { bigserial, customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => Buffer.from(v),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const passwordResets = pgTable("password_resets", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenHash: bytea("token_hash").notNull().unique(),
  codeHash: bytea("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: ts("created_at").notNull().defaultNow(),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
  ip: text("ip"),
});

export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

/** 0102_login_throttle.sql: the growing delay per account name for unknown addresses. */
export const loginBackoff = pgTable("login_backoff", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastAttemptAt: ts("last_attempt_at").notNull(),
});

/** 0102_login_throttle.sql: addresses a user logged in from. */
export const loginKnownAddresses = pgTable(
  "login_known_addresses",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ip: text("ip").notNull(),
    firstSeenAt: ts("first_seen_at").notNull(),
    lastSeenAt: ts("last_seen_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ip] })],
);

/** 0104_access_denied_counts.sql: refusals per user, route and minute. */
export const accessDeniedCounts = pgTable(
  "access_denied_counts",
  {
    userId: integer("user_id").notNull(),
    metodo: text("metodo").notNull(),
    rotta: text("rotta").notNull(),
    minuto: ts("minuto").notNull(),
    tentativi: integer("tentativi").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.metodo, t.rotta, t.minuto] })],
);
