/**
 * The design card's assignment machine (SPEC §4 Operator-on-shift, §8, §9), one per service screen.
 *
 * - Every operator on a shift is a child actor (`operatorOnShiftMachine`, id = `opKey(...)`) with
 *   the states notAssigned / assigning / assigned / confirming / confirmed / unconfirming /
 *   unassigning. The screen sends ASSIGN / UNASSIGN / CONFIRM / UNCONFIRM here; this machine spawns
 *   the operator's child on first use and forwards the command.
 * - While a call runs, the operator's key is in `context.inProgress` (the screen disables the
 *   buttons and shows a spinner).
 * - After any change a FULL RELOAD of the service is scheduled, debounced by 2 s
 *   (TIMINGS.reloadDebounceMs): each change restarts the timer, so three changes within 2 s give
 *   one reload.
 * - Failures are only logged (console.error and the trace) — SPEC §8 — except the server's
 *   explained refusals (409 with an Italian detail) and the warnings of an accepted call (200
 *   `warnings`): those become `notices` (the grid shows them on the shift, `notify` toasts them).
 */
import { assign, enqueueActions, fromPromise, setup } from "xstate";
import type { OperatorCall } from "../api/pianificazione.endpoints";
import { TIMINGS } from "../app/theme";
import { isRefusal } from "./assignment/call-failure";
import {
  type OperatorAction,
  type OperatorReport,
  type OperatorStatus,
  operatorOnShiftMachine,
} from "./assignment/operator-on-shift.machine";

export const RELOAD_DEBOUNCE_MS = TIMINGS.reloadDebounceMs;
const MAX_NOTICES = 20;

export interface AssignmentInput {
  idContratto: number | string;
  idServizio: number | string;
}

/** The operator on a shift the screen acts on. */
export interface OperatorRef {
  idGiorno: number | string;
  idTurno: number | string;
  idOperatore: number;
  /** Whether the server data shows the operator confirmed on this shift. */
  confermato?: boolean;
  /** The operator's name, shown in the grid at once on assignment (not sent). */
  display?: { cognome: string; nome: string };
}

export interface Notice {
  seq: number;
  key: string;
  idTurno: string;
  kind: "error" | "warning";
  action: OperatorAction;
  messages: string[];
}

export interface AssignmentContext extends AssignmentInput {
  /** Keys (`opKey`) of the operators whose call is running: a set, kept as an array for traces. */
  inProgress: string[];
  notices: Notice[];
  /** The notice produced by the last settled call, or null. */
  lastNotice: Notice | null;
  seq: number;
  /** Number of completed reloads (for the screen and the tests). */
  reloads: number;
}

export type AssignmentCommand =
  | ({ type: "ASSIGN" } & OperatorRef)
  | ({ type: "UNASSIGN" } & OperatorRef)
  | ({ type: "CONFIRM" } & OperatorRef)
  | ({ type: "UNCONFIRM" } & OperatorRef);

export type AssignmentEvent = AssignmentCommand | OperatorReport | { type: "RELOAD_NOW" };

/** The id of an operator on a shift: `turno:<idTurno>:op:<idOperatore>`. */
export function opKey(idTurno: number | string, idOperatore: number | string): string {
  return `turno:${idTurno}:op:${idOperatore}`;
}

function turnoOfKey(key: string): string {
  return key.split(":")[1] ?? "";
}

/** The status the server data implies before a command is applied. */
function statusBefore(event: AssignmentCommand): OperatorStatus {
  switch (event.type) {
    case "ASSIGN":
      return "notAssigned";
    case "CONFIRM":
      return "assigned";
    case "UNCONFIRM":
      return "confirmed";
    case "UNASSIGN":
      return event.confermato ? "confirmed" : "assigned";
  }
}

const BUSY = new Set(["assigning", "confirming", "unconfirming", "unassigning"]);

