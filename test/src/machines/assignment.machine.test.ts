/**
 * The assignment machine with controlled calls on a SimulatedClock: the operator states, calls in
 * progress, the 2 s debounced reload that waits for the data (and is scheduled again when a change
 * settles meanwhile), refusals and warnings as notices, bulk assignment and consolidation with
 * their reports.
 */
import { createActor, SimulatedClock } from "xstate";
import type {
  AssignResult,
  BulkResult,
  ConsolidaPeriodoResult,
  ConsolidaResult,
  OperatorCall,
  OperatorePeriodoResult,
} from "../../../src/api/pianificazione/assegnazione.endpoints";
import {
  type Announcement,
  type AssignmentCalls,
  type BulkCall,
  type ConsolidationCall,
  isInProgress,
  noticeForTurno,
  type OperatorPeriodCall,
  opKey,
  type PeriodConfirmationCall,
  provideAssignmentCalls,
  RELOAD_DEBOUNCE_MS,
} from "../../../src/machines/assignment.machine";

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const flush = () => new Promise((r) => setTimeout(r, 0));

/** Calls that wait until the test settles them (the reload answers at once unless `holdReloads`). */
function controlledCalls(opts: { holdReloads?: boolean } = {}) {
  const pending: { kind: string; call: OperatorCall; flag: boolean; d: Deferred<Partial<AssignResult>> }[] = [];
  const bulks: { call: BulkCall; d: Deferred<BulkResult> }[] = [];
  const consolidations: { call: ConsolidationCall; d: Deferred<ConsolidaResult> }[] = [];
  const periods: { call: PeriodConfirmationCall; d: Deferred<ConsolidaPeriodoResult> }[] = [];
  const operatorPeriods: { call: OperatorPeriodCall; d: Deferred<OperatorePeriodoResult> }[] = [];
  const reloads: number[] = [];
  const heldReloads: Deferred<unknown>[] = [];
  const notices: unknown[] = [];
  const announcements: Announcement[] = [];
  const calls: AssignmentCalls = {
    assign: (call, add) => {
      const d = deferred<Partial<AssignResult>>();
      pending.push({ kind: "assign", call, flag: add, d });
      return d.promise;
    },
    confirm: (call, confirm) => {
      const d = deferred<Partial<AssignResult>>();
      pending.push({ kind: "confirm", call, flag: confirm, d });
      return d.promise;
    },
    bulkAssign: (call) => {
      const d = deferred<BulkResult>();
      bulks.push({ call, d });
      return d.promise;
    },
    consolidate: (call) => {
      const d = deferred<ConsolidaResult>();
      consolidations.push({ call, d });
      return d.promise;
    },
    confirmPeriod: (call) => {
      const d = deferred<ConsolidaPeriodoResult>();
      periods.push({ call, d });
      return d.promise;
    },
    operatorPeriod: (call) => {
      const d = deferred<OperatorePeriodoResult>();
      operatorPeriods.push({ call, d });
      return d.promise;
    },
    reload: async () => {
      reloads.push(Date.now());
      if (opts.holdReloads) {
        const d = deferred<unknown>();
        heldReloads.push(d);
        return d.promise;
      }
    },
    notify: (n) => notices.push(n),
    announce: (a) => announcements.push(a),
  };
  return {
    calls,
    pending,
    bulks,
    consolidations,
    periods,
    operatorPeriods,
    reloads,
    heldReloads,
    notices,
    announcements,
  };
}

function start(calls: AssignmentCalls) {
  const clock = new SimulatedClock();
  const actor = createActor(provideAssignmentCalls(calls), { input: { idContratto: 1, idServizio: 2 }, clock });
  actor.start();
  return { actor, clock };
}

const ref = { idGiorno: 10, idTurno: 20, idOperatore: 7 };
const childState = (actor: ReturnType<typeof start>["actor"], key: string) =>
  (actor.getSnapshot().children[key] as any)?.getSnapshot().value;

