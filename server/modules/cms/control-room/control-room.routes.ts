/**
 * /api/cms/control-room/ — what the control room reads (cms_view_control_room, and every cms_
 * capability that reads the CMS).
 *   GET /eventi/?periodo=passati|in-corso|futuri   the events grouped by time (the eventi list)
 *   GET /eventi/{id}/                              the event's live picture (ControlRoomOut)
 *   GET /eventi/{id}/live/                         the same picture pushed as Server-Sent Events:
 *                                                  `event: snapshot` at once and within a second of
 *                                                  each count, whichever process received it (./live-hub.ts)
 *
 * A stream is a standing permission (issue 30 items 2 and 3), so it is bounded:
 * - it ends when its user's token or permission goes (logout, deactivation, a permission removed:
 *   the 'erp_auth' NOTIFY, any process), is re-checked every LIVE.recheckMs anyway, and lasts at
 *   most LIVE.maxLifetimeMs (the SPA reconnects: src/machines/cms-live);
 * - a reader that does not read holds at most one picture: when the socket's buffer is full the
 *   newest picture waits for 'drain' (older ones are dropped), and a stream behind for more than
 *   LIVE.behindMs is closed — memory stays flat whatever the client does;
 * - LIVE.perUser streams per user (429) and LIVE.perProcess per server process (503 + Retry-After).
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  type ControlRoom,
  ControlRoomOut,
  IdParams,
  LiveStreamOut,
} from "../../../../src/domain/contracts/cms/control-room";
import { EventoRow } from "../../../../src/domain/contracts/cms/eventi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { HttpError, serviceUnavailable } from "../../../lib/errors";
import { registerListRoute } from "../../../lib/list";
import { currentUser, readToken } from "../../../plugins/auth-guard";
import { eventiList } from "../eventi/eventi.list";
import { controlRoom } from "./control-room.service";
import { createLiveHub } from "./live-hub";

const tags = ["cms"];
const READ = CAPABILITIES.cmsControlRoom;

export const LIVE = {
  recheckMs: 60_000,
  maxLifetimeMs: 60 * 60_000,
  behindMs: 10_000,
  perUser: 5,
  perProcess: 200,
  /** How often a stream looks at its state (behind, lifetime, re-check due). */
  tickMs: 5_000,
} as const;

export const TROPPE_DIRETTE_UTENTE = `Hai già ${LIVE.perUser} control room aperte in diretta: chiudine una e riprova`;
export const TROPPE_DIRETTE_SERVER = "Troppi collegamenti in diretta su questo server: riprova tra poco";

/**
 * A picture as an SSE message, serialised once however many streams watch the event: the hub
 * hands the same object to each of them (measured: 30 streams serialising each picture on their
 * own put the health check's p50 from 2 to 17 ms, server/bench/RESULTS-cms-flood.md).
 */
const serialised = new WeakMap<ControlRoom, string>();
function sseSnapshot(picture: ControlRoom): string {
  let text = serialised.get(picture);
  if (text === undefined) {
    text = `event: snapshot\ndata: ${JSON.stringify(picture)}\n\n`;
    serialised.set(picture, text);
  }
  return text;
}

/**
 * What a stream closed by the server's stop (SIGTERM, a restart) writes last: the SSE reconnection
 * time, so a client reconnects after it — to another process or replica, or this one restarted.
 */
export const SSE_RETRY_ON_STOP = "retry: 5000\n\n";

interface Stream {
  userId: number;
  token: string;
  end: (stopping?: boolean) => void;
  recheck: () => void;
}

export const controlRoomRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const hub = await createLiveHub(base);
  const streams = new Set<Stream>();
  // A user's token or permissions changed (here or in another process): their streams re-check now.
  const stopListening = base.onAuthChange((userId) => {
    for (const st of [...streams]) if (userId === null || st.userId === userId) st.recheck();
  });
  // Before the server waits for its connections to end: end the open streams.
  base.addHook("preClose", async () => {
    stopListening();
    for (const st of [...streams]) st.end(true);
    await hub.close();
  });

  registerListRoute(app, "/eventi/", eventiList, {
    permissions: READ,
    tags,
    summary: "Eventi della control room (periodo: passati, in-corso, futuri)",
    row: EventoRow,
  });

  app.get(
    "/eventi/:id/",
    {
      config: { permissions: READ },
      schema: { tags, summary: "Affluenza dell'evento", params: IdParams, response: { 200: ControlRoomOut } },
    },
    async (request) => controlRoom(app.db, request.params.id, app.clock()),
  );

  app.get(
    "/eventi/:id/live/",
    {
      config: { permissions: READ },
      schema: {
        tags,
        summary: "Affluenza dell'evento in diretta (Server-Sent Events: snapshot a ogni conteggio)",
        params: IdParams,
        response: { 200: LiveStreamOut },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const user = currentUser(request);
      const token = readToken(request) as string;
      if ([...streams].filter((st) => st.userId === user.id).length >= LIVE.perUser) {
        throw new HttpError(429, TROPPE_DIRETTE_UTENTE, undefined, { "Retry-After": "60" });
      }
      if (streams.size >= LIVE.perProcess) throw serviceUnavailable(30, TROPPE_DIRETTE_SERVER);
      const first = await controlRoom(app.db, id, app.clock()); // a 404 before the stream opens
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const opened = Date.now();
      let lastCheck = opened;
      let behindSince: number | null = null;
      let waiting: ControlRoom | undefined;
      const write = (picture: ControlRoom) => {
        if (raw.writableEnded) return;
        if (behindSince !== null) {
          // Only the newest picture waits for 'drain' (with the newest device list among those dropped).
          waiting = waiting ? { ...picture, dispositivi: picture.dispositivi ?? waiting.dispositivi } : picture;
          return;
        }
        if (!raw.write(sseSnapshot(picture))) behindSince = Date.now();
      };
      raw.on("drain", () => {
        behindSince = null;
        if (waiting !== undefined) {
          const p = waiting;
          waiting = undefined;
          write(p);
        }
      });
      write(first);
      const unwatch = hub.watch(id, write);
      const counted = base.metrics.streamOpened("control-room");
      const stream: Stream = {
        userId: user.id,
        token,
        end: (stopping = false) => {
          clearInterval(tick);
          unwatch();
          counted();
          streams.delete(stream);
          if (!raw.writableEnded) raw.end(stopping ? SSE_RETRY_ON_STOP : undefined);
        },
        recheck: () => {
          lastCheck = Date.now();
          app.staffStillAllowed(token, READ).then(
            (ok) => ok || stream.end(),
            () => stream.end(),
          );
        },
      };
      const tick = setInterval(() => {
        const now = Date.now();
        if (now - opened > LIVE.maxLifetimeMs) return stream.end();
        if (behindSince !== null && now - behindSince > LIVE.behindMs) return stream.end();
        if (now - lastCheck > LIVE.recheckMs) stream.recheck();
      }, LIVE.tickMs);
      tick.unref();
      streams.add(stream);
      request.raw.on("close", stream.end);
    },
  );
};
