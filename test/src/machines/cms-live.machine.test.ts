/**
 * Issue 30 item 2: a pushed picture carries the devices' summary and the device list only when it
 * changed; the control room keeps showing the last list it received.
 */
import { createActor, fromCallback } from "xstate";
import { pictureOf } from "../../../mocks/fixtures/cms";
import { db } from "../../../mocks/store";
import { type CmsLiveEvent, type CmsLiveInput, cmsLiveMachine } from "../../../src/machines/cms-live.machine";

describe("cms live machine", () => {
  it("keeps the last device list when a picture comes without one", () => {
    let send: (e: CmsLiveEvent) => void = () => {};
    const stream = fromCallback<CmsLiveEvent, CmsLiveInput>(({ sendBack }) => {
      send = sendBack;
      return () => {};
    });
    const actor = createActor(cmsLiveMachine.provide({ actors: { stream } }), { input: { eventoId: 1 } }).start();
    const full = pictureOf(db.cmsEventi[0], [100, 50]);
    send({ type: "SNAPSHOT", data: full });
    expect(actor.getSnapshot().context.data?.dispositivi.map((d) => d.codice)).toEqual(["CP-001", "CP-002"]);

    const { dispositivi: _, ...senza } = pictureOf(db.cmsEventi[0], [120, 50]);
    send({ type: "SNAPSHOT", data: senza });
    const data = actor.getSnapshot().context.data;
    expect(data?.totale.presenti).toBe(170);
    expect(data?.dispositivi.map((d) => d.codice)).toEqual(["CP-001", "CP-002"]);

    send({ type: "SNAPSHOT", data: { ...senza, dispositivi: [] } });
    expect(actor.getSnapshot().context.data?.dispositivi).toEqual([]);
    actor.stop();
  });
});
