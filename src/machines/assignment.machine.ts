/**
 * The design card's assignment machine (SPEC §4 Operator-on-shift, §8, §9), one per service screen
 * (the screens create it keyed by the service id: another service gets a fresh actor).
 *
 * Two parallel regions:
 * - `calls` — what the planner asked for.
 *   - Every operator on a shift is a child actor (`operatorOnShiftMachine`, id = `opKey(...)`)
 *     with the states notAssigned / assigning / assigned / confirming / confirmed / unconfirming /
 *     unassigning. The screen sends ASSIGN / UNASSIGN / CONFIRM / UNCONFIRM here (with the status
 *     it shows, src/machines/assignment/operator-status.ts); this machine spawns the operator's
 *     child on first use and forwards the command. These run in any state of the region.
 *   - BULK_ASSIGN (several operators on one shift, optionally confirmed) and CONSOLIDATE (confirm
 *     every assignment of a day or a shift) are invoked calls (`bulkAssign`, `consolidate`), one at
 *     a time: the region is `bulkAssigning` or `consolidating` meanwhile and ignores another one.
 *     Their reports (assigned / skipped with the reasons; confirmed / still uncovered) are kept in
 *     `context.bulk[idTurno]` and `context.consolidation` for the screen.
 *   - CONFIRM_PERIOD ("Conferma settimana", issue 32 item 6) confirms every assigned place of the
 *     service's days in a period (`confirmPeriod`), one call too: the operators it will confirm are
 *     in progress meanwhile (the screen names them in the event), its report (confirmed, skipped
 *     with the reason, uncovered) is `context.periodConfirmation`.
 *   - OPERATOR_PERIOD ("Operatore su più turni", issue 15 item 4) puts one operator on every shift
 *     of a period that fits, removes them, or removes their confirmations (`operatorPeriod`): the
 *     places of theirs the screen shows in the period are in progress meanwhile; its report (done,
 *     skipped with the reason) is `context.operatorPeriod`.
 * - `reload` — after any settled change a FULL RELOAD of the service is scheduled, debounced by
 *   2 s (TIMINGS.reloadDebounceMs): each change restarts the timer, so three changes within 2 s
 *   give one reload. The reload is an invoked promise that resolves when the service's data have
 *   been fetched again; a change settling while it runs may have been missed by it, so another
 *   reload is scheduled. A change of the plan itself (a day or shift added, moved, changed or
 *   removed, the service's period, a week copied, a staffing proposal accepted) is not patched into
 *   the cached data: the screen that made it sends RELOAD_NOW, which reloads at once through the
 *   same region. This is the one way a change of the grid reaches the screen (docs/ARCHITECTURE.md,
 *   "The planning grid").
 *
 * While a call runs, the keys of its operators are in `context.inProgress` (the screen disables
 * their buttons and shows a spinner). Failures are only logged (console.error and the trace) —
 * SPEC §8 — except the server's explained refusals (409 with an Italian detail) and the warnings
 * of an accepted call (200 `warnings`): those become `notices` (the grid shows them on the shift,
 * `notify` toasts them). A bulk call or a consolidation is announced (`announce`: saved, or the
 * request error) as the screens did before.
 */
import { assign, enqueueActions, fromPromise, raise, setup } from "xstate";
import type {
  AssignResult,
  BulkResult,
  ConsolidaPeriodoResult,
  ConsolidaResult,
  OperatorCall,
  OperatorePeriodoResult,
  Scoperto,
  ShiftPath,
} from "../api/pianificazione/assegnazione.endpoints";
import { TIMINGS } from "../lib/timings";
import { type CallFailure, isRefusal, toCallFailure } from "./assignment/call-failure";
import { type OperatorReport, operatorOnShiftMachine } from "./assignment/operator-on-shift.machine";
import { type OperatorAction, type OperatorStatus, STATUS_BEFORE } from "./assignment/operator-status";

export const RELOAD_DEBOUNCE_MS = TIMINGS.reloadDebounceMs;
const MAX_NOTICES = 20;

export interface AssignmentInput {
  idContratto: number | string;
  idServizio: number | string;
}

/** An operator's name, as the screens show it. */
export interface NamedOperator {
  id: number;
  cognome: string;
  nome: string;
}

