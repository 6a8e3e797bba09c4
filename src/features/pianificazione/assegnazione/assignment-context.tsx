/**
 * The service screen's assignment actor (src/machines/assignment.machine.ts) with the real calls,
 * traced as "assignment:<idServizio>", for the grid and the advanced pages: `AssignmentScope`
 * creates one per service — keyed by the service id, so another service gets a fresh actor, never
 * the previous one's state — and the cells and rows read it with `useAssignmentState` and send it
 * events. The 409 refusals and 200 warnings, the bulk and consolidation outcomes become toasts.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo } from "react";
import { useStore } from "react-redux";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { AppStore } from "../../../lib/store-types";
import { notify } from "../../../lib/toaster";
import { assignmentCalls } from "../../../machines/assignment/assignment.services";
import { refetchService } from "../../../machines/assignment/service-cache";
import {
  type Announcement,
  type AssignmentMachine,
  type Notice,
  provideAssignmentCalls,
} from "../../../machines/assignment.machine";
import { combinedInspect } from "../../../machines/inspector";
import { createTraceRecorder, unregisterTrace } from "../../../machines/trace";
import { MSG } from "../common/messages";

export type AssignmentActor = ActorRefFrom<AssignmentMachine>;
export type AssignmentSnapshot = SnapshotFrom<AssignmentMachine>;

function showNotice(n: Notice) {
  const text = n.messages.join(" · ");
  if (n.kind === "error") notify.error("Assegnazione rifiutata", text);
  else notify.warning("Attenzione", text);
}

function showAnnouncement(a: Announcement) {
  if (a.kind === "failed") notify.error(MSG.requestError(a.failure.message));
  else if (a.kind === "period") {
    if (a.report.confermati > 0) notify.success(MSG.saved);
  } else if (a.kind === "operatorPeriod") {
    if (a.report.eseguiti.length > 0) notify.success(MSG.savedReload);
  } else if (a.kind === "consolidation" || a.report.assegnati.length > 0) notify.success(MSG.saved);
}

const AssignmentContext = createContext<AssignmentActor | null>(null);

interface ScopeProps {
  idContratto: string;
  idServizio: string;
  children: ReactNode;
}

function AssignmentProvider({ idContratto, idServizio, children }: ScopeProps) {
  const store = useStore() as AppStore;
  const logic = useMemo(
    () => provideAssignmentCalls(assignmentCalls(store, { notify: showNotice, announce: showAnnouncement })),
    [store],
  );
  const traceName = `assignment:${idServizio}`;
  const recorder = useMemo(() => createTraceRecorder(traceName), [traceName]);
  useEffect(() => () => unregisterTrace(traceName), [traceName]);
  const actor = useActorRef(logic, { input: { idContratto, idServizio }, inspect: combinedInspect(recorder) });
  return <AssignmentContext.Provider value={actor}>{children}</AssignmentContext.Provider>;
}

/**
 * The assignment actor of one service for the screens inside. A scope inside another of the same
 * service (the grid inside the service's page, whose header edits the plan too) uses the outer one:
 * one actor, one reload, per service on screen.
 */
export function AssignmentScope(props: ScopeProps) {
  const outer = useContext(AssignmentContext);
  const input = outer?.getSnapshot().context;
  if (input && String(input.idServizio) === props.idServizio && String(input.idContratto) === props.idContratto)
    return <>{props.children}</>;
  return <AssignmentProvider key={`${props.idContratto}/${props.idServizio}`} {...props} />;
}

/**
 * Runs a change of the plan (a day, a shift, the service's period) and, once the server has taken
 * it, has the service's assignment actor reload it at once (RELOAD_NOW): the same reload as the
 * assignments', in the machine. Outside a scope (a screen without the grid) the service's cached
 * queries are fetched again by the same function the machine uses.
 */
export function usePlanEdit(idServizio: string): <T>(change: Promise<T>) => Promise<T> {
  const reload = usePlanReload();
  return useCallback(
    async <T,>(change: Promise<T>) => {
      const result = await change;
      reload([idServizio]);
      return result;
    },
    [reload, idServizio],
  );
}

/** Reloads services whose plan changed: the one on screen through its actor, the others' cached data directly. */
export function usePlanReload(): (servizi: (number | string)[]) => void {
  const actor = useContext(AssignmentContext);
  const store = useStore() as AppStore;
  return useCallback(
    (servizi) => {
      const shown = actor ? String(actor.getSnapshot().context.idServizio) : null;
      for (const s of servizi) {
        if (actor && String(s) === shown) actor.send({ type: "RELOAD_NOW" });
        else void refetchService(store, s).catch(() => undefined);
      }
    },
    [actor, store],
  );
}

/** The assignment actor of the service on screen, or null on a screen without one (the contracts list). */
export function useOptionalAssignmentActor(): AssignmentActor | null {
  return useContext(AssignmentContext);
}

export function useAssignmentActor(): AssignmentActor {
  const actor = useContext(AssignmentContext);
  if (!actor) throw new Error("useAssignmentActor fuori da AssignmentScope");
  return actor;
}

export function useAssignmentState<T>(selector: (s: AssignmentSnapshot) => T): T {
  return useSelector(useAssignmentActor(), selector);
}
