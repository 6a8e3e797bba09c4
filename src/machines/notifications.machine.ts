/**
 * Notification polling (SPEC §4 'Notifications are polled only while logged in', §7, §8, §9).
 *
 *   (invoked) ──► starting ──► polling.fetching ──done──► polling.waiting
 *                   │                 ▲                        │ after 120 s, RELOAD
 *                   │                 └────────────────────────┘
 *                   └──► notPermitted (neither capability)
 *
 * The session machine invokes it in its `loggedIn` state with the user's permissions as input
 * (src/machines/session.machine.ts): it runs exactly while the session is logged in, and leaving
 * `loggedIn` stops it with its data; a user whose permissions change sees the change at the next
 * login. One `poll` call fetches, at start and then every TIMINGS.pollMs:
 * - the active problems (GET /api/comunicazioni/problemi-attivi/) only for CAPABILITIES.notifications;
 * - the unread ticket count (GET /api/comunicazioni/summary/) only for CAPABILITIES.ticketSupporto.
 * A new answer replaces the stored one only when it differs (deep compare), so subscribers see no
 * change otherwise. A failed call is only logged: the previous data stays, nothing is shown.
 * RELOAD while waiting fetches at once (and restarts the 120 s timer); during a fetch it is ignored.
 */
import { enqueueActions, fromPromise, setup } from "xstate";
import type { ProblemNotification } from "../api/console/notifiche.endpoints";
import { CAPABILITIES, hasAny } from "../domain/permissions";
import { TIMINGS } from "../lib/timings";

export const POLL_MS = TIMINGS.pollMs;

export interface NotificationsInput {
  /** The signed-in user's permissions. */
  permissions: string[];
}

export type NotificationsEvent = { type: "RELOAD" };

/** What to fetch in one round. */
export interface PollRequest {
  problems: boolean;
  summary: boolean;
}

/** The answer of one call: its data, or the message of its failure (traces keep only messages). */
export type CallOutcome<T> = { ok: true; data: T } | { ok: false; message: string };

/** One round's outcomes; null for a call not made. */
export interface PollResult {
  problems: CallOutcome<ProblemNotification[]> | null;
  summary: CallOutcome<number> | null;
}

export interface NotificationsContext {
  canProblems: boolean;
  canSummary: boolean;
  problems: ProblemNotification[];
  /** Unread support tickets (the 'Ticket supporto' chip); the header alert's N is `problems.length`. */
  unread: number;
  /** Completed rounds since the start. */
  rounds: number;
}

/** What the user may see, and nothing fetched yet. */
function initialContext(permissions: readonly string[]): NotificationsContext {
  return {
    canProblems: hasAny(permissions, CAPABILITIES.notifications),
    canSummary: hasAny(permissions, CAPABILITIES.ticketSupporto),
    problems: [],
    unread: 0,
    rounds: 0,
  };
}

/** Structural equality of JSON values (the API's data). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    poll: fromPromise<PollResult, PollRequest>(async () => {
      throw new Error("poll: non configurato");
    }),
  },
  actions: {
    /** SPEC §8: failed notification or summary fetches are only logged. */
    logFailure: (_, params: { call: string; message: string }) => {
      console.warn(`Notifiche: ${params.call} non riuscito (${params.message})`);
    },
  },
  delays: {
    pollInterval: POLL_MS,
  },
  guards: {
    canPoll: ({ context }) => context.canProblems || context.canSummary,
  },
}).createMachine({
  id: "notifications",
  initial: "starting",
  context: ({ input }) => initialContext(input?.permissions ?? []),
  states: {
    starting: {
      always: [{ guard: "canPoll", target: "polling" }, { target: "notPermitted" }],
    },
    notPermitted: {},
    polling: {
      initial: "fetching",
      states: {
        fetching: {
          invoke: {
            id: "poll",
            src: "poll",
            input: ({ context }) => ({ problems: context.canProblems, summary: context.canSummary }),
            onDone: {
              target: "waiting",
              actions: enqueueActions(({ context, event, enqueue }) => {
                const { problems, summary } = event.output;
                const next: Partial<NotificationsContext> = { rounds: context.rounds + 1 };
                if (problems?.ok && !sameData(problems.data, context.problems)) next.problems = problems.data;
                if (summary?.ok && summary.data !== context.unread) next.unread = summary.data;
                enqueue.assign(next);
                if (problems && !problems.ok)
                  enqueue({ type: "logFailure", params: { call: "problemi-attivi", message: problems.message } });
                if (summary && !summary.ok)
                  enqueue({ type: "logFailure", params: { call: "summary", message: summary.message } });
              }),
            },
            onError: {
              target: "waiting",
              actions: {
                type: "logFailure",
                params: ({ event }) => ({
                  call: "aggiornamento",
                  message: (event.error as Error | null)?.message ?? "",
                }),
              },
            },
          },
        },
        waiting: {
          after: { pollInterval: { target: "fetching" } },
          on: { RELOAD: { target: "fetching" } },
        },
      },
    },
  },
});

export type NotificationsMachine = typeof notificationsMachine;
