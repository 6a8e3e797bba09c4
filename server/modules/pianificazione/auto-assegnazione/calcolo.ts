/**
 * A proposal's model solved in a thread of its own (node:worker_threads, issue 30 item 10): the
 * blocks' MIPs are seconds of CPU (a company month ~28 s), which in the event loop held up every
 * other request of the process. The thread gets the instance (structured clone: Maps and Sets
 * pass), loads HiGHS, runs `proponi` and posts the progress after each block; the caller writes it
 * to the row, and a write that finds the proposal cancelled or taken over ends the thread at once.
 * How many run at once is bounded by the routes (MAX_PROPOSTE_PER_PROCESSO).
 */
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { MessaggioCalcolo } from "./calcolo-thread";
import type { Istanza, Risultato } from "./modello";

// The server runs its TypeScript through tsx (npm start): a thread has to register it itself
// (as the export threads do, server/lib/list/export/export-threads.ts).
const THREAD_FILE = path.join(__dirname, `calcolo-thread${path.extname(__filename)}`);
const BOOT =
  path.extname(__filename) === ".ts"
    ? `require(${JSON.stringify(require.resolve("tsx/cjs/api"))}).register(); require(${JSON.stringify(THREAD_FILE)});`
    : `require(${JSON.stringify(THREAD_FILE)});`;

/**
 * Runs the model in a new thread. `avanzamento` is awaited for each block; when it answers false
 * the thread is ended and the promise resolves null (cancelled). Rejects when the model fails or
 * the thread dies.
 */
export function calcolaInThread(
  istanza: Istanza,
  avanzamento: (fatti: number, totale: number) => Promise<boolean>,
): Promise<Risultato | null> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(BOOT, { eval: true });
    let settled = false;
    /** The result arrived: the thread may exit before the last progress write is done. */
    let answered = false;
    const end = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
      void thread.terminate();
    };
    // progress writes in order, one at a time; the result waits for the last one
    let writes = Promise.resolve(true);
    thread.on("message", (m: MessaggioCalcolo) => {
      if (m.tipo === "avanzamento") {
        writes = writes.then(async (ok) => ok && (await avanzamento(m.fatti, m.totale)));
        writes.then(
          (ok) => {
            if (!ok) end(() => resolve(null));
          },
          (e) => end(() => reject(e)),
        );
      } else if (m.tipo === "risultato") {
        answered = true;
        writes.then(
          (ok) => end(() => resolve(ok ? m.risultato : null)),
          (e) => end(() => reject(e)),
        );
      } else end(() => reject(new Error(m.messaggio)));
    });
    thread.once("error", (e) => end(() => reject(e)));
    thread.once("exit", (code) => {
      if (!answered) end(() => reject(new Error(`thread del calcolo terminato (${code})`)));
    });
    thread.postMessage(istanza);
  });
}