describe("assignment machine", () => {
  test("assign → confirm → unconfirm → unassign walks the operator states and marks the call in progress", async () => {
    const { calls, pending } = controlledCalls();
    const { actor } = start(calls);
    const key = opKey(20, 7);

    actor.send({ type: "ASSIGN", ...ref });
    expect(childState(actor, key)).toBe("assigning");
    expect(isInProgress(actor.getSnapshot().context, 20, 7)).toBe(true);
    expect(pending[0]).toMatchObject({
      kind: "assign",
      flag: true,
      call: { idContratto: 1, idServizio: 2, idGiorno: 10, idTurno: 20, idOperatore: 7 },
    });
    // A second click while the call runs is ignored.
    actor.send({ type: "ASSIGN", ...ref });
    expect(pending).toHaveLength(1);

    pending[0].d.resolve({ result: "OK" });
    await flush();
    expect(childState(actor, key)).toBe("assigned");
    expect(actor.getSnapshot().context.inProgress).toEqual([]);

    actor.send({ type: "CONFIRM", ...ref });
    expect(childState(actor, key)).toBe("confirming");
    expect(pending[1]).toMatchObject({ kind: "confirm", flag: true });
    pending[1].d.resolve({});
    await flush();
    expect(childState(actor, key)).toBe("confirmed");

    actor.send({ type: "UNCONFIRM", ...ref, status: "confirmed" });
    expect(childState(actor, key)).toBe("unconfirming");
    expect(pending[2]).toMatchObject({ kind: "confirm", flag: false });
    pending[2].d.resolve({});
    await flush();
    expect(childState(actor, key)).toBe("assigned");

    actor.send({ type: "UNASSIGN", ...ref });
    expect(childState(actor, key)).toBe("unassigning");
    expect(pending[3]).toMatchObject({ kind: "assign", flag: false });
    pending[3].d.resolve({});
    await flush();
    expect(childState(actor, key)).toBe("notAssigned");
    expect(actor.getSnapshot().context.inProgress).toEqual([]);
  });

  test("an operator the server shows confirmed starts confirmed (UNASSIGN from confirmed)", async () => {
    const { calls, pending } = controlledCalls();
    const { actor } = start(calls);
    actor.send({ type: "UNASSIGN", ...ref, status: "confirmed" });
    expect(childState(actor, opKey(20, 7))).toBe("unassigning");
    pending[0].d.reject({ status: 500, data: { detail: "Errore interno" } });
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    await flush();
    expect(childState(actor, opKey(20, 7))).toBe("confirmed");
    spy.mockRestore();
  });

  test("three changes within 2 s give ONE reload, 2 s after the last one", async () => {
    const { calls, pending, reloads } = controlledCalls();
    const { actor, clock } = start(calls);
    for (const [i, idOperatore] of [1, 2, 3].entries()) {
      actor.send({ type: "ASSIGN", ...ref, idOperatore });
      pending[i].d.resolve({});
      await flush();
      expect(actor.getSnapshot().value).toMatchObject({ reload: "scheduled" });
      clock.increment(RELOAD_DEBOUNCE_MS - 500); // 1.5 s: not yet
      await flush();
      expect(reloads).toHaveLength(0);
    }
    clock.increment(499);
    await flush();
    expect(reloads).toHaveLength(0);
    clock.increment(1);
    await flush();
    expect(reloads).toHaveLength(1);
    expect(actor.getSnapshot().value).toMatchObject({ reload: "idle" });
    expect(actor.getSnapshot().context.reloads).toBe(1);
    clock.increment(10_000);
    await flush();
    expect(reloads).toHaveLength(1);
  });

  test("a failed call is only logged: no notice, the operator goes back, a reload is still scheduled", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const { calls, pending, notices } = controlledCalls();
    const { actor } = start(calls);
    actor.send({ type: "ASSIGN", ...ref });
    pending[0].d.reject({ status: "FETCH_ERROR", error: "TypeError: Failed to fetch" });
    await flush();
    expect(childState(actor, opKey(20, 7))).toBe("notAssigned");
    expect(actor.getSnapshot().context.inProgress).toEqual([]);
    expect(actor.getSnapshot().context.notices).toEqual([]);
    expect(notices).toEqual([]);
    expect(spy).toHaveBeenCalledWith(
      expect.stringContaining("assign non riuscita"),
      expect.objectContaining({ message: "Impossibile contattare il server" }),
    );
    expect(actor.getSnapshot().value).toMatchObject({ reload: "scheduled" });
    spy.mockRestore();
  });

  test("a 409 refusal and the warnings of an accepted call become notices for the grid and the toast", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const { calls, pending, notices } = controlledCalls();
    const { actor } = start(calls);
    actor.send({ type: "ASSIGN", ...ref });
    pending[0].d.reject({
      status: 409,
      data: { detail: "L'operatore è già assegnato a un turno sovrapposto", reason: "turno_sovrapposto" },
    });
    await flush();
    const refusal = noticeForTurno(actor.getSnapshot().context, 20);
    expect(refusal).toMatchObject({ kind: "error", messages: ["L'operatore è già assegnato a un turno sovrapposto"] });
    expect(notices).toHaveLength(1);

    actor.send({ type: "ASSIGN", ...ref, idTurno: 21, idOperatore: 8 });
    pending[1].d.resolve({ result: "OK", warnings: ["Riposo inferiore a 11 ore consecutive"] });
    await flush();
    expect(noticeForTurno(actor.getSnapshot().context, 21)).toMatchObject({
      kind: "warning",
      messages: ["Riposo inferiore a 11 ore consecutive"],
    });
    expect(notices).toHaveLength(2);
    spy.mockRestore();
  });

  test("the reload lasts until the data have arrived; a change settling meanwhile schedules another one", async () => {
    const { calls, pending, reloads, heldReloads } = controlledCalls({ holdReloads: true });
    const { actor, clock } = start(calls);
    actor.send({ type: "ASSIGN", ...ref });
    pending[0].d.resolve({});
    await flush();
    clock.increment(RELOAD_DEBOUNCE_MS);
    await flush();
    expect(reloads).toHaveLength(1);
    expect(actor.getSnapshot().value).toMatchObject({ reload: "reloading" });
    clock.increment(5_000); // the data take their time: still reloading
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ reload: "reloading" });
    expect(actor.getSnapshot().context.reloads).toBe(0);

    // A confirmation settles during the reload: the data being fetched may not show it.
    actor.send({ type: "CONFIRM", ...ref, status: "assigned" });
    pending[1].d.resolve({});
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ reload: "scheduled" });
    heldReloads[0].resolve(undefined); // the stale answer arrives: it does not count as the reload
    await flush();
    expect(actor.getSnapshot().context.reloads).toBe(0);
    clock.increment(RELOAD_DEBOUNCE_MS);
    await flush();
    expect(reloads).toHaveLength(2);
    heldReloads[1].resolve(undefined);
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ reload: "idle" });
    expect(actor.getSnapshot().context.reloads).toBe(1);
  });

  test("a failed reload is logged and the machine waits for the next change", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const { calls, pending, heldReloads } = controlledCalls({ holdReloads: true });
    const { actor, clock } = start(calls);
    actor.send({ type: "ASSIGN", ...ref });
    pending[0].d.resolve({});
    await flush();
    clock.increment(RELOAD_DEBOUNCE_MS);
    await flush();
    heldReloads[0].reject(new Error("Errore 500"));
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ reload: "idle" });
    expect(actor.getSnapshot().context.reloads).toBe(0);
    expect(spy).toHaveBeenCalledWith("Assegnazione: ricaricamento del servizio non riuscito", expect.any(Error));
    spy.mockRestore();
  });

  test("bulk assignment: one call, its operators in progress, the report with the skipped ones named, one reload", async () => {
    const { calls, bulks, reloads, announcements } = controlledCalls();
    const { actor, clock } = start(calls);
    const operatori = [
      { id: 7, cognome: "Rossi", nome: "Marco" },
      { id: 8, cognome: "Neri", nome: "Anna" },
    ];
    actor.send({ type: "BULK_ASSIGN", idGiorno: 10, idTurno: 20, operatori, conferma: true });
    expect(actor.getSnapshot().value).toMatchObject({ calls: "bulkAssigning" });
    expect(bulks.map((b) => b.call)).toEqual([
      { idContratto: 1, idServizio: 2, idGiorno: 10, idTurno: 20, operatori: [7, 8], conferma: true },
    ]);
    expect(actor.getSnapshot().context.inProgress).toEqual([opKey(20, 7), opKey(20, 8)]);
    // While it runs: another bulk call and the operators' own buttons are ignored.
    actor.send({ type: "BULK_ASSIGN", idGiorno: 10, idTurno: 21, operatori, conferma: false });
    actor.send({ type: "ASSIGN", ...ref });
    expect(bulks).toHaveLength(1);
    expect(actor.getSnapshot().children[opKey(20, 7)]).toBeUndefined();

    bulks[0].d.resolve({
      assegnati: [
        { id: 7, cognome: "Rossi", nome: "Marco", confermato: true, warnings: ["Riposo inferiore a 11 ore"] },
      ],
      falliti: [{ id: 8, detail: "L'operatore è in black list", reason: "black_list" }],
    });
    await flush();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().value).toEqual({ calls: "ready", reload: "scheduled" });
    expect(context.inProgress).toEqual([]);
    expect(context.bulk["20"]).toEqual({
      idTurno: "20",
      conferma: true,
      assegnati: [
        { id: 7, cognome: "Rossi", nome: "Marco", confermato: true, warnings: ["Riposo inferiore a 11 ore"] },
      ],
      scartati: [{ id: 8, cognome: "Neri", nome: "Anna", detail: "L'operatore è in black list", reason: "black_list" }],
    });
    expect(announcements).toEqual([{ kind: "bulk", report: context.bulk["20"] }]);
    clock.increment(RELOAD_DEBOUNCE_MS);
    await flush();
    expect(reloads).toHaveLength(1);
  });

  test("a bulk call without operators is not sent; a failed one is announced and still reloads", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const { calls, bulks, announcements } = controlledCalls();
    const { actor } = start(calls);
    actor.send({ type: "BULK_ASSIGN", idGiorno: 10, idTurno: 20, operatori: [], conferma: false });
    expect(bulks).toHaveLength(0);
    expect(actor.getSnapshot().value).toMatchObject({ calls: "ready" });

    actor.send({
      type: "BULK_ASSIGN",
      idGiorno: 10,
      idTurno: 20,
      operatori: [{ id: 7, cognome: "Rossi", nome: "Marco" }],
      conferma: false,
    });
    bulks[0].d.reject({ status: 500, data: { detail: "Errore interno" } });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ calls: "ready", reload: "scheduled" });
    expect(actor.getSnapshot().context.inProgress).toEqual([]);
    expect(actor.getSnapshot().context.bulk).toEqual({});
    expect(announcements).toEqual([
      { kind: "failed", call: "bulk", failure: { status: 500, message: "Errore interno", reason: null } },
    ]);
    expect(spy).toHaveBeenCalledWith("Assegnazione: assegnazione multipla non riuscita", expect.anything());
    spy.mockRestore();
  });

  test("consolidation of a day or a shift: the report of what is still uncovered, then the reload", async () => {
    const { calls, consolidations, reloads, announcements } = controlledCalls();
    const { actor, clock } = start(calls);
    actor.send({ type: "CONSOLIDATE", idGiorno: 10 });
    expect(actor.getSnapshot().value).toMatchObject({ calls: "consolidating" });
    actor.send({ type: "CONSOLIDATE", idGiorno: 10 });
    expect(consolidations.map((c) => c.call)).toEqual([{ idContratto: 1, idServizio: 2, idGiorno: 10 }]);
    const scoperto = {
      turno_id: 21,
      giorno: "2026-03-02",
      inizio_f1: "14:00:00",
      fine_f1: "22:00:00",
      inizio_f2: null,
      fine_f2: null,
      posizione: "Guardia particolare giurata",
      operatori_richiesti: 2,
      assegnati: 1,
      mancanti: 1,
    };
    consolidations[0].d.resolve({ result: "OK", confermati: 3, scoperti: [scoperto] });
    await flush();
    expect(actor.getSnapshot().context.consolidation).toEqual({
      idGiorno: "10",
      idTurno: null,
      confermati: 3,
      scoperti: [scoperto],
    });
    expect(announcements.map((a) => a.kind)).toEqual(["consolidation"]);
    clock.increment(RELOAD_DEBOUNCE_MS);
    await flush();
    expect(reloads).toHaveLength(1);

    actor.send({ type: "CONSOLIDATE", idGiorno: 10, idTurno: 21 });
    expect(consolidations[1].call).toEqual({ idContratto: 1, idServizio: 2, idGiorno: 10, idTurno: 21 });
  });

  test("OPERATOR_PERIOD is the machine's call too: the operator's places in progress, a report, the debounced reload (issue 31 item 3)", async () => {
    const { calls, operatorPeriods, reloads, announcements } = controlledCalls();
    const { actor, clock } = start(calls);
    const keys = [opKey(20, 5), opKey(21, 5)];
    const operatore = { id: 5, cognome: "Marino", nome: "Davide" };
    actor.send({
      type: "OPERATOR_PERIOD",
      operatore,
      dal: "2026-03-01",
      al: "2026-03-31",
      azione: "rimuovi",
      conferma: false,
      keys,
    });
    expect(actor.getSnapshot().value).toMatchObject({ calls: "operatingPeriod" });
    expect(actor.getSnapshot().context.inProgress).toEqual(keys);
    // one at a time: a bulk call meanwhile is ignored
    actor.send({ type: "BULK_ASSIGN", idGiorno: 10, idTurno: 20, operatori: [operatore], conferma: false });
    expect(operatorPeriods.map((p) => p.call)).toEqual([
      {
        idContratto: 1,
        idServizio: 2,
        operatore: 5,
        dal: "2026-03-01",
        al: "2026-03-31",
        azione: "rimuovi",
        conferma: false,
      },
    ]);
    const saltato = {
      turno_id: 21,
      giorno: "2026-03-03",
      orario: "08:00–14:00",
      detail: "Giorno passato",
      reason: null,
    };
    operatorPeriods[0].d.resolve({
      eseguiti: [{ turno_id: 20, giorno: "2026-03-02", orario: "08:00–14:00", warnings: [] }],
      saltati: [saltato],
    } as OperatorePeriodoResult);
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ calls: "ready" });
    expect(actor.getSnapshot().context.inProgress).toEqual([]);
    expect(actor.getSnapshot().context.operatorPeriod).toMatchObject({
      operatore,
      azione: "rimuovi",
      saltati: [saltato],
    });
    expect(announcements.map((a) => a.kind)).toEqual(["operatorPeriod"]);
    clock.increment(RELOAD_DEBOUNCE_MS);
    await flush();
    expect(reloads).toHaveLength(1);
  });

  test("RELOAD_NOW (a change of the plan: a shift added, a proposal accepted) reloads at once through the same region, and again for a change settled meanwhile", async () => {
    const { calls, pending, reloads, heldReloads } = controlledCalls({ holdReloads: true });
    const { actor } = start(calls);
    actor.send({ type: "RELOAD_NOW" });
    await flush();
    expect(reloads).toHaveLength(1);
    expect(actor.getSnapshot().value).toMatchObject({ reload: "reloading" });
    // an assignment settling while the plan's reload runs is reloaded after it
    actor.send({ type: "ASSIGN", ...ref });
    pending[0].d.resolve({ warnings: [] });
    await flush();
    heldReloads[0].resolve(undefined);
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ reload: "scheduled" });
  });

  test("CONFIRM_PERIOD confirms a week in one call: its operators in progress, one report, one debounced reload (issue 32 item 6)", async () => {
    const { calls, periods, reloads, announcements } = controlledCalls();
    const { actor, clock } = start(calls);
    const keys = [opKey(20, 7), opKey(20, 8), opKey(21, 7)];
    actor.send({ type: "CONFIRM_PERIOD", dal: "2026-03-02", al: "2026-03-08", keys });
    expect(actor.getSnapshot().value).toMatchObject({ calls: "confirmingPeriod" });
    expect(actor.getSnapshot().context.inProgress).toEqual(keys);
    // One at a time: a second click while it runs is ignored.
    actor.send({ type: "CONFIRM_PERIOD", dal: "2026-03-02", al: "2026-03-08", keys });
    actor.send({ type: "CONSOLIDATE", idGiorno: 10 });
    expect(periods.map((p) => p.call)).toEqual([
      { idContratto: 1, idServizio: 2, dal: "2026-03-02", al: "2026-03-08" },
    ]);
    const saltato = {
      turno_id: 21,
      giorno: "2026-03-02",
      operatore_id: 7,
      cognome: "Rossi",
      nome: "Anna",
      detail: "Il giorno è già passato",
    };
    periods[0].d.resolve({ result: "OK", confermati: 2, saltati: [saltato], scoperti: [] });
    await flush();
    expect(actor.getSnapshot().value).toMatchObject({ calls: "ready" });
    expect(actor.getSnapshot().context.inProgress).toEqual([]);
    expect(actor.getSnapshot().context.periodConfirmation).toEqual({
      dal: "2026-03-02",
      al: "2026-03-08",
      confermati: 2,
      saltati: [saltato],
      scoperti: [],
    });
    expect(announcements.map((a) => a.kind)).toEqual(["period"]);
    clock.increment(RELOAD_DEBOUNCE_MS - 1);
    await flush();
    expect(reloads).toHaveLength(0);
    clock.increment(1);
    await flush();
    expect(reloads).toHaveLength(1);

    // A refused call frees its operators and is announced as failed.
    actor.send({
      type: "CONFIRM_PERIOD",
      dal: "2026-03-09",
      al: "2026-03-15",
      deroga: "Verificato",
      keys: [opKey(22, 7)],
    });
    expect(periods[1].call).toMatchObject({ deroga: "Verificato" });
    periods[1].d.reject({ status: 403, data: { detail: "Non disponi del permesso di derogare" } });
    await flush();
    expect(actor.getSnapshot().context.inProgress).toEqual([]);
    expect(announcements.at(-1)).toMatchObject({ kind: "failed", call: "period" });
  });
});
