/**
 * The header's live alarms in one server process (issue 33 item 6). Every process LISTENs once on
 * 'erp_allarmi' (the allarmi table's trigger, migration 0765: any writer, any process, delivered at
 * commit). GET …/allarmi/aperti/?versione=v answers at once when the open alarms' version is not v,
 * otherwise waits until a notification changes it, or WAIT_MS (the SPA asks again at once), so a new
 * or taken alarm reaches every waiting header in the time of one query. A wait is one HTTP request:
 * it ends by itself, the next one passes the auth guard again (a permission taken away applies
 * within WAIT_MS). The open alarms are read once per notification burst for all the waiters; while
 * the listener is down (notifications may be missed) nothing is kept and waits end at WAIT_MS.
 */
import type { FastifyInstance } from "fastify";
import type { AllarmiAperti } from "../../../../src/domain/contracts/console/allarmi/schemas";
import { serviceUnavailable } from "../../../lib/errors";
import { allarmiAperti, versioneAperti } from "./allarmi.service";

export const ALLARMI_CHANNEL = "erp_allarmi";
export const WAIT_MS = 25_000;
export const MAX_WAITERS = 1_000;
export const TROPPE_ATTESE = "Troppi collegamenti in attesa di allarmi su questo server: riprova tra poco";

interface Waiter {
  versione: string;
  done: (a: AllarmiAperti) => void;
  fail: (err: unknown) => void;
}

export interface AllarmiLive {
  /** The open alarms, as soon as their version differs from `versione` (at most WAIT_MS later). */
  attendi(versione: string | undefined, onClose: (stop: () => void) => void): Promise<AllarmiAperti>;
  close(): Promise<void>;
}

export async function createAllarmiLive(app: FastifyInstance): Promise<AllarmiLive> {
  const waiters = new Set<Waiter>();
  let current: Promise<AllarmiAperti> | null = null;
  let listening = false;

  const read = async (): Promise<AllarmiAperti> => {
    const results = await allarmiAperti(app.db);
    return { versione: versioneAperti(results), results };
  };
  /** The open alarms, read once for everybody until the next notification. */
  const now = () => {
    if (!listening) return read();
    if (!current) {
      current = read();
      current.catch(() => {
        current = null;
      });
    }
    return current;
  };
  const changed = () => {
    current = null;
    if (waiters.size === 0) return;
    now().then(
      (a) => {
        for (const w of [...waiters]) if (w.versione !== a.versione) w.done(a);
      },
      (err) => app.log.warn({ err }, "allarmi: lettura non riuscita"),
    );
  };
  const unlisten = await app.database.listen(ALLARMI_CHANNEL, changed, (on) => {
    listening = on;
    changed();
  });

  return {
    async attendi(versione, onClose) {
      const first = await now();
      if (versione === undefined || versione !== first.versione) return first;
      if (waiters.size >= MAX_WAITERS) throw serviceUnavailable(5, TROPPE_ATTESE);
      return new Promise<AllarmiAperti>((resolve, reject) => {
        const waiter: Waiter = {
          versione,
          done: (a) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(a);
          },
          fail: (err) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            reject(err);
          },
        };
        const timer = setTimeout(() => now().then(waiter.done, waiter.fail), WAIT_MS);
        timer.unref();
        waiters.add(waiter);
        const counted = app.metrics.streamOpened("allarmi");
        const { done, fail } = waiter;
        waiter.done = (a) => {
          counted();
          done(a);
        };
        waiter.fail = (err) => {
          counted();
          fail(err);
        };
        onClose(() => {
          clearTimeout(timer);
          waiters.delete(waiter);
          counted();
        });
      });
    },
    async close() {
      const last = waiters.size ? await read().catch(() => null) : null;
      for (const w of [...waiters]) last ? w.done(last) : w.fail(serviceUnavailable(5));
      await unlisten();
    },
  };
}