/** The operator on a shift the screen acts on. */
export interface OperatorRef {
  idGiorno: number | string;
  idTurno: number | string;
  idOperatore: number;
  /** The status the screen shows (the server's data); by default the one the command expects. */
  status?: OperatorStatus;
  /** The operator's name, shown in the grid at once on assignment (not sent). */
  display?: { cognome: string; nome: string };
  /**
   * The command over refusals that may be overridden, with this reason (erp_contratti_deroghe): the
   * working-time limits refusing an assignment, or a past day (any command).
   */
  deroga?: string;
}

export interface Notice {
  seq: number;
  key: string;
  idTurno: string;
  kind: "error" | "warning";
  action: OperatorAction;
  messages: string[];
  /** A refusal whose every reason may be overridden with a reason (erp_contratti_deroghe). */
  derogabile?: true;
  /** Whom it is about ("Marino Davide"), when the command named him: the cell says it (issue 32 item 2). */
  operatore?: string;
}

export interface BulkRequest {
  idGiorno: number | string;
  idTurno: number | string;
  /** The chosen operators with their names (the report names the skipped ones). */
  operatori: NamedOperator[];
  /** Assign and confirm. */
  conferma: boolean;
}

/** The report of a bulk assignment, for the shift's panel. */
export interface BulkReport {
  idTurno: string;
  conferma: boolean;
  assegnati: (NamedOperator & { confermato: boolean; warnings: string[] })[];
  /** The operators the server refused, with its Italian reason. */
  scartati: (NamedOperator & { detail: string; reason: string | null })[];
}

export interface ConsolidationRequest {
  idGiorno: number | string;
  /** Only this shift; the whole day without it. */
  idTurno?: number | string;
}

/** A period of the service to confirm, with the operators the screen expects it to confirm (their `opKey`s). */
export interface PeriodConfirmationRequest {
  dal: string;
  al: string;
  keys: string[];
  /** The reason of a derogation, to confirm the past days' places too (erp_contratti_deroghe). */
  deroga?: string;
}

/** One operator on, or off, every shift of a period of the service. */
export interface OperatorPeriodRequest {
  operatore: NamedOperator;
  dal: string;
  al: string;
  azione: "assegna" | "rimuovi" | "annulla_conferma";
  conferma: boolean;
  /** The operator's places the screen shows in the period (`opKey`s), in progress meanwhile. */
  keys: string[];
}

export interface OperatorPeriodReport extends Omit<OperatorPeriodRequest, "keys"> {
  eseguiti: OperatorePeriodoResult["eseguiti"];
  saltati: OperatorePeriodoResult["saltati"];
}

export interface PeriodConfirmationReport {
  dal: string;
  al: string;
  confermati: number;
  saltati: ConsolidaPeriodoResult["saltati"];
  scoperti: Scoperto[];
}

export interface ConsolidationReport {
  idGiorno: string;
  idTurno: string | null;
  confermati: number;
  scoperti: Scoperto[];
}

/** What the screen tells the planner when a bulk call or a consolidation ends. */
export type Announcement =
  | { kind: "bulk"; report: BulkReport }
  | { kind: "consolidation"; report: ConsolidationReport }
  | { kind: "period"; report: PeriodConfirmationReport }
  | { kind: "operatorPeriod"; report: OperatorPeriodReport }
  | { kind: "failed"; call: CallName; failure: CallFailure };

export interface AssignmentContext extends AssignmentInput {
  /** Keys (`opKey`) of the operators whose call is running: a set, kept as an array for traces. */
  inProgress: string[];
  notices: Notice[];
  /** The notice produced by the last settled call, or null. */
  lastNotice: Notice | null;
  seq: number;
  /** Number of completed reloads (the service's data fetched again). */
  reloads: number;
  /** The running bulk assignment, consolidation, period confirmation or operator's period. */
  request: BulkRequest | ConsolidationRequest | PeriodConfirmationRequest | OperatorPeriodRequest | null;
  /** The last bulk report of each shift, by idTurno. */
  bulk: Record<string, BulkReport>;
  consolidation: ConsolidationReport | null;
  periodConfirmation: PeriodConfirmationReport | null;
  operatorPeriod: OperatorPeriodReport | null;
  /** What the last bulk call or consolidation produced (for `announce`). */
  lastAnnouncement: Announcement | null;
}

