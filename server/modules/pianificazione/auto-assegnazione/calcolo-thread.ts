/**
 * The body of a proposal's thread (calcolo.ts): receives the instance, runs the model with HiGHS
 * loaded in this thread, posts the progress after each block and the result. The thread answers
 * one proposal and is ended by its parent.
 */
import { parentPort } from "node:worker_threads";
import { type Istanza, proponi } from "./modello";
import { solver } from "./solver";

export type MessaggioCalcolo =
  | { tipo: "avanzamento"; fatti: number; totale: number }
  | { tipo: "risultato"; risultato: Awaited<ReturnType<typeof proponi>> }
  | { tipo: "errore"; messaggio: string };

const port = parentPort;
if (port) {
  port.once("message", async (istanza: Istanza) => {
    const send = (m: MessaggioCalcolo) => port.postMessage(m);
    try {
      const risultato = await proponi(istanza, {
        metodo: "mip",
        solver: await solver(),
        // The parent writes the progress and ends this thread when the proposal was cancelled.
        avanzamento: (fatti, totale) => {
          send({ tipo: "avanzamento", fatti, totale });
          return true;
        },
      });
      send({ tipo: "risultato", risultato });
    } catch (e) {
      send({ tipo: "errore", messaggio: e instanceof Error ? (e.stack ?? e.message) : String(e) });
    }
  });
}
