/**
 * One operator on one shift (SPEC §4 Operator-on-shift): notAssigned → assigning → assigned →
 * confirming → confirmed → unconfirming → assigned → unassigning → notAssigned. Each call is an
 * invoked promise actor (`assignCall`, `confirmCall`) provided from outside, so tests stub it.
 * The machine tells its parent (the service's assignment machine) when a call starts and when it
 * settles, so the parent can keep the `inProgress` set and schedule the debounced reload.
 */
import { assign, fromPromise, sendParent, setup } from "xstate";
import type { AssignResult, OperatorCall } from "../../api/pianificazione/assegnazione.endpoints";
import { type CallFailure, toCallFailure } from "./call-failure";
import type { OperatorAction, OperatorStatus } from "./operator-status";

export interface OperatorOnShiftInput {
  key: string;
  call: OperatorCall;
  status: OperatorStatus;
}

export interface OperatorOnShiftContext extends OperatorOnShiftInput {
  /** Whether the operator was confirmed before the running call (to go back on failure). */
  confirmed: boolean;
  warnings: string[];
  failure: CallFailure | null;
}

export type OperatorCommand =
  /**
   * `deroga`: act over the limits that refused it, with this reason (erp_contratti_deroghe): the
   * working-time limits of an assignment, or a past day for any of the four.
   */
  | { type: "ASSIGN"; deroga?: string }
  | { type: "UNASSIGN"; deroga?: string }
  | { type: "CONFIRM"; deroga?: string }
  | { type: "UNCONFIRM"; deroga?: string }
  /** Align with the server's data after a reload (only in a stable state). */
  | { type: "SYNC"; status: OperatorStatus };

/** What a child tells its parent. */
export type OperatorReport =
  | { type: "OPERATOR.STARTED"; key: string; action: OperatorAction }
  | {
      type: "OPERATOR.SETTLED";
      key: string;
      action: OperatorAction;
      ok: boolean;
      warnings: string[];
      failure: CallFailure | null;
    };

function notProvided<TInput>(name: string) {
  return fromPromise<Partial<AssignResult>, TInput>(async () => {
    throw new Error(`${name}: non configurato`);
  });
}

