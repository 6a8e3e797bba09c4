/**
 * The control room's live connection to one event (issue 14 item 4).
 *
 *   online ─┬─ connecting ──SNAPSHOT──► live ──(no message for STALE_MS)──► stale
 *           │                 ▲  SNAPSHOT/PING ◄──────────────────────────────┘
 *           ├── ERROR (stream failed or closed) ──► reconnecting ──after back-off──► online
 *           └── NOT_FOUND (the server answers 404: no such event, or it was deleted) ──► notFound (final)
 *
 * `online` invokes the stream (id and src "stream": GET /api/cms/control-room/eventi/{id}/live/,
 * Server-Sent Events, ./cms-live.services.ts), which sends SNAPSHOT with each picture the server
 * pushes and ERROR when the connection fails or ends. Reconnection waits 1 s, 2 s, 4 s… up to
 * 30 s (`attempts` since the last picture); the last picture stays on screen, marked as not live.
 * The screen (features/cms/control-room) renders `context.data` and the state; it sends nothing.
 */
import { assign, fromCallback, setup } from "xstate";
import { type ControlRoom, type ControlRoomView, conDispositivi } from "../domain/contracts/cms/control-room";

export const LIVE_TIMINGS = {
  /** The server sends a picture at least every 15 s: twice that without one, the data is stale. */
  staleMs: 40_000,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
} as const;

export interface CmsLiveInput {
  eventoId: number;
}

export type CmsLiveEvent =
  | { type: "SNAPSHOT"; data: ControlRoom }
  | { type: "PING" }
  | { type: "ERROR"; message: string }
  | { type: "NOT_FOUND" };

export interface CmsLiveContext {
  eventoId: number;
  /** The last picture, with the last device list received (a pushed picture may carry none). */
  data: ControlRoomView | null;
  /** Failed connections since the last picture. */
  attempts: number;
  lastError: string | null;
}

export function backoffMs(attempts: number): number {
  return Math.min(LIVE_TIMINGS.backoffMaxMs, LIVE_TIMINGS.backoffBaseMs * 2 ** Math.max(0, attempts - 1));
}

export const cmsLiveMachine = setup({
  types: {
    context: {} as CmsLiveContext,
    input: {} as CmsLiveInput,
    events: {} as CmsLiveEvent,
  },
  actors: {
    // Provided by ./cms-live.services.ts (the fetch of the event stream); this default never connects.
    stream: fromCallback<CmsLiveEvent, CmsLiveInput>(() => () => {}),
  },
  actions: {
    store: assign(({ context, event }) =>
      event.type === "SNAPSHOT" ? { data: conDispositivi(event.data, context.data), attempts: 0, lastError: null } : {},
    ),
    failed: assign(({ context, event }) => ({
      attempts: context.attempts + 1,
      lastError: event.type === "ERROR" ? event.message : context.lastError,
    })),
  },
  delays: {
    backoff: ({ context }) => backoffMs(context.attempts),
    stale: LIVE_TIMINGS.staleMs,
  },
}).createMachine({
  id: "cmsLive",
  context: ({ input }) => ({ eventoId: input.eventoId, data: null, attempts: 0, lastError: null }),
  initial: "online",
  states: {
    online: {
      invoke: { id: "stream", src: "stream", input: ({ context }) => ({ eventoId: context.eventoId }) },
      on: { ERROR: { target: "reconnecting", actions: "failed" }, NOT_FOUND: "notFound" },
      initial: "connecting",
      states: {
        connecting: { on: { SNAPSHOT: { target: "live", actions: "store" } } },
        live: {
          after: { stale: "stale" },
          on: {
            SNAPSHOT: { target: "live", reenter: true, actions: "store" },
            PING: { target: "live", reenter: true },
          },
        },
        stale: {
          on: { SNAPSHOT: { target: "live", actions: "store" }, PING: "live" },
        },
      },
    },
    reconnecting: { after: { backoff: "online" } },
    // Reconnecting would never find it: the screen says so and stops.
    notFound: { type: "final" },
  },
});

/** The connection's state as the screen names it. */
export type Connessione = "connecting" | "live" | "stale" | "reconnecting" | "notFound";

export function connessioneOf(value: unknown): Connessione {
  if (value === "reconnecting" || value === "notFound") return value;
  const inner = (value as { online?: string } | null)?.online;
  return inner === "live" || inner === "stale" ? inner : "connecting";
}