export type AssignmentCommand =
  | ({ type: "ASSIGN" } & OperatorRef)
  | ({ type: "UNASSIGN" } & OperatorRef)
  | ({ type: "CONFIRM" } & OperatorRef)
  | ({ type: "UNCONFIRM" } & OperatorRef);

export type AssignmentEvent =
  | AssignmentCommand
  | OperatorReport
  | ({ type: "BULK_ASSIGN" } & BulkRequest)
  | ({ type: "CONSOLIDATE" } & ConsolidationRequest)
  | ({ type: "CONFIRM_PERIOD" } & PeriodConfirmationRequest)
  | ({ type: "OPERATOR_PERIOD" } & OperatorPeriodRequest)
  /** The plan changed (an edit of days, shifts or the service): reload the service at once. */
  | { type: "RELOAD_NOW" }
  /**
   * The shift's cell changed since this notice was given (another operator assigned, automatic
   * staffing accepted, a reload with other people): the notice no longer describes the cell and
   * goes (issue 32 item 2: a refusal belongs to its shift, operator and attempt).
   */
  | { type: "NOTICE.STALE"; key: string; seq: number }
  /** Internal: a change settled, the reload is (re)scheduled. */
  | { type: "CHANGED" };

/** The id of an operator on a shift: `turno:<idTurno>:op:<idOperatore>`. */
export function opKey(idTurno: number | string, idOperatore: number | string): string {
  return `turno:${idTurno}:op:${idOperatore}`;
}

function turnoOfKey(key: string): string {
  return key.split(":")[1] ?? "";
}

const ACTION_OF: Record<AssignmentCommand["type"], OperatorAction> = {
  ASSIGN: "assign",
  UNASSIGN: "unassign",
  CONFIRM: "confirm",
  UNCONFIRM: "unconfirm",
};

/** The command that runs an action again (with a derogation, after a derogabile refusal). */
export const COMMAND_OF: Record<OperatorAction, AssignmentCommand["type"]> = {
  assign: "ASSIGN",
  unassign: "UNASSIGN",
  confirm: "CONFIRM",
  unconfirm: "UNCONFIRM",
};

const BUSY = new Set(["assigning", "confirming", "unconfirming", "unassigning"]);

/** The bulk call's path and body. */
export type BulkCall = ShiftPath & { operatori: number[]; conferma: boolean };
/** The consolidation call's path (a day, or one shift of it). */
export type ConsolidationCall = AssignmentInput & ConsolidationRequest;
/** The period confirmation's call. */
export type PeriodConfirmationCall = AssignmentInput & Omit<PeriodConfirmationRequest, "keys">;
/** The operator's period call. */
export type OperatorPeriodCall = AssignmentInput & {
  operatore: number;
  dal: string;
  al: string;
  azione: OperatorPeriodRequest["azione"];
  conferma: boolean;
};

function bulkReport(request: BulkRequest, result: BulkResult): BulkReport {
  const named = (id: number): NamedOperator =>
    request.operatori.find((o) => o.id === id) ?? { id, cognome: "", nome: `#${id}` };
  return {
    idTurno: String(request.idTurno),
    conferma: request.conferma,
    assegnati: result.assegnati.map((a) => ({
      id: a.id,
      cognome: a.cognome,
      nome: a.nome,
      confermato: a.confermato,
      warnings: a.warnings,
    })),
    scartati: result.falliti.map((f) => ({ ...named(f.id), detail: f.detail, reason: f.reason })),
  };
}

function bulkKeys(request: BulkRequest): string[] {
  return request.operatori.map((o) => opKey(request.idTurno, o.id));
}

/** The operators a running request marks in progress. */
function requestKeys(request: AssignmentContext["request"]): string[] {
  if (!request) return [];
  if ("operatori" in request) return bulkKeys(request);
  if ("keys" in request) return request.keys;
  return [];
}

/** The context once the running bulk call, consolidation or period confirmation has ended with `announcement`. */
function finished(context: AssignmentContext, announcement: Announcement): Partial<AssignmentContext> {
  const done = new Set(requestKeys(context.request));
  return {
    request: null,
    inProgress: context.inProgress.filter((k) => !done.has(k)),
    lastAnnouncement: announcement,
  };
}

