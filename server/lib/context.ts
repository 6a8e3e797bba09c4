/**
 * What a service needs to act: the database, who is acting and the time. Routes build it once
 * with `contextOf(request)`; seeds, the CLI and tests build it with `systemContext(...)`. A service
 * never receives a FastifyRequest or the Fastify instance.
 *
 *   app.post("/", …, async (request) => createThing(contextOf(request), request.body.data));
 *   export async function createThing(ctx: ServiceContext, data: ThingData) {
 *     return ctx.db.transaction(async (tx) => {
 *       …
 *       await writeAudit(tx, { ...auditBy(ctx.actor), azione: AZIONI.create, … });
 *     });
 *   }
 */
import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config";
import type { Db } from "../db/client";
import type { AuditEntry } from "./audit";

/** Who is acting: a staff user, or the system (seeds, CLI, an anonymous visitor) with userId null. */
export interface Actor {
  userId: number | null;
  /** The client's address; null when nobody is on the other end (the CLI). */
  ip: string | null;
  permissions: readonly string[];
}

export interface ServiceContext {
  /** The database, or an open transaction (a seed runs every service inside its own). */
  db: Db;
  actor: Actor;
  /** The current time (tests move it). */
  clock: () => Date;
}

/** A context that also reaches the server's configuration (files under DATA_DIR, geocoding). */
export interface AppContext extends ServiceContext {
  config: AppConfig;
}

/** The context of a request: the signed-in user (or nobody, on a public route) and its address. */
export function contextOf(request: FastifyRequest): AppContext {
  const app = request.server;
  const user = request.user;
  return {
    db: app.db,
    config: app.config,
    clock: app.clock,
    actor: { userId: user?.id ?? null, ip: request.ip, permissions: user?.permissions ?? [] },
  };
}

/** The system acting (seeds, CLI): no staff user behind its audit entries. */
export const SYSTEM_ACTOR: Actor = { userId: null, ip: "127.0.0.1", permissions: [] };

export function systemContext(
  db: Db,
  actor: Actor = SYSTEM_ACTOR,
  clock: () => Date = () => new Date(),
): ServiceContext {
  return { db, actor, clock };
}

/** The audit fields that say who acted. */
export function auditBy(actor: Actor): Pick<AuditEntry, "utenteId" | "ip"> {
  return { utenteId: actor.userId, ip: actor.ip };
}
