/**
 * The service screen's assignment actor (src/machines/assignment.machine.ts) with the real calls,
 * traced in the session's trace registry; the 409 refusals and 200 warnings become toasts.
 */
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { useStore } from "react-redux";
import type { AppStore } from "../../app/store";
import { notify } from "../../app/toaster";
import { assignmentCalls } from "../../machines/assignment/assignment.services";
import { type Notice, provideAssignmentCalls } from "../../machines/assignment.machine";
import { combinedInspect } from "../../machines/inspector";
import { createTraceRecorder, unregisterTrace } from "../../machines/trace";

function showNotice(n: Notice) {
  const text = n.messages.join(" · ");
  if (n.kind === "error") notify.error("Assegnazione rifiutata", text);
  else notify.warning("Attenzione", text);
}

export function useAssignment(idContratto: string, idServizio: string) {
  const store = useStore() as AppStore;
  const logic = useMemo(() => provideAssignmentCalls(assignmentCalls(store, showNotice)), [store]);
  const traceName = `assignment:${idServizio}`;
  const recorder = useMemo(() => createTraceRecorder(traceName), [traceName]);
  useEffect(() => () => unregisterTrace(traceName), [traceName]);
  const actor = useActorRef(logic, { input: { idContratto, idServizio }, inspect: combinedInspect(recorder) });
  const inProgress = useSelector(actor, (s) => s.context.inProgress);
  const notices = useSelector(actor, (s) => s.context.notices);
  return { actor, inProgress, notices };
}

export type AssignmentActor = ReturnType<typeof useAssignment>["actor"];
