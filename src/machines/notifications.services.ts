/**
 * The real `poll` of the notifications machine: the requested calls through RTK Query (no cache:
 * every round asks the server), run side by side; each failure becomes its message.
 */
import { fromPromise } from "xstate";
import { errorMessage } from "../api/base";
import { notificheApi, type ProblemNotification } from "../api/console/notifiche.endpoints";
import type { AppStore } from "../lib/store-types";
import { type CallOutcome, notificationsMachine, type PollRequest, type PollResult } from "./notifications.machine";

async function outcome<T>(run: () => Promise<T>): Promise<CallOutcome<T>> {
  try {
    return { ok: true, data: await run() };
  } catch (err) {
    return { ok: false, message: errorMessage(err) };
  }
}

export function notificationsPoll(store: AppStore) {
  const problemi = async (): Promise<ProblemNotification[]> => {
    const sub = store.dispatch(notificheApi.endpoints.problemiAttivi.initiate(undefined, { forceRefetch: true }));
    try {
      return await sub.unwrap();
    } finally {
      sub.unsubscribe();
    }
  };
  const nonLetti = async (): Promise<number> => {
    const sub = store.dispatch(notificheApi.endpoints.ticketSummary.initiate(undefined, { forceRefetch: true }));
    try {
      return (await sub.unwrap()).result;
    } finally {
      sub.unsubscribe();
    }
  };
  return fromPromise<PollResult, PollRequest>(async ({ input }) => {
    const [problems, summary] = await Promise.all([
      input.problems ? outcome(problemi) : null,
      input.summary ? outcome(nonLetti) : null,
    ]);
    return { problems, summary };
  });
}

/** The notifications machine wired to the store. */
export function appNotificationsMachine(store: AppStore) {
  return notificationsMachine.provide({ actors: { poll: notificationsPoll(store) } });
}
