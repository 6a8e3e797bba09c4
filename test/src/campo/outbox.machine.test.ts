/**
 * The field app's outbox (src/campo/machines/outbox.machine.ts, issue 33): each action is stored
 * before it is sent, sent once however often the network comes and goes, kept while there is no
 * answer, shown refused with the server's reason, held after a 401 until the guard signs in again;
 * and a recorded run replays to the same states (the traces every machine of the app keeps).
 */
import { createActor, fromPromise, waitFor } from "xstate";
import { outboxMachine, SESSIONE_SCADUTA } from "../../../src/campo/machines/outbox.machine";
import { azioneTimbratura } from "../../../src/campo/machines/outbox.services";
import { esito } from "../../../src/campo/machines/timbra.machine";
import { type Azione, isoConOffset, secondiInCoda } from "../../../src/campo/outbox/azioni";
import { createTraceRecorder, exportTrace, type TraceFile, unregisterTrace } from "../../../src/machines/trace";
import { machineTrace, replayTrace } from "../helpers/replay";

const turno = { id: 881, cliente: "Centro Le Torri", lat: 45.4642, lng: 9.19, distanza_max_m: 300 };

function azione(n: number): Azione {
  const a = azioneTimbratura(
    esito(
      { turno, tipo: n % 2 ? "uscita" : "ingresso", at: 1_790_000_000_000 + n * 1000 },
      null,
      "posizione non disponibile",
    ),
  );
  return { ...a, dati: { ...a.dati, id: a.id } };
}

/** The outbox with an in-memory archive and a server that answers as `server` says. */
function harness(server: (a: Azione) => "ok" | "offline" | "401" | "400") {
  const log: string[] = [];
  const archive = new Map<string, Azione>();
  const sent: string[] = [];
  const machine = outboxMachine.provide({
    actors: {
      carica: fromPromise<Azione[], void>(async () => [...archive.values()]),
      salva: fromPromise<Azione, Azione>(async ({ input }) => {
        log.push(`salva ${input.id}`);
        archive.set(input.id, input);
        return input;
      }),
      invia: fromPromise<Azione, Azione>(async ({ input }) => {
        log.push(`invia ${input.id}`);
        const answer = server(input);
        if (answer === "offline") throw new Error("Nessuna connessione");
        if (answer === "401") throw new Error(SESSIONE_SCADUTA);
        sent.push(input.id);
        const done: Azione =
          answer === "ok"
            ? { ...input, stato: "inviata", inviata_il: Date.now(), esito: "Registrata" }
            : { ...input, stato: "rifiutata", inviata_il: Date.now(), esito: "Turno non trovato" };
        archive.set(done.id, done);
        return done;
      }),
    },
  });
  return { machine, log, archive, sent };
}

const stati = (azioni: Azione[]) => azioni.map((a) => a.stato);

it("stores each action before sending it; offline they wait, back online each is sent exactly once", async () => {
  let online = false;
  const h = harness(() => (online ? "ok" : "offline"));
  const recorder = createTraceRecorder("campo-outbox");
  const actor = createActor(h.machine, { inspect: recorder.inspect }).start();
  const [a, b, c] = [azione(1), azione(2), azione(3)];
  for (const x of [a, b, c]) actor.send({ type: "ADD", azione: x });
  await waitFor(actor, (s) => s.context.azioni.length === 3 && s.matches({ invio: "offline" }));
  expect(h.log.indexOf(`salva ${a.id}`)).toBeLessThan(h.log.indexOf(`invia ${a.id}`));
  expect(stati(actor.getSnapshot().context.azioni)).toEqual(["in_coda", "in_coda", "in_coda"]);
  expect(h.sent).toEqual([]);

  online = true;
  actor.send({ type: "ONLINE" });
  actor.send({ type: "ONLINE" });
  actor.send({ type: "OFFLINE" });
  actor.send({ type: "ONLINE" });
  await waitFor(actor, (s) => s.context.azioni.every((x) => x.stato === "inviata"));
  expect(h.sent).toEqual([a.id, b.id, c.id]);
  expect([...h.archive.values()].map((x) => x.stato)).toEqual(["inviata", "inviata", "inviata"]);
  actor.send({ type: "ONLINE" });
  await new Promise((r) => setTimeout(r, 10));
  expect(h.sent).toHaveLength(3);
  actor.stop();

  // The recorded run replays to the same end: every action sent, in the same order. (Its two
  // regions run side by side, so the intermediate states depend on when each answer came.)
  const file = JSON.parse(exportTrace()) as TraceFile;
  unregisterTrace("campo-outbox");
  const result = await replayTrace(outboxMachine, machineTrace(file, "campo-outbox"));
  expect(result.states.at(-1)).toEqual(result.recorded.at(-1));
  const ctx = result.context as { azioni: Azione[] };
  expect(ctx.azioni.map((x) => [x.id, x.stato])).toEqual([a, b, c].map((x) => [x.id, "inviata"]));
});

it("shows a refused action with the server's reason and goes on; a 401 holds the queue until RIPRENDI", async () => {
  let expired = true;
  const bad = azione(4);
  const h = harness((x) => (x.id === bad.id ? "400" : expired ? "401" : "ok"));
  const actor = createActor(h.machine).start();
  actor.send({ type: "ADD", azione: bad });
  actor.send({ type: "ADD", azione: azione(5) });
  await waitFor(actor, (s) => s.matches({ invio: "sospeso" }));
  expect(actor.getSnapshot().context.azioni.map((x) => [x.stato, x.esito])).toEqual([
    ["rifiutata", "Turno non trovato"],
    ["in_coda", null],
  ]);
  expired = false;
  actor.send({ type: "RIPRENDI" });
  await waitFor(actor, (s) => s.context.azioni[1].stato === "inviata");
  actor.stop();
});

it("queues what a previous session left on the phone, and computes the wait and the device time", async () => {
  const h = harness(() => "ok");
  const left = azione(6);
  h.archive.set(left.id, left);
  const actor = createActor(h.machine).start();
  await waitFor(actor, (s) => s.context.azioni[0]?.stato === "inviata");
  expect(h.sent).toEqual([left.id]);
  actor.stop();
  expect(secondiInCoda({ creata_il: 1000 }, 61_500)).toBe(60);
  expect(secondiInCoda({ creata_il: 0 }, 30 * 24 * 3600 * 1000)).toBe(7 * 24 * 3600);
  expect(new Date(isoConOffset(1_790_000_000_000)).getTime()).toBe(1_790_000_000_000);
  expect(isoConOffset(1_790_000_000_000)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
});

it("flags a check-in outside the contract's distance, and one without a position", () => {
  const at = Date.now();
  const inside = esito({ turno, tipo: "ingresso", at }, { lat: 45.4643, lng: 9.19, accuratezza: 10 }, null);
  expect([inside.fuoriRaggio, inside.distanzaM]).toEqual([false, 11]);
  const outside = esito({ turno, tipo: "ingresso", at }, { lat: 45.4822, lng: 9.19, accuratezza: 10 }, null);
  expect(outside.fuoriRaggio).toBe(true);
  expect(outside.distanzaM).toBeGreaterThan(1900);
  const none = esito({ turno, tipo: "uscita", at }, null, "posizione non disponibile (permesso negato)");
  expect([none.fuoriRaggio, none.distanzaM, none.posizione]).toEqual([false, null, null]);
  const a = azioneTimbratura(none);
  expect([a.dati.lat, a.dati.lng, a.dati.accuratezza]).toEqual([null, null, null]);
});