export const operatorOnShiftMachine = setup({
  types: {
    context: {} as OperatorOnShiftContext,
    events: {} as OperatorCommand,
    input: {} as OperatorOnShiftInput,
  },
  actors: {
    assignCall: notProvided<{ call: OperatorCall; add: boolean }>("assignCall"),
    confirmCall: notProvided<{ call: OperatorCall; confirm: boolean }>("confirmCall"),
  },
  actions: {
    clearOutcome: assign({ warnings: () => [], failure: () => null }),
    /** The call carries the command's `deroga`, if any (unchanged when neither has one). */
    takeDeroga: assign({
      call: ({ context, event }: { context: OperatorOnShiftContext; event: OperatorCommand }): OperatorCall => {
        const deroga = event.type === "SYNC" ? undefined : event.deroga;
        if (deroga === context.call.deroga) return context.call;
        const { deroga: _old, ...call } = context.call;
        return deroga ? { ...call, deroga } : call;
      },
    }),
    storeWarnings: assign({
      warnings: (_, params: { output: Partial<AssignResult> | undefined }) => params.output?.warnings ?? [],
    }),
    storeFailure: assign({ failure: (_, params: { error: unknown }) => toCallFailure(params.error) }),
    started: sendParent(
      ({ context }, params: { action: OperatorAction }): OperatorReport => ({
        type: "OPERATOR.STARTED",
        key: context.key,
        action: params.action,
      }),
    ),
    settled: sendParent(
      ({ context }, params: { action: OperatorAction; ok: boolean }): OperatorReport => ({
        type: "OPERATOR.SETTLED",
        key: context.key,
        action: params.action,
        ok: params.ok,
        warnings: context.warnings,
        failure: context.failure,
      }),
    ),
  },
  guards: {
    syncTo: ({ event }, params: { status: OperatorStatus }) => event.type === "SYNC" && event.status === params.status,
    wasConfirmed: ({ context }) => context.confirmed,
  },
}).createMachine({
  id: "operatorOnShift",
  context: ({ input }) => ({ ...input, confirmed: input.status === "confirmed", warnings: [], failure: null }),
  initial: "boot",
  states: {
    boot: {
      always: [
        { guard: ({ context }) => context.status === "confirmed", target: "confirmed" },
        { guard: ({ context }) => context.status === "assigned", target: "assigned" },
        { target: "notAssigned" },
      ],
    },
    notAssigned: {
      entry: assign({ confirmed: false }),
      on: {
        ASSIGN: { target: "assigning", actions: "takeDeroga" },
        SYNC: [
          { guard: { type: "syncTo", params: { status: "assigned" } }, target: "assigned" },
          { guard: { type: "syncTo", params: { status: "confirmed" } }, target: "confirmed" },
        ],
      },
    },
    assigning: {
      entry: ["clearOutcome", { type: "started", params: { action: "assign" } }],
      invoke: {
        src: "assignCall",
        input: ({ context }) => ({ call: context.call, add: true }),
        onDone: {
          target: "assigned",
          actions: [
            { type: "storeWarnings", params: ({ event }) => ({ output: event.output }) },
            { type: "settled", params: { action: "assign", ok: true } },
          ],
        },
        onError: {
          target: "notAssigned",
          actions: [
            { type: "storeFailure", params: ({ event }) => ({ error: event.error }) },
            { type: "settled", params: { action: "assign", ok: false } },
          ],
        },
      },
    },
    assigned: {
      entry: assign({ confirmed: false }),
      on: {
        CONFIRM: { target: "confirming", actions: "takeDeroga" },
        UNASSIGN: { target: "unassigning", actions: "takeDeroga" },
        SYNC: [
          { guard: { type: "syncTo", params: { status: "notAssigned" } }, target: "notAssigned" },
          { guard: { type: "syncTo", params: { status: "confirmed" } }, target: "confirmed" },
        ],
      },
    },
    confirming: {
      entry: ["clearOutcome", { type: "started", params: { action: "confirm" } }],
      invoke: {
        src: "confirmCall",
        input: ({ context }) => ({ call: context.call, confirm: true }),
        onDone: {
          target: "confirmed",
          actions: [
            { type: "storeWarnings", params: ({ event }) => ({ output: event.output }) },
            { type: "settled", params: { action: "confirm", ok: true } },
          ],
        },
        onError: {
          target: "assigned",
          actions: [
            { type: "storeFailure", params: ({ event }) => ({ error: event.error }) },
            { type: "settled", params: { action: "confirm", ok: false } },
          ],
        },
      },
    },
    confirmed: {
      entry: assign({ confirmed: true }),
      on: {
        UNCONFIRM: { target: "unconfirming", actions: "takeDeroga" },
        UNASSIGN: { target: "unassigning", actions: "takeDeroga" },
        SYNC: [
          { guard: { type: "syncTo", params: { status: "notAssigned" } }, target: "notAssigned" },
          { guard: { type: "syncTo", params: { status: "assigned" } }, target: "assigned" },
        ],
      },
    },
    unconfirming: {
      entry: ["clearOutcome", { type: "started", params: { action: "unconfirm" } }],
      invoke: {
        src: "confirmCall",
        input: ({ context }) => ({ call: context.call, confirm: false }),
        onDone: {
          target: "assigned",
          actions: [
            { type: "storeWarnings", params: ({ event }) => ({ output: event.output }) },
            { type: "settled", params: { action: "unconfirm", ok: true } },
          ],
        },
        onError: {
          target: "confirmed",
          actions: [
            { type: "storeFailure", params: ({ event }) => ({ error: event.error }) },
            { type: "settled", params: { action: "unconfirm", ok: false } },
          ],
        },
      },
    },
    unassigning: {
      entry: ["clearOutcome", { type: "started", params: { action: "unassign" } }],
      invoke: {
        src: "assignCall",
        input: ({ context }) => ({ call: context.call, add: false }),
        onDone: {
          target: "notAssigned",
          actions: [
            { type: "storeWarnings", params: ({ event }) => ({ output: event.output }) },
            { type: "settled", params: { action: "unassign", ok: true } },
          ],
        },
        onError: [
          {
            guard: "wasConfirmed",
            target: "confirmed",
            actions: [
              { type: "storeFailure", params: ({ event }) => ({ error: event.error }) },
              { type: "settled", params: { action: "unassign", ok: false } },
            ],
          },
          {
            target: "assigned",
            actions: [
              { type: "storeFailure", params: ({ event }) => ({ error: event.error }) },
              { type: "settled", params: { action: "unassign", ok: false } },
            ],
          },
        ],
      },
    },
  },
});
