/**
 * The steward's counter (src/campo/steward/contatore.machine.ts, issue 33): 50 taps offline are all
 * stored on the phone and reach the server exactly once when the network returns — also when an
 * answer is lost and the batch goes again, and after the app is closed and reopened (the phone's
 * store keeps the counts and each device's last seq); a recorded run replays to the same end.
 */
import { createActor, fromPromise, waitFor } from "xstate";
import type { ArchivioConteggi, StatoSalvato } from "../../../src/campo/steward/archivio";
import { contatoreMachine, type ErroreInvio, type EsitoInvio } from "../../../src/campo/steward/contatore.machine";
import { type ContoSalvato, prossimoLotto, saldoInAttesa } from "../../../src/campo/steward/conteggi";
import type { AppCmsEventoOut } from "../../../src/domain/contracts/cms/app";
import { createTraceRecorder, exportTrace, type TraceFile, unregisterTrace } from "../../../src/machines/trace";
import { machineTrace, replayTrace } from "../helpers/replay";

const EVENTO: AppCmsEventoOut = {
  id: 1,
  titolo: "Concerto",
  soglia_attenzione: 80,
  soglia_massima: 95,
  totale: { presenti: 0, ingressi: 0, uscite: 0, capienza: 100 },
  varchi: [],
};

/** An in-memory phone store, and a server that records each (device, seq) once. */
function harness() {
  const phone: StatoSalvato = { base: null, seq: {}, attesa: [] };
  const archivio: ArchivioConteggi = {
    async carica() {
      return { base: phone.base, seq: { ...phone.seq }, attesa: [...phone.attesa] };
    },
    async salva(conti, seq, base) {
      phone.attesa.push(...conti);
      phone.seq = { ...seq };
      phone.base = base;
    },
    async elimina(chiavi) {
      phone.attesa = phone.attesa.filter((c) => !chiavi.includes(c.chiave));
    },
  };
  const server = new Map<string, ContoSalvato>();
  const net = { online: false, loseNextAnswer: false, batches: [] as number[] };
  const machine = (ultimiSeq: Record<string, number> = {}) => ({
    machine: contatoreMachine.provide({
      actors: {
        carica: fromPromise<StatoSalvato, void>(() => archivio.carica()),
        salva: fromPromise<void, { conti: ContoSalvato[]; seq: Record<string, number>; base: string }>(({ input }) =>
          archivio.salva(input.conti, input.seq, input.base),
        ),
        invia: fromPromise<EsitoInvio, ContoSalvato[]>(async ({ input }) => {
          if (!net.online) throw { tipo: "rete", message: "Nessuna connessione" } satisfies ErroreInvio;
          net.batches.push(input.length);
          for (const c of input) if (!server.has(c.chiave)) server.set(c.chiave, c);
          if (net.loseNextAnswer) {
            net.loseNextAnswer = false;
            throw { tipo: "rete", message: "Timeout" } satisfies ErroreInvio;
          }
          const chiavi = input.map((c) => c.chiave);
          await archivio.elimina(chiavi);
          return { chiavi, evento: null };
        }),
        leggiEvento: fromPromise<AppCmsEventoOut, void>(async () => EVENTO),
      },
    }),
    input: { varcoId: 11 as number | null, varchi: [11, 12], ultimiSeq, baseNuova: "PHONE1" },
  });
  const presenti = () => [...server.values()].reduce((n, c) => n + c.in - c.out, 0);
  return { phone, server, net, machine, presenti };
}

