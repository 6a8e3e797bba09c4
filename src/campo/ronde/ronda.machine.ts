/**
 * A round walked with the app (issue 34): the guard starts one of the rounds the server lists (or
 * scans without one: the server finds the round by the point and the time), then scans each point —
 * the camera, an NFC tag or the code typed. At each scan the position is read once (never in the
 * background), then the scan goes to the outbox whatever came of it: typed by hand or far from the
 * point it is flagged by the server, never refused on the phone. The state of the round is the
 * server's judgement; the phone only shows what it sent and what waits.
 */
import { assign, fromPromise, setup } from "xstate";
import type { MetodoPassaggio, Ronda } from "../../domain/contracts/pianificazione/ronde/schemas";
import type { Posizione } from "../machines/timbra.machine";
import { POSIZIONE_NON_DISPONIBILE } from "../machines/timbra.machine";

export interface Scansione {
  codice: string;
  metodo: MetodoPassaggio;
  /** Device time of the scan (ms). */
  at: number;
}

export interface EsitoScansione extends Scansione {
  ronda: Pick<Ronda, "id" | "piano"> | null;
  /** The point's name when the round knows the code. */
  punto: string | null;
  posizione: Posizione | null;
  motivo: string | null;
}

export interface RondaContext {
  attiva: Ronda | null;
  inCorso: Scansione | null;
  ultimo: EsitoScansione | null;
}

export type RondaEvent = { type: "AVVIA"; ronda: Ronda } | { type: "TERMINA" } | ({ type: "PASSAGGIO" } & Scansione);

const esito = (c: RondaContext, posizione: Posizione | null, motivo: string | null): EsitoScansione => {
  const s = c.inCorso as Scansione;
  const codice = s.codice.trim().toUpperCase();
  const punto = c.attiva?.punti.find((p) => p.codice === codice)?.nome ?? null;
  return { ...s, ronda: c.attiva ? { id: c.attiva.id, piano: c.attiva.piano } : null, punto, posizione, motivo };
};

export const rondaMachine = setup({
  types: { context: {} as RondaContext, events: {} as RondaEvent },
  actors: {
    leggiPosizione: fromPromise<Posizione, void>(async () => {
      throw new Error(POSIZIONE_NON_DISPONIBILE);
    }),
  },
  actions: {
    accoda: (_, _params: { esito: EsitoScansione }) => {},
  },
}).createMachine({
  id: "ronda",
  initial: "pronto",
  context: { attiva: null, inCorso: null, ultimo: null },
  on: {
    AVVIA: { actions: assign({ attiva: ({ event }) => event.ronda, ultimo: null }) },
    TERMINA: { actions: assign({ attiva: null, ultimo: null }) },
  },
  states: {
    pronto: {
      on: {
        PASSAGGIO: {
          target: "posizione",
          actions: assign({ inCorso: ({ event }) => ({ codice: event.codice, metodo: event.metodo, at: event.at }) }),
        },
      },
    },
    posizione: {
      invoke: {
        id: "leggiPosizione",
        src: "leggiPosizione",
        onDone: {
          target: "pronto",
          actions: [
            assign({ ultimo: ({ context, event }) => esito(context, event.output, null), inCorso: null }),
            { type: "accoda", params: ({ context }) => ({ esito: context.ultimo as EsitoScansione }) },
          ],
        },
        onError: {
          target: "pronto",
          actions: [
            assign({
              ultimo: ({ context, event }) =>
                esito(context, null, (event.error as Error | undefined)?.message || POSIZIONE_NON_DISPONIBILE),
              inCorso: null,
            }),
            { type: "accoda", params: ({ context }) => ({ esito: context.ultimo as EsitoScansione }) },
          ],
        },
      },
    },
  },
});

export type RondaMachine = typeof rondaMachine;
