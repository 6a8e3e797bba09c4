/**
 * The notification polling machine on a SimulatedClock with a stubbed poll: first fetch when it
 * starts (the session invokes it on login: test/src/machines/session.machine.test.ts), the next
 * after 120 s, RELOAD on demand, no replacement when the data are equal, failures only logged with
 * the previous data kept, nothing fetched without the capability, a restart when the permissions
 * change what the user may see.
 */
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { ProblemNotification } from "../../../src/api/console/notifiche.endpoints";
import {
  notificationsMachine,
  POLL_MS,
  type PollRequest,
  type PollResult,
  sameData,
} from "../../../src/machines/notifications.machine";

const ADMIN = ["erp_admin"];

function problem(id: number, name: string, at: string): ProblemNotification {
  return { id, operatore: { id: 100 + id, full_name: name }, data_ora: at };
}

const ok = <T>(data: T) => ({ ok: true as const, data });
const failed = (message: string) => ({ ok: false as const, message });

async function settle() {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
}

/** A started actor for a user with `permissions`, whose poll answers from `answers` in order (the last one repeats). */
function setup(answers: Array<PollResult | Error>, permissions: string[] = ADMIN) {
  const requests: PollRequest[] = [];
  const failures: Array<{ call: string; message: string }> = [];
  let i = 0;
  const machine = notificationsMachine.provide({
    actors: {
      poll: fromPromise<PollResult, PollRequest>(async ({ input }) => {
        requests.push(input);
        const a = answers[Math.min(i++, answers.length - 1)];
        if (a instanceof Error) throw a;
        // A fresh copy each time, as a new HTTP answer would be.
        return structuredClone(a);
      }),
    },
    actions: { logFailure: (_, params) => failures.push(params) },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: { permissions } });
  actor.start();
  return { actor, clock, requests, failures };
}

const ONE = [problem(1, "Giuseppe Russo", "2026-03-10 08:15:00")];
const TWO = [problem(2, "Anna Ferrari", "2026-03-10 09:00:00"), ...ONE];

describe("notifications machine", () => {
  it("fetches at start, then again only after 120000 ms", async () => {
    const { actor, clock, requests } = setup([{ problems: ok(ONE), summary: ok(3) }]);
    await settle();
    expect(requests).toEqual([{ problems: true, summary: true }]);
    expect(actor.getSnapshot().value).toEqual({ polling: "waiting" });
    expect(actor.getSnapshot().context).toMatchObject({ problems: ONE, unread: 3, rounds: 1 });

    clock.increment(POLL_MS - 1);
    await settle();
    expect(requests).toHaveLength(1);
    clock.increment(1);
    await settle();
    expect(requests).toHaveLength(2);
    clock.increment(POLL_MS);
    await settle();
    expect(requests).toHaveLength(3);
    expect(actor.getSnapshot().context.rounds).toBe(3);
  });

  it("replaces the stored notifications only when they differ", async () => {
    const { actor, clock } = setup([
      { problems: ok(ONE), summary: ok(3) },
      { problems: ok(ONE), summary: ok(3) },
      { problems: ok(TWO), summary: ok(4) },
    ]);
    await settle();
    const first = actor.getSnapshot().context.problems;
    const seen: unknown[] = [];
    actor.subscribe((s) => seen.push(s.context.problems));

    clock.increment(POLL_MS);
    await settle();
    expect(actor.getSnapshot().context.rounds).toBe(2);
    expect(actor.getSnapshot().context.problems).toBe(first); // equal data: same object kept
    expect(seen.every((p) => p === first)).toBe(true);

    clock.increment(POLL_MS);
    await settle();
    expect(actor.getSnapshot().context.problems).toEqual(TWO);
    expect(actor.getSnapshot().context.unread).toBe(4);
  });

  it("keeps the previous data when a call fails, and only logs it", async () => {
    const { actor, clock, failures } = setup([
      { problems: ok(ONE), summary: ok(3) },
      { problems: failed("Errore 500"), summary: failed("Impossibile contattare il server") },
      new Error("rete assente"),
      { problems: ok(TWO), summary: failed("Errore 502") },
    ]);
    await settle();
    clock.increment(POLL_MS);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ problems: ONE, unread: 3, rounds: 2 });
    expect(failures).toEqual([
      { call: "problemi-attivi", message: "Errore 500" },
      { call: "summary", message: "Impossibile contattare il server" },
    ]);

    // Even a poll that throws leaves the data and keeps polling.
    clock.increment(POLL_MS);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ polling: "waiting" });
    expect(actor.getSnapshot().context).toMatchObject({ problems: ONE, unread: 3 });
    expect(failures.at(-1)).toEqual({ call: "aggiornamento", message: "rete assente" });

    clock.increment(POLL_MS);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ problems: TWO, unread: 3 });
  });

  it("RELOAD fetches at once and restarts the 120 s wait", async () => {
    const { actor, clock, requests } = setup([{ problems: ok(ONE), summary: ok(1) }]);
    await settle();
    clock.increment(60_000);
    actor.send({ type: "RELOAD" });
    await settle();
    expect(requests).toHaveLength(2);
    clock.increment(POLL_MS - 1);
    await settle();
    expect(requests).toHaveLength(2);
    clock.increment(1);
    await settle();
    expect(requests).toHaveLength(3);
  });

  it("asks only what the user may see", async () => {
    const tickets = setup([{ problems: null, summary: ok(2) }], ["erp_ticket-supporto"]);
    await settle();
    expect(tickets.requests).toEqual([{ problems: false, summary: true }]);
    expect(tickets.actor.getSnapshot().context).toMatchObject({ problems: [], unread: 2 });

    const planner = setup([{ problems: ok(ONE), summary: ok(2) }], ["erp_contratti"]);
    planner.clock.increment(POLL_MS * 2);
    await settle();
    expect(planner.actor.getSnapshot().value).toBe("notPermitted");
    expect(planner.requests).toEqual([]);
  });
});

describe("sameData", () => {
  it("compares JSON values structurally", () => {
    expect(sameData(TWO, structuredClone(TWO))).toBe(true);
    expect(sameData(ONE, TWO)).toBe(false);
    expect(sameData([problem(1, "A", "x")], [problem(1, "B", "x")])).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData(null, null)).toBe(true);
  });
});