const CALL_NAMES = {
  bulk: "assegnazione multipla",
  consolidation: "consolidamento",
  period: "conferma del periodo",
  operatorPeriod: "operatore su più turni",
};
type CallName = keyof typeof CALL_NAMES;

const failed = (call: CallName, error: unknown): Announcement => ({
  kind: "failed",
  call,
  failure: toCallFailure(error),
});

export const assignmentMachine = setup({
  types: {
    context: {} as AssignmentContext,
    events: {} as AssignmentEvent,
    input: {} as AssignmentInput,
  },
  actors: {
    operator: operatorOnShiftMachine,
    bulkAssign: fromPromise<BulkResult, BulkCall>(async () => {
      throw new Error("bulkAssign: non configurato");
    }),
    consolidate: fromPromise<ConsolidaResult, ConsolidationCall>(async () => {
      throw new Error("consolidate: non configurato");
    }),
    confirmPeriod: fromPromise<ConsolidaPeriodoResult, PeriodConfirmationCall>(async () => {
      throw new Error("confirmPeriod: non configurato");
    }),
    operatorPeriod: fromPromise<OperatorePeriodoResult, OperatorPeriodCall>(async () => {
      throw new Error("operatorPeriod: non configurato");
    }),
    reload: fromPromise<unknown, AssignmentInput>(async () => undefined),
  },
  actions: {
    /** Toast `context.lastNotice` when the last report produced one (the screen provides it). */
    notify: () => {},
    /** Tell the planner how `context.lastAnnouncement` ended (the screen provides it). */
    announce: () => {},
    logReloadFailure: ({ event }) => {
      console.error("Assegnazione: ricaricamento del servizio non riuscito", (event as { error?: unknown }).error);
    },
    forward: enqueueActions(({ event, enqueue, self, context }) => {
      const command = event as AssignmentCommand;
      const key = opKey(command.idTurno, command.idOperatore);
      if (context.inProgress.includes(key)) return;
      const status = command.status ?? STATUS_BEFORE[ACTION_OF[command.type]];
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
      enqueue.sendTo(key, command.deroga ? { type: command.type, deroga: command.deroga } : { type: command.type });
    }),
    settle: enqueueActions(({ event, enqueue, context, self }) => {
      const report = event as Extract<OperatorReport, { type: "OPERATOR.SETTLED" }>;
      const child = self.getSnapshot().children[report.key] as
        | { getSnapshot(): { context?: { call?: OperatorCall } } }
        | undefined;
      const display = child?.getSnapshot().context?.call?.display;
      const operatore = display ? `${display.cognome} ${display.nome}`.trim() : undefined;
      enqueue.assign({ inProgress: context.inProgress.filter((k) => k !== report.key) });
      if (!report.ok) {
        enqueue(() => console.error(`Assegnazione: ${report.action} non riuscita (${report.key})`, report.failure));
      }
      let notice: Notice | null = null;
      const base = {
        seq: context.seq + 1,
        key: report.key,
        idTurno: turnoOfKey(report.key),
        action: report.action,
        ...(operatore ? { operatore } : {}),
      };
      if (!report.ok && isRefusal(report.failure)) {
        notice = {
          ...base,
          kind: "error",
          messages: [report.failure?.message ?? ""],
          ...(report.failure?.derogabile ? { derogabile: true as const } : {}),
        };
      } else if (report.ok && report.warnings.length > 0) {
        notice = { ...base, kind: "warning", messages: report.warnings };
      }
      // A settled call replaces what was said before about the same operator on the same shift: a
      // refusal overcome (assigned after all, or removed) no longer shows.
      const others = context.notices.filter((n) => n.key !== report.key);
      if (notice) {
        enqueue.assign({
          seq: notice.seq,
          lastNotice: notice,
          notices: [notice, ...others].slice(0, MAX_NOTICES),
        });
      } else {
        enqueue.assign({
          lastNotice: null,
          ...(others.length !== context.notices.length ? { notices: others } : {}),
        });
      }
    }),
    logCallFailure: ({ context }) => {
      const a = context.lastAnnouncement;
      if (a?.kind !== "failed") return;
      console.error(`Assegnazione: ${CALL_NAMES[a.call]} non riuscita`, a.failure);
    },
  },
  guards: {
    hasOperators: ({ event }) => event.type === "BULK_ASSIGN" && event.operatori.length > 0,
  },
}).createMachine({
  id: "assignment",
  context: ({ input }) => ({
    ...input,
    inProgress: [],
    notices: [],
    lastNotice: null,
    seq: 0,
    reloads: 0,
    request: null,
    bulk: {},
    consolidation: null,
    periodConfirmation: null,
    operatorPeriod: null,
    lastAnnouncement: null,
  }),
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
    "OPERATOR.SETTLED": { actions: ["settle", "notify", raise({ type: "CHANGED" })] },
    "NOTICE.STALE": {
      actions: assign(({ context, event }) => ({
        notices: context.notices.filter((n) => !(n.key === event.key && n.seq === event.seq)),
        lastNotice:
          context.lastNotice?.key === event.key && context.lastNotice.seq === event.seq ? null : context.lastNotice,
      })),
    },
  },
  type: "parallel",
  states: {
    calls: {
      initial: "ready",
      states: {
        ready: {
          on: {
            BULK_ASSIGN: {
              guard: "hasOperators",
              target: "bulkAssigning",
              actions: assign(({ context, event }) => {
                const { type: _type, ...request } = event;
                return {
                  request,
                  inProgress: [...new Set([...context.inProgress, ...bulkKeys(request)])],
                };
              }),
            },
            CONSOLIDATE: {
              target: "consolidating",
              actions: assign(({ event }) => {
                const { type: _type, ...request } = event;
                return { request };
              }),
            },
            CONFIRM_PERIOD: {
              target: "confirmingPeriod",
              actions: assign(({ context, event }) => {
                const { type: _type, ...request } = event;
                return { request, inProgress: [...new Set([...context.inProgress, ...request.keys])] };
              }),
            },
            OPERATOR_PERIOD: {
              target: "operatingPeriod",
              actions: assign(({ context, event }) => {
                const { type: _type, ...request } = event;
                return { request, inProgress: [...new Set([...context.inProgress, ...request.keys])] };
              }),
            },
          },
        },
        bulkAssigning: {
          invoke: {
            id: "bulkAssign",
            src: "bulkAssign",
            input: ({ context }) => {
              const r = context.request as BulkRequest;
              return {
                idContratto: context.idContratto,
                idServizio: context.idServizio,
                idGiorno: r.idGiorno,
                idTurno: r.idTurno,
                operatori: r.operatori.map((o) => o.id),
                conferma: r.conferma,
              };
            },
            onDone: {
              target: "ready",
              actions: [
                assign(({ context, event }) => {
                  const report = bulkReport(context.request as BulkRequest, event.output);
                  return {
                    ...finished(context, { kind: "bulk", report }),
                    bulk: { ...context.bulk, [report.idTurno]: report },
                  };
                }),
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
            onError: {
              target: "ready",
              actions: [
                assign(({ context, event }) => finished(context, failed("bulk", event.error))),
                "logCallFailure",
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
          },
        },
        consolidating: {
          invoke: {
            id: "consolidate",
            src: "consolidate",
            input: ({ context }) => ({
              idContratto: context.idContratto,
              idServizio: context.idServizio,
              ...(context.request as ConsolidationRequest),
            }),
            onDone: {
              target: "ready",
              actions: [
                assign(({ context, event }) => {
                  const request = context.request as ConsolidationRequest;
                  const report: ConsolidationReport = {
                    idGiorno: String(request.idGiorno),
                    idTurno: request.idTurno === undefined ? null : String(request.idTurno),
                    confermati: event.output.confermati,
                    scoperti: event.output.scoperti,
                  };
                  return { ...finished(context, { kind: "consolidation", report }), consolidation: report };
                }),
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
            onError: {
              target: "ready",
              actions: [
                assign(({ context, event }) => finished(context, failed("consolidation", event.error))),
                "logCallFailure",
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
          },
        },
        confirmingPeriod: {
          invoke: {
            id: "confirmPeriod",
            src: "confirmPeriod",
            input: ({ context }) => {
              const { keys: _keys, ...r } = context.request as PeriodConfirmationRequest;
              return { idContratto: context.idContratto, idServizio: context.idServizio, ...r };
            },
            onDone: {
              target: "ready",
              actions: [
                assign(({ context, event }) => {
                  const request = context.request as PeriodConfirmationRequest;
                  const report: PeriodConfirmationReport = {
                    dal: request.dal,
                    al: request.al,
                    confermati: event.output.confermati,
                    saltati: event.output.saltati,
                    scoperti: event.output.scoperti,
                  };
                  return { ...finished(context, { kind: "period", report }), periodConfirmation: report };
                }),
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
            onError: {
              target: "ready",
              actions: [
                assign(({ context, event }) => finished(context, failed("period", event.error))),
                "logCallFailure",
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
          },
        },
        operatingPeriod: {
          invoke: {
            id: "operatorPeriod",
            src: "operatorPeriod",
            input: ({ context }) => {
              const r = context.request as OperatorPeriodRequest;
              return {
                idContratto: context.idContratto,
                idServizio: context.idServizio,
                operatore: r.operatore.id,
                dal: r.dal,
                al: r.al,
                azione: r.azione,
                conferma: r.conferma,
              };
            },
            onDone: {
              target: "ready",
              actions: [
                assign(({ context, event }) => {
                  const { keys: _keys, ...request } = context.request as OperatorPeriodRequest;
                  const report: OperatorPeriodReport = {
                    ...request,
                    eseguiti: event.output.eseguiti,
                    saltati: event.output.saltati,
                  };
                  return { ...finished(context, { kind: "operatorPeriod", report }), operatorPeriod: report };
                }),
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
            onError: {
              target: "ready",
              actions: [
                assign(({ context, event }) => finished(context, failed("operatorPeriod", event.error))),
                "logCallFailure",
                "announce",
                raise({ type: "CHANGED" }),
              ],
            },
          },
        },
      },
    },
    reload: {
      initial: "idle",
      states: {
        idle: {
          on: {
            CHANGED: "scheduled",
            RELOAD_NOW: "reloading",
          },
        },
        scheduled: {
          after: { [RELOAD_DEBOUNCE_MS]: "reloading" },
          on: {
            // Each change restarts the 2 s timer.
            CHANGED: { target: "scheduled", reenter: true },
            RELOAD_NOW: "reloading",
          },
        },
        reloading: {
          invoke: {
            id: "reload",
            src: "reload",
            input: ({ context }) => ({ idContratto: context.idContratto, idServizio: context.idServizio }),
            onDone: { target: "idle", actions: assign({ reloads: ({ context }) => context.reloads + 1 }) },
            onError: { target: "idle", actions: "logReloadFailure" },
          },
          on: {
            // A change settled while the data were being fetched: they may not show it, fetch again.
            CHANGED: "scheduled",
          },
        },
      },
    },
  },
});

export type AssignmentMachine = typeof assignmentMachine;

/** The calls the machine makes; the app passes RTK Query, tests pass stubs. */
export interface AssignmentCalls {
  /** The machine reads only the answer's warnings. */
  assign: (call: OperatorCall, add: boolean) => Promise<Partial<AssignResult>>;
  confirm: (call: OperatorCall, confirm: boolean) => Promise<Partial<AssignResult>>;
  bulkAssign: (call: BulkCall) => Promise<BulkResult>;
  consolidate: (call: ConsolidationCall) => Promise<ConsolidaResult>;
  confirmPeriod: (call: PeriodConfirmationCall) => Promise<ConsolidaPeriodoResult>;
  operatorPeriod: (call: OperatorPeriodCall) => Promise<OperatorePeriodoResult>;
  /** Fetches the service's data again; resolves when they have arrived. */
  reload: (input: AssignmentInput) => Promise<unknown>;
  notify?: (notice: Notice) => void;
  announce?: (announcement: Announcement) => void;
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
      bulkAssign: fromPromise(({ input }) => calls.bulkAssign(input)),
      consolidate: fromPromise(({ input }) => calls.consolidate(input)),
      confirmPeriod: fromPromise(({ input }) => calls.confirmPeriod(input)),
      operatorPeriod: fromPromise(({ input }) => calls.operatorPeriod(input)),
      reload: fromPromise(({ input }) => calls.reload(input)),
    },
    actions: {
      notify: ({ context }) => {
        if (context.lastNotice) calls.notify?.(context.lastNotice);
      },
      announce: ({ context }) => {
        if (context.lastAnnouncement) calls.announce?.(context.lastAnnouncement);
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
