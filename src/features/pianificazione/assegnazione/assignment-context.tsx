/**
 * The service screen's assignment actor (src/machines/assignment.machine.ts) with the real calls,
 * traced as "assignment:<idServizio>", for the grid and the advanced pages: `AssignmentScope`
 * creates one per service — keyed by the service id, so another service gets a fresh actor, never
 * the previous one's state — and the cells and rows read it with `useAssignmentState` and send it
 * events. The 409 refusals and 200 warnings, the bulk and consolidation outcomes become toasts.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { createContext, type ReactNode, useContext, useEffect, useMemo } from "react";
import { useStore } from "react-redux";
import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { AppStore } from "../../../lib/store-types";
import { notify } from "../../../lib/toaster";
import { assignmentCalls } from "../../../machines/assignment/assignment.services";
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

/** The assignment actor of one service for the screens inside. */
export function AssignmentScope(props: ScopeProps) {
  return <AssignmentProvider key={`${props.idContratto}/${props.idServizio}`} {...props} />;
}

export function useAssignmentActor(): AssignmentActor {
  const actor = useContext(AssignmentContext);
  if (!actor) throw new Error("useAssignmentActor fuori da AssignmentScope");
  return actor;
}

export function useAssignmentState<T>(selector: (s: AssignmentSnapshot) => T): T {
  return useSelector(useAssignmentActor(), selector);
}
