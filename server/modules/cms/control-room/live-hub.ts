/**
 * The control rooms' live fan-out in one server process. Every process LISTENs once on
 * 'cms_conteggi' (PostgreSQL NOTIFY, sent by the statement that records counts, whichever process
 * or replica received them — ../app/cms-app.service.ts); on a notification for an event some
 * screen of this process watches, it computes that event's picture once per burst (at most every
 * THROTTLE_MS) and writes it to each of those screens' streams. Nothing is kept but who watches
 * what: the counts live in the database. While watched, an event's picture is also sent every
 * REFRESH_MS without counts (keep-alive; devices falling silent, the trend moving on), and after
 * the listener reconnects (notifications may have been missed) at once.
 * On PGlite (one process) the same LISTEN works in-process: NOTIFY is delivered at commit.
 *
 * A pushed picture carries the devices' summary; the device list (which grows with the event) only
 * when that summary changed since the last list sent, and at each REFRESH_MS picture (issue 30
 * item 2). The screens keep the last list they received (conDispositivi).
 */
import type { FastifyInstance } from "fastify";
import type { ControlRoom } from "../../../../src/domain/contracts/cms/control-room";
import { CMS_CHANNEL } from "../app/cms-app.service";
import { controlRoom, dispositiviEvento } from "./control-room.service";

export const THROTTLE_MS = 100;
export const REFRESH_MS = 15_000;

type Send = (picture: ControlRoom) => void;

interface Watched {
  screens: Set<Send>;
  pending: ReturnType<typeof setTimeout> | null;
  refresh: ReturnType<typeof setTimeout> | null;
  running: boolean;
  again: boolean;
  /** The summary (`totale/silenti`) of the last device list sent; null: the next picture sends it. */
  devicesKey: string | null;
}

export interface LiveHub {
  /** Starts sending `eventoId`'s pictures to `send`; returns the unsubscribe. */
  watch(eventoId: number, send: Send): () => void;
  /** Stops listening and forgets every screen. */
  close(): Promise<void>;
}

export async function createLiveHub(app: FastifyInstance): Promise<LiveHub> {
  const watched = new Map<number, Watched>();

  const flush = async (id: number) => {
    const w = watched.get(id);
    if (!w) return;
    w.pending = null;
    if (w.running) {
      w.again = true;
      return;
    }
    w.running = true;
    try {
      const now = app.clock();
      const picture = await controlRoom(app.db, id, now, { dispositivi: false });
      const key = `${picture.riepilogo_dispositivi.totale}/${picture.riepilogo_dispositivi.silenti}`;
      if (key !== w.devicesKey) {
        picture.dispositivi = await dispositiviEvento(app.db, id, now);
        w.devicesKey = key;
      }
      for (const send of watched.get(id)?.screens ?? []) send(picture);
    } catch (err) {
      app.log.warn({ err, eventoId: id }, "control room: aggiornamento non riuscito");
    } finally {
      w.running = false;
      if (w.again) {
        w.again = false;
        schedule(id);
      }
      if (watched.get(id) === w) {
        if (w.refresh) clearTimeout(w.refresh);
        w.refresh = setTimeout(() => refresh(id), REFRESH_MS);
      }
    }
  };

  /** The periodic picture: with the device list (last reports move on without a change of summary). */
  const refresh = (id: number) => {
    const w = watched.get(id);
    if (!w) return;
    w.devicesKey = null;
    schedule(id);
  };

  const schedule = (id: number) => {
    const w = watched.get(id);
    if (!w || w.pending) return;
    w.pending = setTimeout(() => void flush(id), THROTTLE_MS);
  };

  const unlisten = await app.database.listen(
    CMS_CHANNEL,
    (payload) => {
      const id = Number(payload);
      if (Number.isInteger(id)) schedule(id);
    },
    (listening) => {
      if (listening) for (const id of watched.keys()) schedule(id);
    },
  );

  const forget = (id: number, w: Watched) => {
    if (w.pending) clearTimeout(w.pending);
    if (w.refresh) clearTimeout(w.refresh);
    watched.delete(id);
  };

  return {
    watch(eventoId, send) {
      let w = watched.get(eventoId);
      if (!w) {
        w = { screens: new Set(), pending: null, refresh: null, running: false, again: false, devicesKey: null };
        watched.set(eventoId, w);
        w.refresh = setTimeout(() => refresh(eventoId), REFRESH_MS);
      }
      w.screens.add(send);
      return () => {
        const cur = watched.get(eventoId);
        if (!cur) return;
        cur.screens.delete(send);
        if (cur.screens.size === 0) forget(eventoId, cur);
      };
    },
    async close() {
      for (const [id, w] of watched) forget(id, w);
      await unlisten();
    },
  };
}
