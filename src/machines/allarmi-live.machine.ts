/**
 * The header's live alarms (issue 33 item 6), for users with CAPABILITIES.allarmi.
 *
 *   ascolto: attesa ──done──► attesa (at once, with the new version)
 *              │  └──error──► pausa ──after back-off (1 s, 2 s, 4 s… 30 s)──► attesa
 *              └──403──► nonPermesso (final: the permission is gone)
 *   presa:   libera ──PRENDI──► inCorso ──done/error──► libera
 *
 * `attesa` invokes `attendi` (GET /api/comunicazioni/allarmi/aperti/?versione=…, ./allarmi-live.services.ts):
 * the server answers at once when the open alarms differ from the version sent, otherwise when they
 * change (PostgreSQL NOTIFY, any process) or after ~25 s. PRENDI takes one in charge; the answer
 * that removes it from the header comes through the wait like anyone else's.
 */
import { assign, setup } from "xstate";
import type { Allarme } from "../domain/contracts/console/allarmi/schemas";
import { notProvided } from "./not-provided";

export const ALLARMI_TIMINGS = { backoffBaseMs: 1_000, backoffMaxMs: 30_000 } as const;
export const PERMESSO_NEGATO = "403";

export interface AllarmiAttesa {
  versione: string;
  results: Allarme[];
}

export interface AllarmiLiveContext {
  aperti: Allarme[];
  versione: string | undefined;
  tentativi: number;
  /** The alarm being taken, and the last refusal of a take (its Italian message). */
  inCarico: number | null;
  errore: string | null;
}

export type AllarmiLiveEvent = { type: "PRENDI"; id: number };

export const allarmiLiveMachine = setup({
  types: { context: {} as AllarmiLiveContext, events: {} as AllarmiLiveEvent },
  actors: {
    attendi: notProvided<AllarmiAttesa, { versione: string | undefined }>("attendi"),
    prendi: notProvided<void, { id: number }>("prendi"),
  },
  delays: {
    backoff: ({ context }) =>
      Math.min(ALLARMI_TIMINGS.backoffMaxMs, ALLARMI_TIMINGS.backoffBaseMs * 2 ** Math.max(0, context.tentativi - 1)),
  },
  guards: {
    permessoNegato: ({ event }) => (event as { error?: { message?: string } }).error?.message === PERMESSO_NEGATO,
  },
}).createMachine({
  id: "allarmi-live",
  type: "parallel",
  context: { aperti: [], versione: undefined, tentativi: 0, inCarico: null, errore: null },
  states: {
    ascolto: {
      initial: "attesa",
      states: {
        attesa: {
          invoke: {
            id: "attendi",
            src: "attendi",
            input: ({ context }) => ({ versione: context.versione }),
            onDone: {
              target: "attesa",
              reenter: true,
              actions: assign(({ context, event }) => ({
                aperti: event.output.versione === context.versione ? context.aperti : event.output.results,
                versione: event.output.versione,
                tentativi: 0,
              })),
            },
            onError: [
              { guard: "permessoNegato", target: "nonPermesso", actions: assign({ aperti: [] }) },
              { target: "pausa", actions: assign({ tentativi: ({ context }) => context.tentativi + 1 }) },
            ],
          },
        },
        pausa: { after: { backoff: { target: "attesa" } } },
        nonPermesso: { type: "final" },
      },
    },
    presa: {
      initial: "libera",
      states: {
        libera: {
          on: { PRENDI: { target: "inCorso", actions: assign({ inCarico: ({ event }) => event.id, errore: null }) } },
        },
        inCorso: {
          invoke: {
            id: "prendi",
            src: "prendi",
            input: ({ context }) => ({ id: context.inCarico as number }),
            onDone: { target: "libera", actions: assign({ inCarico: null }) },
            onError: {
              target: "libera",
              actions: assign({
                inCarico: null,
                errore: ({ event }) => (event.error as Error | null)?.message ?? "Presa in carico non riuscita",
              }),
            },
          },
        },
      },
    },
  },
});

export type AllarmiLiveMachine = typeof allarmiLiveMachine;
