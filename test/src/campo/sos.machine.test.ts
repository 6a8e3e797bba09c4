/**
 * The SOS on the phone (src/campo/machines/sos.machine.ts, issue 33 item 6): let go before 2 s and
 * nothing is queued; held 2 s it queues one alarm (its UUID is the request's id, the device time,
 * the position or none); a visible SOS then reads its state until the office takes it ("ricevuto da
 * …"); a silent one goes back to rest at once, showing nothing.
 */
import { createActor, fromPromise } from "xstate";
import { CONTROLLO_MS, sosMachine, TENUTA_MS } from "../../../src/campo/machines/sos.machine";
import type { Posizione } from "../../../src/campo/machines/timbra.machine";
import type { AzioneAllarme } from "../../../src/campo/outbox/azioni";
import type { AppAllarme } from "../../../src/domain/contracts/console/allarmi/schemas";

function harness(opts: { posizione: Posizione | null; stati: AppAllarme["stato"][] }) {
  const accodate: AzioneAllarme[] = [];
  const letture: string[] = [];
  const stati = [...opts.stati];
  const machine = sosMachine.provide({
    actors: {
      leggiPosizione: fromPromise<Posizione, void>(async () => {
        if (!opts.posizione) throw new Error("posizione non disponibile");
        return opts.posizione;
      }),
      stato: fromPromise<AppAllarme, string>(async ({ input }) => {
        letture.push(input);
        const stato = stati.shift() ?? "aperto";
        return {
          id: input,
          stato,
          data_ora: "2026-11-29 10:00:00",
          ricevuto_il: "2026-11-29 10:00:01",
          silenzioso: false,
          preso_da: stato === "aperto" ? null : "Lucia Neri",
          preso_il: stato === "aperto" ? null : "2026-11-29 10:00:30",
        };
      }),
    },
    actions: { accoda: (_, { azione }) => accodate.push(azione) },
  });
  return { actor: createActor(machine).start(), accodate, letture };
}

const flush = () => jest.advanceTimersByTimeAsync(0);

describe("SOS machine", () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date("2026-11-29T09:00:00Z") }));
  afterEach(() => jest.useRealTimers());

  it("sends nothing when let go before 2 s", async () => {
    const { actor, accodate } = harness({ posizione: null, stati: [] });
    actor.send({ type: "PREMI", silenzioso: false });
    expect(actor.getSnapshot().value).toBe("tenendo");
    await jest.advanceTimersByTimeAsync(TENUTA_MS - 100);
    actor.send({ type: "RILASCIA" });
    await jest.advanceTimersByTimeAsync(TENUTA_MS);
    expect(actor.getSnapshot().value).toBe("pronto");
    expect(accodate).toEqual([]);
    actor.stop();
  });

  it("held 2 s queues one alarm with the position, then reads it until the office takes it", async () => {
    const { actor, accodate, letture } = harness({
      posizione: { lat: 45.46, lng: 9.19, accuratezza: 12 },
      stati: ["aperto", "preso_in_carico"],
    });
    actor.send({ type: "PREMI", silenzioso: false });
    await jest.advanceTimersByTimeAsync(TENUTA_MS);
    await flush();
    expect(accodate).toHaveLength(1);
    const a = accodate[0];
    expect(a.dati).toMatchObject({ id: a.id, lat: 45.46, lng: 9.19, accuratezza: 12, silenzioso: false });
    expect(a.dati.data_ora).toBe("2026-11-29T10:00:02+01:00");
    expect(actor.getSnapshot().value).toBe("attesa");
    await jest.advanceTimersByTimeAsync(CONTROLLO_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe("attesa");
    await jest.advanceTimersByTimeAsync(CONTROLLO_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe("ricevuto");
    expect(actor.getSnapshot().context.presoDa).toBe("Lucia Neri");
    expect(letture).toEqual([a.id, a.id]);
    actor.send({ type: "CHIUDI" });
    expect(actor.getSnapshot().value).toBe("pronto");
    actor.stop();
  });

  it("the silent SOS goes without a position when there is none and shows nothing afterwards", async () => {
    const { actor, accodate, letture } = harness({ posizione: null, stati: [] });
    actor.send({ type: "PREMI", silenzioso: true });
    await jest.advanceTimersByTimeAsync(TENUTA_MS);
    await flush();
    expect(accodate.map((a) => [a.dati.silenzioso, a.dati.lat])).toEqual([[true, null]]);
    expect(actor.getSnapshot().value).toBe("pronto");
    expect(actor.getSnapshot().context.azione).toBeNull();
    await jest.advanceTimersByTimeAsync(CONTROLLO_MS * 3);
    expect(letture).toEqual([]);
    actor.stop();
  });
});