export const assignmentMachine = setup({
  types: {
    context: {} as AssignmentContext,
    events: {} as AssignmentEvent,
    input: {} as AssignmentInput,
  },
  actors: {
    operator: operatorOnShiftMachine,
    reload: fromPromise<unknown, AssignmentInput>(async () => undefined),
  },
  actions: {
    /** Toast `context.lastNotice` when the last report produced one (the screen provides it). */
    notify: () => {},
    logReloadFailure: ({ event }) => {
      console.error("Assegnazione: ricaricamento del servizio non riuscito", (event as { error?: unknown }).error);
    },
    forward: enqueueActions(({ event, enqueue, self, context }) => {
      const command = event as AssignmentCommand;
      const key = opKey(command.idTurno, command.idOperatore);
      if (context.inProgress.includes(key)) return;
      const status = statusBefore(command);
      const child = self.getSnapshot().children[key] as
        | { getSnapshot(): { value: string }; send(e: unknown): void }
        | undefined;
      if (!child) {
        const call: OperatorCall = {
          idContratto: context.idContratto,
          idServizio: context.idServizio,
          idGiorno: command.idGiorno,
          idTurno: command.idTurno,
          idOperatore: command.idOperatore,
          ...(command.display ? { display: command.display } : {}),
        };
        enqueue.spawnChild("operator", { id: key, input: { key, call, status } });
      } else if (!BUSY.has(String(child.getSnapshot().value))) {
        enqueue.sendTo(key, { type: "SYNC", status });
      }
      enqueue.sendTo(key, { type: command.type });
    }),
    settle: enqueueActions(({ event, enqueue, context }) => {
      const report = event as Extract<OperatorReport, { type: "OPERATOR.SETTLED" }>;
      enqueue.assign({ inProgress: context.inProgress.filter((k) => k !== report.key) });
      if (!report.ok) {
        enqueue(() => console.error(`Assegnazione: ${report.action} non riuscita (${report.key})`, report.failure));
      }
      let notice: Notice | null = null;
      const base = { seq: context.seq + 1, key: report.key, idTurno: turnoOfKey(report.key), action: report.action };
      if (!report.ok && isRefusal(report.failure)) {
        notice = { ...base, kind: "error", messages: [report.failure?.message ?? ""] };
      } else if (report.ok && report.warnings.length > 0) {
        notice = { ...base, kind: "warning", messages: report.warnings };
      }
      if (notice) {
        enqueue.assign({
          seq: notice.seq,
          lastNotice: notice,
          notices: [notice, ...context.notices].slice(0, MAX_NOTICES),
        });
      } else {
        enqueue.assign({ lastNotice: null });
      }
    }),
  },
}).createMachine({
  id: "assignment",
  context: ({ input }) => ({ ...input, inProgress: [], notices: [], lastNotice: null, seq: 0, reloads: 0 }),
  on: {
    ASSIGN: { actions: "forward" },
    UNASSIGN: { actions: "forward" },
    CONFIRM: { actions: "forward" },
    UNCONFIRM: { actions: "forward" },
    "OPERATOR.STARTED": {
      actions: assign({
        inProgress: ({ context, event }) =>
          context.inProgress.includes(event.key) ? context.inProgress : [...context.inProgress, event.key],
      }),
    },
  },
  initial: "idle",
  states: {
    idle: {
      on: {
        "OPERATOR.SETTLED": { target: "reloadScheduled", actions: ["settle", "notify"] },
        RELOAD_NOW: "reloading",
      },
    },
    reloadScheduled: {
      after: { [RELOAD_DEBOUNCE_MS]: "reloading" },
      on: {
        // Each change restarts the 2 s timer.
        "OPERATOR.SETTLED": { target: "reloadScheduled", reenter: true, actions: ["settle", "notify"] },
        RELOAD_NOW: "reloading",
      },
    },
    reloading: {
      invoke: {
        src: "reload",
        input: ({ context }) => ({ idContratto: context.idContratto, idServizio: context.idServizio }),
        onDone: { target: "idle", actions: assign({ reloads: ({ context }) => context.reloads + 1 }) },
        onError: {
          target: "idle",
          actions: "logReloadFailure",
        },
      },
      on: {
        // A change during a reload: the data being loaded may be stale, schedule another one.
        "OPERATOR.SETTLED": { target: "reloadScheduled", actions: ["settle", "notify"] },
      },
    },
  },
});

export type AssignmentMachine = typeof assignmentMachine;

/** The calls the machine makes; the app passes RTK Query, tests pass stubs. */
export interface AssignmentCalls {
  assign: (call: OperatorCall, add: boolean) => Promise<import("../api/pianificazione.endpoints").AssignResult>;
  confirm: (call: OperatorCall, confirm: boolean) => Promise<import("../api/pianificazione.endpoints").AssignResult>;
  reload: (input: AssignmentInput) => Promise<unknown>;
  notify?: (notice: Notice) => void;
}

/** The machine with its calls provided (the operator children get theirs too). */
export function provideAssignmentCalls(calls: AssignmentCalls) {
  return assignmentMachine.provide({
    actors: {
      operator: operatorOnShiftMachine.provide({
        actors: {
          assignCall: fromPromise(({ input }) => calls.assign(input.call, input.add)),
          confirmCall: fromPromise(({ input }) => calls.confirm(input.call, input.confirm)),
        },
      }),
      reload: fromPromise(({ input }) => calls.reload(input)),
    },
    actions: {
      notify: ({ context }) => {
        if (context.lastNotice) calls.notify?.(context.lastNotice);
      },
    },
  });
}

/** Whether an operator's call is running (the screen disables its buttons). */
export function isInProgress(
  context: Pick<AssignmentContext, "inProgress">,
  idTurno: number | string,
  idOperatore: number,
) {
  return context.inProgress.includes(opKey(idTurno, idOperatore));
}

/** The latest notice about a shift, for the grid cell. */
export function noticeForTurno(
  context: Pick<AssignmentContext, "notices">,
  idTurno: number | string,
): Notice | undefined {
  return context.notices.find((n) => n.idTurno === String(idTurno));
}
