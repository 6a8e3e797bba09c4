/**
 * /api/cms/control-room/ — what the control room reads (cms_view_control_room, and every cms_
 * capability that reads the CMS).
 *   GET /eventi/?periodo=passati|in-corso|futuri   the events grouped by time (the eventi list)
 *   GET /eventi/{id}/                              the event's live picture (ControlRoomOut)
 *   GET /eventi/{id}/live/                         the same picture pushed as Server-Sent Events:
 *                                                  `event: snapshot` at once and within a second of
 *                                                  each count, whichever process received it (./live-hub.ts)
 */
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ControlRoomOut, IdParams, LiveStreamOut } from "../../../../src/domain/contracts/cms/control-room";
import { EventoRow } from "../../../../src/domain/contracts/cms/eventi";
import { CAPABILITIES } from "../../../../src/domain/permissions";
import { registerListRoute } from "../../../lib/list";
import { eventiList } from "../eventi/eventi.list";
import { controlRoom } from "./control-room.service";
import { createLiveHub } from "./live-hub";

const tags = ["cms"];
const READ = CAPABILITIES.cmsControlRoom;

export const controlRoomRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const hub = await createLiveHub(base);
  const streams = new Set<() => void>();
  // Before the server waits for its connections to end: end the open streams.
  base.addHook("preClose", async () => {
    for (const end of [...streams]) end();
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
      const first = await controlRoom(app.db, id, app.clock()); // a 404 before the stream opens
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      const send = (picture: unknown) => raw.write(`event: snapshot\ndata: ${JSON.stringify(picture)}\n\n`);
      send(first);
      const unwatch = hub.watch(id, send);
      const end = () => {
        unwatch();
        streams.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      streams.add(end);
      request.raw.on("close", end);
    },
  );
};
