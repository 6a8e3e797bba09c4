/**
 * The check-in/out flow (issue 33): the position is read only at the tap (never in the
 * background: the Garante's rule on geolocating workers), with an indicator while it is read;
 * then the check-in is queued in the outbox whatever came of it — outside the site's radius it is
 * accepted and flagged, with the permission denied or no fix it goes without a position, flagged
 * "posizione non disponibile". Never refused on the phone.
 */
import { assign, fromPromise, setup } from "xstate";
import type { AppTurno } from "../../domain/contracts/console/app-guardie/schemas";
import { distanceKm } from "../../domain/shift-rules";

export interface Posizione {
  lat: number;
  lng: number;
  accuratezza: number;
}

export type TipoTimbratura = "ingresso" | "uscita";

export interface Richiesta {
  turno: Pick<AppTurno, "id" | "cliente" | "lat" | "lng" | "distanza_max_m">;
  tipo: TipoTimbratura;
  /** Device time of the tap (ms). */
  at: number;
}

export interface EsitoTimbratura extends Richiesta {
  posizione: Posizione | null;
  /** Why there is no position. */
  motivo: string | null;
  /** Metres from the site (null without either position). */
  distanzaM: number | null;
  fuoriRaggio: boolean;
}

export const POSIZIONE_NON_DISPONIBILE = "posizione non disponibile";

export function esito(r: Richiesta, posizione: Posizione | null, motivo: string | null): EsitoTimbratura {
  const km = posizione ? distanceKm(posizione, r.turno) : null;
  const distanzaM = km === null ? null : Math.round(km * 1000);
  return { ...r, posizione, motivo, distanzaM, fuoriRaggio: distanzaM !== null && distanzaM > r.turno.distanza_max_m };
}

export interface TimbraContext {
  inCorso: Richiesta | null;
  ultimo: EsitoTimbratura | null;
}

export type TimbraEvent = { type: "TIMBRA"; turno: Richiesta["turno"]; tipo: TipoTimbratura; at: number };

export const timbraMachine = setup({
  types: { context: {} as TimbraContext, events: {} as TimbraEvent },
  actors: {
    leggiPosizione: fromPromise<Posizione, void>(async () => {
      throw new Error(POSIZIONE_NON_DISPONIBILE);
    }),
  },
  actions: {
    accoda: (_, _params: { esito: EsitoTimbratura }) => {},
  },
}).createMachine({
  id: "timbra",
  initial: "pronto",
  context: { inCorso: null, ultimo: null },
  states: {
    pronto: {
      on: {
        TIMBRA: {
          target: "posizione",
          actions: assign({ inCorso: ({ event }) => ({ turno: event.turno, tipo: event.tipo, at: event.at }) }),
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
            assign({
              ultimo: ({ context, event }) => esito(context.inCorso as Richiesta, event.output, null),
              inCorso: null,
            }),
            { type: "accoda", params: ({ context }) => ({ esito: context.ultimo as EsitoTimbratura }) },
          ],
        },
        onError: {
          target: "pronto",
          actions: [
            assign({
              ultimo: ({ context, event }) =>
                esito(
                  context.inCorso as Richiesta,
                  null,
                  (event.error as Error | undefined)?.message || POSIZIONE_NON_DISPONIBILE,
                ),
              inCorso: null,
            }),
            { type: "accoda", params: ({ context }) => ({ esito: context.ultimo as EsitoTimbratura }) },
          ],
        },
      },
    },
  },
});

export type TimbraMachine = typeof timbraMachine;
