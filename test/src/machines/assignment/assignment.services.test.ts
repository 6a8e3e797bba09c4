/**
 * The assignment machine with its real calls (src/machines/assignment/assignment.services.ts:
 * RTK Query through a real store, the msw backend) on a SimulatedClock for the 2 s debounce.
 * The reload waits for the data: while the service's GET is held back the machine stays in
 * `reloading`, counts no reload, and a change settling meanwhile schedules another reload whose
 * data the machine waits for too. (Before, the reload only invalidated the tags and returned at
 * once: `reloading` lasted one tick and the guard for changes during a reload never fired.)
 */
import { HttpResponse, http } from "msw";
import { createActor, SimulatedClock, waitFor } from "xstate";
import { issueMockToken } from "../../../../mocks/http";
import { serviziApi } from "../../../../src/api/pianificazione/servizi.endpoints";
import { tokenStorage } from "../../../../src/api/token-storage";
import { makeStore } from "../../../../src/app/store";
import { assignmentCalls } from "../../../../src/machines/assignment/assignment.services";
import { provideAssignmentCalls, RELOAD_DEBOUNCE_MS } from "../../../../src/machines/assignment.machine";
import { setupMockServer } from "../../helpers/msw";

const server = setupMockServer();

const SERVIZIO = { idContratto: 1, idServizio: 1, dal: "2026-03-01", al: "2026-03-31" };
// Monday's afternoon shift: Esposito Giulia (2) assigned, not confirmed.
const GIULIA = { idGiorno: 101, idTurno: 1002, idOperatore: 2 };

/** Polls a condition outside the machine (xstate's waitFor only looks at its snapshots). */
async function until(ok: () => boolean) {
  for (let i = 0; i < 500 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
}

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};

/** Holds the service's GETs until `release()`; counts them. */
function holdServiceGets() {
  const held: (() => void)[] = [];
  let gets = 0;
  server.use(
    http.get("*/api/pianificazione/contratti/1/servizi/1/", async () => {
      gets++;
      await new Promise<void>((resolve) => held.push(resolve));
      return undefined; // then the mock backend answers
    }),
  );
  return {
    gets: () => gets,
    release: () => {
      for (const r of held.splice(0)) r();
    },
  };
}

function giuliaConfirmed(store: ReturnType<typeof makeStore>): boolean | undefined {
  const data = serviziApi.endpoints.servizio.select(SERVIZIO)(store.getState()).data;
  const turno = data?.giorni.find((g) => g.id === GIULIA.idGiorno)?.turni.find((t) => t.id === GIULIA.idTurno);
  return turno?.operatori.find((o) => o.id === GIULIA.idOperatore)?.confermato;
}

test("the reload resolves when the service's data have arrived; a change during it schedules another one", async () => {
  tokenStorage.set(issueMockToken(1));
  const store = makeStore();
  const grid = store.dispatch(serviziApi.endpoints.servizio.initiate(SERVIZIO)); // the grid's subscription
  await grid.unwrap();
  const hold = holdServiceGets();
  const clock = new SimulatedClock();
  const actor = createActor(provideAssignmentCalls(assignmentCalls(store)), {
    input: { idContratto: 1, idServizio: 1 },
    clock,
  });
  actor.start();
  const settled = () => waitFor(actor, (s) => s.context.inProgress.length === 0, { timeout: 5000 });

  actor.send({ type: "CONFIRM", ...GIULIA, status: "assigned" });
  await settled();
  expect(giuliaConfirmed(store)).toBe(true); // the cache is patched at once
  clock.increment(RELOAD_DEBOUNCE_MS);
  await until(() => hold.gets() === 1);
  await flush();
  // The GET is on its way: the machine is still reloading and has counted nothing.
  expect(actor.getSnapshot().value).toMatchObject({ reload: "reloading" });
  expect(actor.getSnapshot().context.reloads).toBe(0);

  // The planner takes the confirmation back while the data are being fetched.
  actor.send({ type: "UNCONFIRM", ...GIULIA, status: "confirmed" });
  await settled();
  expect(actor.getSnapshot().value).toMatchObject({ reload: "scheduled" });
  hold.release();
  await flush();
  expect(actor.getSnapshot().context.reloads).toBe(0); // that answer may predate the change

  clock.increment(RELOAD_DEBOUNCE_MS);
  await until(() => hold.gets() === 2);
  await flush();
  expect(actor.getSnapshot().value).toMatchObject({ reload: "reloading" });
  hold.release();
  await waitFor(actor, (s) => s.context.reloads === 1, { timeout: 5000 });
  expect(actor.getSnapshot().value).toMatchObject({ reload: "idle" });
  expect(giuliaConfirmed(store)).toBe(false); // the server's truth
  actor.stop();
  grid.unsubscribe();
});

test("a failed reload is logged and counts nothing", async () => {
  tokenStorage.set(issueMockToken(1));
  const store = makeStore();
  const grid = store.dispatch(serviziApi.endpoints.servizio.initiate(SERVIZIO));
  await grid.unwrap();
  server.use(
    http.get("*/api/pianificazione/contratti/1/servizi/1/", () =>
      HttpResponse.json({ detail: "Errore interno" }, { status: 500 }),
    ),
  );
  const error = jest.spyOn(console, "error").mockImplementation(() => {});
  const clock = new SimulatedClock();
  const actor = createActor(provideAssignmentCalls(assignmentCalls(store)), {
    input: { idContratto: 1, idServizio: 1 },
    clock,
  });
  actor.start();
  actor.send({ type: "RELOAD_NOW" });
  await waitFor(actor, (s) => s.matches({ reload: "idle" }), { timeout: 5000 });
  expect(actor.getSnapshot().context.reloads).toBe(0);
  expect(error).toHaveBeenCalledWith("Assegnazione: ricaricamento del servizio non riuscito", expect.anything());
  error.mockRestore();
  actor.stop();
  grid.unsubscribe();
});