it("50 taps offline: all stored, none sent; back online each reaches the server once, in batches", async () => {
  const h = harness();
  const recorder = createTraceRecorder("campo-contatore");
  const { machine, input } = h.machine();
  const actor = createActor(machine, { input, inspect: recorder.inspect }).start();
  await waitFor(actor, (s) => s.context.caricato);
  for (let i = 0; i < 50; i++) {
    actor.send({ type: "TAP", delta: 1, at: 1_790_000_000_000 + i * 100 });
    await waitFor(actor, (s) => s.context.attesa.length === i + 1);
  }
  await waitFor(actor, (s) => s.context.attesa.length === 50 && s.matches({ invio: "offline" }));
  expect(h.phone.attesa.map((c) => c.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  expect(h.phone.attesa.every((c) => c.device_id === "APP-PHONE1-11")).toBe(true);
  expect(saldoInAttesa(actor.getSnapshot().context.attesa, 11)).toBe(50);
  expect(h.server.size).toBe(0);

  h.net.online = true;
  h.net.loseNextAnswer = true; // the server records the batch, its answer never arrives
  actor.send({ type: "ONLINE" });
  await waitFor(actor, (s) => h.net.batches.length === 1 && s.matches({ invio: "offline" }));
  expect(actor.getSnapshot().context.attesa).toHaveLength(50); // no answer: kept, sent again
  actor.send({ type: "ONLINE" });
  await waitFor(actor, (s) => s.context.attesa.length === 0 && s.matches({ invio: "attesa" }));
  expect(h.net.batches).toEqual([50, 50]);
  expect(h.server.size).toBe(50);
  expect(h.presenti()).toBe(50);
  expect(h.phone.attesa).toEqual([]);
  actor.stop();

  const file = JSON.parse(exportTrace()) as TraceFile;
  unregisterTrace("campo-contatore");
  const result = await replayTrace(contatoreMachine, machineTrace(file, "campo-contatore"));
  expect(result.states.at(-1)).toEqual(result.recorded.at(-1));
  expect((result.context as { attesa: unknown[]; inviati: number }).inviati).toBe(50);
  expect((result.context as { attesa: unknown[] }).attesa).toEqual([]);
});

it("a reload offline keeps the taps and goes on numbering; −1 and +5 count as they say", async () => {
  const h = harness();
  const first = h.machine();
  const a = createActor(first.machine, { input: first.input }).start();
  for (const delta of [1, 1, 5, -1]) a.send({ type: "TAP", delta, at: 1_790_000_000_000 });
  await waitFor(a, (s) => s.context.attesa.length === 4);
  a.stop();

  // The app opened again (another base offered: the phone's stored one wins); the server had
  // already received seq 3 from this device before (the sign-in's ultimo_seq): numbering goes on from 4.
  const second = h.machine({ "APP-PHONE1-11": 3 });
  const b = createActor(second.machine, { input: { ...second.input, baseNuova: "OTHER" } }).start();
  await waitFor(b, (s) => s.context.caricato);
  b.send({ type: "TAP", delta: 1, at: 1_790_000_001_000 });
  await waitFor(b, (s) => s.context.attesa.length === 5);
  expect(b.getSnapshot().context.attesa.map((c) => [c.device_id, c.seq, c.in, c.out])).toEqual([
    ["APP-PHONE1-11", 1, 1, 0],
    ["APP-PHONE1-11", 2, 1, 0],
    ["APP-PHONE1-11", 3, 5, 0],
    ["APP-PHONE1-11", 4, 0, 1],
    ["APP-PHONE1-11", 5, 1, 0],
  ]);
  h.net.online = true;
  b.send({ type: "ONLINE" });
  await waitFor(b, (s) => s.context.attesa.length === 0, { timeout: 10_000 });
  expect(h.presenti()).toBe(7);
  b.stop();
});

it("counts left by a sign-in to another event wait on the phone and do not block this event's", async () => {
  const h = harness();
  const other = h.machine();
  const a = createActor(other.machine, { input: { ...other.input, varcoId: 99, varchi: [99] } }).start();
  a.send({ type: "TAP", delta: 1, at: 1_790_000_000_000 });
  await waitFor(a, (s) => s.context.attesa.length === 1);
  a.stop();
  h.net.online = true;
  const mine = h.machine();
  const b = createActor(mine.machine, { input: mine.input }).start();
  await waitFor(b, (s) => s.context.caricato);
  b.send({ type: "TAP", delta: 1, at: 1_790_000_001_000 });
  await waitFor(b, (s) => s.context.inviati === 1);
  expect([...h.server.values()].map((c) => c.varco_id)).toEqual([11]);
  expect(b.getSnapshot().context.attesa.map((c) => c.varco_id)).toEqual([99]);
  expect(h.phone.attesa.map((c) => c.varco_id)).toEqual([99]);
  b.stop();
});

it("a batch is one gate's counts, oldest gate first, at most 500", () => {
  const c = (varco: number, seq: number): ContoSalvato => ({
    chiave: `D${varco}:${seq}`,
    varco_id: varco,
    device_id: `D${varco}`,
    seq,
    in: 1,
    out: 0,
    at: "2026-07-10T19:00:00.000Z",
  });
  const attesa = [c(2, 1), c(3, 1), c(2, 2), ...Array.from({ length: 600 }, (_, i) => c(2, i + 3))];
  const lotto = prossimoLotto(attesa);
  expect(lotto).toHaveLength(500);
  expect(lotto.every((x) => x.varco_id === 2)).toBe(true);
  expect(lotto.slice(0, 3).map((x) => x.seq)).toEqual([1, 2, 3]);
});
