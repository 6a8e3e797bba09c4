/**
 * The SOS (issue 33 item 6): hold 2 s to send, with the position read once at that moment (or none).
 *
 *   pronto ──PREMI──► tenendo ──after 2 s──► posizione ──(read or not)──► accoda ─┬─ silent ──► pronto
 *              ▲         │ RILASCIA (before 2 s: nothing sent)                     └─► attesa ⇄ controllo
 *              └─────────┘                                                             │ taken
 *                                                                                       ▼
 *                                                                                    ricevuto ("ricevuto da …")
 *
 * The alarm goes through the outbox (UUID, device time; IndexedDB first, sent exactly once). While
 * it is open the phone reads its state every CONTROLLO_MS (GET /api/app/allarmi/{id}/: a 404 while it
 * still waits in the outbox). The silent variant shows nothing at any step: no progress, no state.
 * Side effects are named actors and actions with inert defaults: ./sos.services.ts.
 */
import { assign, setup } from "xstate";
import type { AppAllarme } from "../../domain/contracts/console/allarmi/schemas";
import { notProvided } from "../../machines/not-provided";
import { type AzioneAllarme, isoConOffset, nuovaAzione } from "../outbox/azioni";
import type { Posizione } from "./timbra.machine";

export const TENUTA_MS = 2_000;
export const CONTROLLO_MS = 3_000;

export interface SosContext {
  silenzioso: boolean;
  /** The SOS being followed (not a silent one). */
  azione: AzioneAllarme | null;
  posizione: boolean;
  presoDa: string | null;
}

export type SosEvent = { type: "PREMI"; silenzioso: boolean } | { type: "RILASCIA" } | { type: "CHIUDI" };

/** The SOS as an outbox action: its UUID is the request's id, the device time is now. */
export function azioneAllarme(silenzioso: boolean, p: Posizione | null, turnoId: number | null, at = Date.now()) {
  const a = nuovaAzione<AzioneAllarme>(
    {
      tipo: "allarme",
      etichetta: "SOS",
      dati: {
        id: "",
        data_ora: isoConOffset(at),
        lat: p?.lat ?? null,
        lng: p?.lng ?? null,
        accuratezza: p?.accuratezza ?? null,
        silenzioso,
        turno_id: turnoId,
      },
    },
    at,
  );
  return { ...a, dati: { ...a.dati, id: a.id } };
}

export const sosMachine = setup({
  types: { context: {} as SosContext, events: {} as SosEvent },
  actors: {
    leggiPosizione: notProvided<Posizione>("leggiPosizione"),
    stato: notProvided<AppAllarme, string>("stato"),
  },
  actions: {
    accoda: (_, _params: { azione: AzioneAllarme }) => {},
  },
  guards: {
    silenzioso: ({ context }) => context.silenzioso,
  },
}).createMachine({
  id: "sos",
  initial: "pronto",
  context: { silenzioso: false, azione: null, posizione: false, presoDa: null },
  on: { PREMI: { target: ".tenendo", actions: assign({ silenzioso: ({ event }) => event.silenzioso }) } },
  states: {
    pronto: {},
    tenendo: {
      on: { RILASCIA: { target: "pronto" } },
      after: { [TENUTA_MS]: { target: "posizione" } },
    },
    posizione: {
      on: { PREMI: {} },
      invoke: {
        id: "leggiPosizione",
        src: "leggiPosizione",
        onDone: {
          target: "accoda",
          actions: assign(({ context, event }) => ({
            azione: azioneAllarme(context.silenzioso, event.output, null),
            posizione: true,
          })),
        },
        onError: {
          target: "accoda",
          actions: assign(({ context }) => ({
            azione: azioneAllarme(context.silenzioso, null, null),
            posizione: false,
          })),
        },
      },
    },
    accoda: {
      entry: [
        { type: "accoda", params: ({ context }) => ({ azione: context.azione as AzioneAllarme }) },
        assign({ presoDa: null }),
      ],
      always: [
        { guard: "silenzioso", target: "pronto", actions: assign({ azione: null, silenzioso: false }) },
        { target: "attesa" },
      ],
    },
    attesa: { after: { [CONTROLLO_MS]: { target: "controllo" } } },
    controllo: {
      invoke: {
        id: "stato",
        src: "stato",
        input: ({ context }) => context.azione?.id as string,
        onDone: [
          {
            guard: ({ event }) => event.output.stato !== "aperto",
            target: "ricevuto",
            actions: assign({ presoDa: ({ event }) => event.output.preso_da ?? "la centrale" }),
          },
          { target: "attesa" },
        ],
        onError: { target: "attesa" },
      },
    },
    ricevuto: { on: { CHIUDI: { target: "pronto", actions: assign({ azione: null, presoDa: null }) } } },
  },
});

export type SosMachine = typeof sosMachine;
