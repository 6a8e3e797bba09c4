/**
 * A round on the phone (src/campo/ronde/ronda.machine.ts, issue 34): each scan reads the position
 * once and is queued in the outbox whatever came of it — with the started round's id, the point's
 * name when the round knows the code, the method, the device time, the position or none (the
 * server flags, the phone never refuses); without a round started the scan goes without one.
 */
import { createActor, fromPromise } from "xstate";
import type { Posizione } from "../../../src/campo/machines/timbra.machine";
import type { Azione, AzionePassaggio } from "../../../src/campo/outbox/azioni";
import { rondaMachine } from "../../../src/campo/ronde/ronda.machine";
import { azionePassaggio } from "../../../src/campo/ronde/ronda.services";
import type { Ronda } from "../../../src/domain/contracts/pianificazione/ronde/schemas";

const RONDA: Ronda = {
  id: 7,
  piano: "Giro notturno",
  servizio_id: 1,
  turno_id: 3,
  previsto_il: "2026-07-10 22:00:00",
  fine_finestra: "2026-07-11 00:00:00",
  tolleranza_minuti: 15,
  ordinata: false,
  stato: "prevista",
  iniziata_il: null,
  finita_il: null,
  operatore: null,
  fuori_ordine: false,
  punti: [
    {
      id: 1,
      nome: "Cancello nord",
      codice: "RP-0000000001",
      istruzioni: "",
      passato_il: null,
      metodo: null,
      segnalato: false,
    },
  ],
  punti_mancanti: [],
};

function harness(posizione: Posizione | null) {
  const accodate: Azione[] = [];
  let n = 0;
  const machine = rondaMachine.provide({
    actors: {
      leggiPosizione: fromPromise<Posizione, void>(async () => {
        if (!posizione) throw new Error("posizione non disponibile (permesso negato)");
        return posizione;
      }),
    },
    actions: {
      accoda: (_, { esito }) =>
        accodate.push(azionePassaggio(esito, () => `00000000-0000-4000-8000-00000000000${++n}`)),
    },
  });
  return { actor: createActor(machine).start(), accodate };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe("round machine", () => {
  it("queues a scan of the started round with its point, method, device time and position", async () => {
    const { actor, accodate } = harness({ lat: 45.4642, lng: 9.19, accuratezza: 8 });
    actor.send({ type: "AVVIA", ronda: RONDA });
    const at = Date.parse("2026-07-10T20:05:00Z");
    actor.send({ type: "PASSAGGIO", codice: "rp-0000000001", metodo: "qr", at });
    expect(actor.getSnapshot().value).toBe("posizione");
    await flush();
    expect(actor.getSnapshot().value).toBe("pronto");
    const a = accodate[0] as AzionePassaggio;
    expect(a).toMatchObject({
      tipo: "passaggio",
      id: "00000000-0000-4000-8000-000000000001",
      etichetta: "Passaggio · Cancello nord",
      stato: "in_coda",
      creata_il: at,
    });
    expect(a.dati).toMatchObject({
      id: "00000000-0000-4000-8000-000000000001",
      ronda_id: 7,
      codice: "rp-0000000001",
      metodo: "qr",
      lat: 45.4642,
      lng: 9.19,
      accuratezza: 8,
    });
    expect(Date.parse(a.dati.data_ora)).toBe(at);
    expect(actor.getSnapshot().context.ultimo?.punto).toBe("Cancello nord");
    actor.stop();
  });

  it("queues a typed code without a position and without a round: never refused on the phone", async () => {
    const { actor, accodate } = harness(null);
    actor.send({ type: "PASSAGGIO", codice: " RP-ZZZZZZZZZZ ", metodo: "manuale", at: Date.now() });
    await flush();
    const a = accodate[0] as AzionePassaggio;
    expect(a.dati).toMatchObject({
      ronda_id: null,
      codice: "RP-ZZZZZZZZZZ",
      metodo: "manuale",
      lat: null,
      lng: null,
      accuratezza: null,
    });
    expect(a.etichetta).toBe("Passaggio · RP-ZZZZZZZZZZ");
    expect(actor.getSnapshot().context.ultimo?.motivo).toBe("posizione non disponibile (permesso negato)");
    actor.send({ type: "TERMINA" });
    expect(actor.getSnapshot().context.attiva).toBeNull();
    actor.stop();
  });
});
