/**
 * The automatic staffing flow (issue 16): a planner asks a proposal for a period, watches its
 * progress (the server runs it as a job: the machine polls it every `TIMINGS.proposalPollMs`), may
 * cancel it, then reads the proposal and chooses the cells to accept — all, none, or some (per
 * cell, shift, operator or day) — and accepts them; the answer says what was assigned and what
 * was refused with its reason.
 *
 *   idle ─REQUEST→ requesting ─→ running ⟲ poll ─→ proposal ─ACCEPT→ accepting ─→ result
 *                      │            └CANCEL→ cancelling ─→ cancelled      │
 *                      └────────────── failed ←───────────────────────────┘
 * From proposal, result, cancelled and failed, CLOSE goes back to idle and REQUEST starts again.
 * The calls are provided (`provideAutoAssegnazioneCalls`); failures are kept as plain data.
 */
import { assign, fromPromise, setup } from "xstate";
import type {
  AccettaResult,
  AutoAssegnazioneRichiesta,
  CellaProposta,
  Proposta,
} from "../domain/contracts/pianificazione/auto-assegnazione";
import { TIMINGS } from "../lib/timings";
import { type CallFailure, toCallFailure } from "./assignment/call-failure";

/** A cell's key: `<turno>/<operatore>`. */
export const cellKey = (c: { turno_id: number; operatore: { id: number } }) => `${c.turno_id}/${c.operatore.id}`;

export interface AutoAssegnazioneContext {
  richiesta: AutoAssegnazioneRichiesta | null;
  id: number | null;
  proposta: Proposta | null;
  /** Keys of the cells chosen for acceptance. */
  scelte: string[];
  esito: AccettaResult | null;
  failure: CallFailure | null;
}

export type AutoAssegnazioneEvent =
  | { type: "REQUEST"; richiesta: AutoAssegnazioneRichiesta }
  | { type: "CANCEL" }
  | { type: "TOGGLE"; key: string }
  /** Selects (or deselects) a set of cells: a shift's, an operator's, a day's. */
  | { type: "SET"; keys: string[]; selected: boolean }
  | { type: "SELECT_ALL" }
  | { type: "SELECT_NONE" }
  | { type: "ACCEPT" }
  | { type: "CLOSE" };

export interface AutoAssegnazioneCalls {
  create: (r: AutoAssegnazioneRichiesta) => Promise<{ id: number }>;
  read: (id: number) => Promise<Proposta>;
  cancel: (id: number) => Promise<Proposta>;
  accept: (input: { id: number; celle: CellaProposta[] }) => Promise<AccettaResult>;
}

const celle = (p: Proposta | null) => p?.risultato?.celle ?? [];

export const autoAssegnazioneMachine = setup({
  types: {
    context: {} as AutoAssegnazioneContext,
    events: {} as AutoAssegnazioneEvent,
  },
  actors: {
    create: fromPromise<{ id: number }, AutoAssegnazioneRichiesta>(async () => ({ id: 0 })),
    read: fromPromise<Proposta, number>(async () => {
      throw new Error("not provided");
    }),
    cancel: fromPromise<Proposta, number>(async () => {
      throw new Error("not provided");
    }),
    accept: fromPromise<AccettaResult, { id: number; celle: CellaProposta[] }>(async () => ({
      assegnati: [],
      rifiutati: [],
    })),
  },
  guards: {
    done: ({ event }) => (event as unknown as { output: Proposta }).output.stato === "completata",
    ended: ({ event }) => {
      const s = (event as unknown as { output: Proposta }).output.stato;
      return s === "annullata" || s === "errore";
    },
    someChosen: ({ context }) => context.scelte.length > 0,
  },
  delays: { poll: TIMINGS.proposalPollMs },
}).createMachine({
  id: "autoAssegnazione",
  initial: "idle",
  context: { richiesta: null, id: null, proposta: null, scelte: [], esito: null, failure: null },
  states: {
    idle: {
      on: {
        REQUEST: {
          target: "requesting",
          actions: assign(({ event }) => ({
            richiesta: event.richiesta,
            id: null,
            proposta: null,
            scelte: [],
            esito: null,
            failure: null,
          })),
        },
      },
    },
    requesting: {
      invoke: {
        id: "create",
        src: "create",
        input: ({ context }) => context.richiesta!,
        onDone: { target: "running", actions: assign({ id: ({ event }) => event.output.id }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    running: {
      initial: "reading",
      on: { CANCEL: ".cancelling" },
      states: {
        reading: {
          invoke: {
            id: "read",
            src: "read",
            input: ({ context }) => context.id!,
            onDone: [
              {
                guard: "done",
                target: "#autoAssegnazione.proposal",
                actions: assign(({ event }) => ({
                  proposta: event.output,
                  scelte: celle(event.output).map(cellKey),
                })),
              },
              {
                guard: "ended",
                target: "#autoAssegnazione.cancelled",
                actions: assign({ proposta: ({ event }) => event.output }),
              },
              { target: "waiting", actions: assign({ proposta: ({ event }) => event.output }) },
            ],
            onError: {
              target: "#autoAssegnazione.failed",
              actions: assign({ failure: ({ event }) => toCallFailure(event.error) }),
            },
          },
        },
        waiting: { after: { poll: "reading" } },
        cancelling: {
          invoke: {
            id: "cancel",
            src: "cancel",
            input: ({ context }) => context.id!,
            onDone: {
              target: "#autoAssegnazione.cancelled",
              actions: assign({ proposta: ({ event }) => event.output }),
            },
            // finished meanwhile (409): read it once more and show what it holds
            onError: { target: "reading" },
          },
        },
      },
    },
    proposal: {
      on: {
        TOGGLE: {
          actions: assign({
            scelte: ({ context, event }) =>
              context.scelte.includes(event.key)
                ? context.scelte.filter((k) => k !== event.key)
                : [...context.scelte, event.key],
          }),
        },
        SET: {
          actions: assign({
            scelte: ({ context, event }) =>
              event.selected
                ? [...new Set([...context.scelte, ...event.keys])]
                : context.scelte.filter((k) => !event.keys.includes(k)),
          }),
        },
        SELECT_ALL: { actions: assign({ scelte: ({ context }) => celle(context.proposta).map(cellKey) }) },
        SELECT_NONE: { actions: assign({ scelte: [] }) },
        ACCEPT: { guard: "someChosen", target: "accepting" },
        CLOSE: "idle",
      },
    },
    accepting: {
      invoke: {
        id: "accept",
        src: "accept",
        input: ({ context }) => ({
          id: context.id!,
          celle: celle(context.proposta).filter((c) => context.scelte.includes(cellKey(c))),
        }),
        onDone: { target: "result", actions: assign({ esito: ({ event }) => event.output }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => toCallFailure(event.error) }) },
      },
    },
    result: { on: { CLOSE: "idle" } },
    cancelled: { on: { CLOSE: "idle" } },
    failed: { on: { CLOSE: "idle" } },
  },
});

export type AutoAssegnazioneMachine = typeof autoAssegnazioneMachine;

export function provideAutoAssegnazioneCalls(calls: AutoAssegnazioneCalls) {
  return autoAssegnazioneMachine.provide({
    actors: {
      create: fromPromise(({ input }) => calls.create(input)),
      read: fromPromise(({ input }) => calls.read(input)),
      cancel: fromPromise(({ input }) => calls.cancel(input)),
      accept: fromPromise(({ input }) => calls.accept(input)),
    },
  });
}
