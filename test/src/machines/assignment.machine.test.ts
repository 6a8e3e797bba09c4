import { createActor, SimulatedClock } from "xstate";
import type { AssignResult, OperatorCall } from "../../../src/api/pianificazione.endpoints";
import {
  type AssignmentCalls,
  isInProgress,
  noticeForTurno,
  opKey,
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

/** Calls that wait until the test settles them. */
function controlledCalls() {
  const pending: { kind: string; call: OperatorCall; flag: boolean; d: Deferred<AssignResult> }[] = [];
  const reloads: number[] = [];
  const notices: unknown[] = [];
  const calls: AssignmentCalls = {
    assign: (call, add) => {
      const d = deferred<AssignResult>();
      pending.push({ kind: "assign", call, flag: add, d });
      return d.promise;
    },
    confirm: (call, confirm) => {
      const d = deferred<AssignResult>();
      pending.push({ kind: "confirm", call, flag: confirm, d });
      return d.promise;
    },
    reload: async () => {
      reloads.push(Date.now());
    },
    notify: (n) => notices.push(n),
  };
  return { calls, pending, reloads, notices };
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

    actor.send({ type: "UNCONFIRM", ...ref, confermato: true });
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
    actor.send({ type: "UNASSIGN", ...ref, confermato: true });
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
      expect(actor.getSnapshot().value).toBe("reloadScheduled");
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
    expect(actor.getSnapshot().value).toBe("idle");
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
    expect(actor.getSnapshot().value).toBe("reloadScheduled");
    spy.mockRestore();
  });

  test("a 409 refusal and the warnings of an accepted call become notices for the grid and the toast", async () => {
    const spy = jest.spyOn(console, "error").mockImplementation(() => {});
    const { calls, pending, notices } = controlledCalls();
    const { actor } = start(calls);
    actor.send({ type: "ASSIGN", ...ref });
    pending[0].d.reject({
      status: 409,
      data: { detail: "L'operatore è già assegnato a un turno sovrapposto", reason: "sovrapposizione" },
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
});
