/**
 * The signal that an event's counts changed: `NOTIFY cms_conteggi, '<event id>'`, heard by every
 * server process (../control-room/live-hub.ts). Sent after the counts' transaction committed, by
 * a statement of its own and at most once every NOTIFY_EVERY_MS per event from this process (the
 * last change of a burst is always followed by one): PostgreSQL commits the transactions that
 * NOTIFY one at a time (a global lock held through the commit's WAL flush), so a NOTIFY inside
 * every count's transaction capped the counters' API at a few hundred posts a second. The counts
 * themselves are in the database before the signal leaves; a signal lost with a crashing process
 * is made up by the control rooms' 15 s refresh.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../../db/client";

export const CMS_CHANNEL = "cms_conteggi";
export const NOTIFY_EVERY_MS = 50;

export interface ConteggiNotifier {
  changed(eventoId: number): void;
}

export function conteggiNotifier(db: Db, onError: (err: unknown) => void = () => {}): ConteggiNotifier {
  const pending = new Set<number>();
  return {
    changed(eventoId) {
      if (pending.has(eventoId)) return;
      pending.add(eventoId);
      setTimeout(() => {
        pending.delete(eventoId);
        db.execute(sql`SELECT pg_notify(${CMS_CHANNEL}, ${String(eventoId)})`).catch(onError);
      }, NOTIFY_EVERY_MS).unref();
    },
  };
}
